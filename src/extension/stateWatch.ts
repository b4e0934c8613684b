// Watches a workspace's state folder (.claude/proofmeter) even while it, or .claude, does not exist
// yet: it watches the deepest folder of the path that exists and steps down as each next folder
// appears (and back up when one goes). VS Code's own file watcher missed a goal written by a
// terminal into a state folder created after the window opened; this one uses the OS watcher
// directly (inotify, FSEvents, ReadDirectoryChangesW) on one folder at a time, so it costs one
// handle and no polling. Kept free of the vscode module so the VS Code-free unit tests run it.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/**
 * The state folder's records the tally reads are its top-level JSON files (goal, seal, verify, ...);
 * the hooks' health lines, the scan cache and temporary files change often and change nothing shown.
 */
function tallyRecord(name: string): boolean {
  return name.endsWith('.json');
}

export class StateWatch {
  private watcher: FSWatcher | null = null;
  /** How many of `segments` the watched folder goes down: 0 is the workspace root. */
  private depth = -1;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** Off while the constructor arms: what exists at the start is the caller's to read. */
  private started = false;

  /**
   * root: the workspace folder; segments: the state folder below it (['.claude', 'proofmeter']).
   * onChange gets a short reason each time a watched file (or the state folder) may have changed;
   * `matters` picks the state folder's files that are watched (by default the tally's records).
   */
  constructor(
    private readonly root: string,
    private readonly segments: readonly string[],
    private readonly onChange: (why: string) => void,
    private readonly matters: (name: string) => boolean = tallyRecord,
  ) {
    this.arm();
    this.started = true;
  }

  /** The folder watched now (for the log and the tests). */
  get watching(): string | null {
    return this.watcher ? this.dirAt(this.depth) : null;
  }

  private dirAt(depth: number): string {
    return join(this.root, ...this.segments.slice(0, depth));
  }

  /** Watches the deepest existing folder; tells when that is the state folder and it is new. */
  private arm(): void {
    if (this.disposed) return;
    let depth = 0;
    while (depth < this.segments.length && existsSync(this.dirAt(depth + 1))) depth++;
    if (this.watcher && depth === this.depth) return;
    this.close();
    const dir = this.dirAt(depth);
    try {
      this.watcher = watch(dir, { persistent: false }, (_event, name) => this.onEvent(name ? String(name) : null));
      this.watcher.on('error', () => this.rearmSoon());
    } catch {
      // the folder went between the check and the watch (or the OS refused): try again shortly
      this.rearmSoon();
      return;
    }
    const cameDown = depth > this.depth;
    this.depth = depth;
    // The next folder may have been made between the look and the watch (a terminal's adopt makes
    // .claude and .claude/proofmeter in a moment): its event is lost, so look once more.
    if (depth < this.segments.length && existsSync(this.dirAt(depth + 1))) {
      this.arm();
      return;
    }
    // Files written before the watch was in place: the state folder appeared with its goal in it.
    if (this.started && cameDown && depth === this.segments.length) this.onChange('state folder appeared');
  }

  private onEvent(name: string | null): void {
    if (this.disposed) return;
    if (this.depth < this.segments.length) {
      // An ancestor: only the next folder of the path matters (or an event that names nothing),
      // and the watched folder itself going away.
      if (name === null || name === this.segments[this.depth] || !existsSync(this.dirAt(this.depth))) this.arm();
      return;
    }
    if (!existsSync(this.dirAt(this.depth))) {
      // The state folder went (deleted, or renamed away): watch higher up again.
      this.onChange('state folder removed');
      this.arm();
      return;
    }
    if (name === null || this.matters(name)) this.onChange(name ? `${name} changed` : 'state folder changed');
  }

  private rearmSoon(): void {
    this.close();
    this.depth = -1;
    if (this.disposed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.arm();
    }, 250);
  }

  private close(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  dispose(): void {
    this.disposed = true;
    if (this.retry) clearTimeout(this.retry);
    this.close();
  }
}
