// Recorded sessions made this workspace's own: a fixture was recorded in /home/dev/<name>/proj at
// its own time, and the meter counts only sessions started in the workspace after the goal froze.
import { readFileSync, writeFileSync } from 'node:fs';

export interface OwnOptions {
  /**
   * The time the session's first record moves to; every record keeps its distance from it.
   * Default: a minute from now, so a goal adopted just after the copy still comes before it.
   */
  startAt?: Date;
}

/**
 * `text` with every record's cwd moved from the recorded project root to `ws` (subfolders kept)
 * and every timestamp shifted by one delta. Only those fields change: paths in tool input, such
 * as edited files, stay as recorded.
 */
export function ownText(text: string, ws: string, opts: OwnOptions = {}): string {
  const first = /"cwd":"([^"]*)"/.exec(text)?.[1];
  let out = first === undefined ? text : text.split(`"cwd":"${first}`).join(`"cwd":"${ws}`);
  const t0 = /"timestamp":"([^"]+)"/.exec(out)?.[1];
  if (t0 !== undefined) {
    const delta = (opts.startAt ?? new Date(Date.now() + 60_000)).getTime() - Date.parse(t0);
    out = out.replace(/"timestamp":"([^"]+)"/g, (_m, t: string) => `"timestamp":"${new Date(Date.parse(t) + delta).toISOString()}"`);
  }
  return out;
}

/** Copies a transcript to `dest` as a session of `ws` (see ownText). */
export function copyOwn(src: string, dest: string, ws: string, opts: OwnOptions = {}): void {
  writeFileSync(dest, ownText(readFileSync(src, 'utf8'), ws, opts));
}
