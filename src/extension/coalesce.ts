// Coalesces bursts (a transcript append is often several writes) into one run: trailing delay,
// with a ceiling so a steady stream of appends still shows progress.
export class Coalescer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstAt: number | undefined;
  private disposed = false;

  constructor(
    private readonly run: () => void,
    private readonly delayMs = 150,
    private readonly maxWaitMs = 1000,
  ) {}

  schedule(): void {
    if (this.disposed) return;
    const now = Date.now();
    this.firstAt ??= now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.delayMs, this.firstAt + this.maxWaitMs - now));
    this.timer = setTimeout(() => this.fire(), wait);
  }

  /** Drops what is scheduled (the caller is about to do the work itself). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.firstAt = undefined;
  }

  private fire(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.firstAt = undefined;
    if (!this.disposed) this.run();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
