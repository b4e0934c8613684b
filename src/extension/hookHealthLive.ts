// Hook health follows the hooks as they fire: each hook call appends one line to the state folder's
// health.jsonl (health.1.jsonl after a rotation), so a change there asks for the gates again (the
// caller runs `proofmeter doctor --json`, which reads those lines for "last fired"). A burst of hook
// calls (a tool call fires several) is one refresh: trailing delay, with a ceiling so a steady
// stream still shows. Kept free of the vscode module so the VS Code-free unit tests run it.
import { Coalescer } from './coalesce';
import { StateWatch } from './stateWatch';

/** The hooks' health files: health.jsonl and its rotated copy. */
export function isHealthFile(name: string): boolean {
  return /^health(?:\.\d+)?\.jsonl$/.test(name);
}

export class HookHealthLive {
  private readonly watch: StateWatch;
  private readonly coalescer: Coalescer;

  /** refresh: re-reads the gates; called at most once per burst of hook calls. */
  constructor(root: string, segments: readonly string[], refresh: () => void, opts: { delayMs?: number; maxWaitMs?: number } = {}) {
    this.coalescer = new Coalescer(refresh, opts.delayMs ?? 1000, opts.maxWaitMs ?? 3000);
    this.watch = new StateWatch(root, segments, () => this.coalescer.schedule(), isHealthFile);
  }

  dispose(): void {
    this.coalescer.dispose();
    this.watch.dispose();
  }
}
