// A settings change the person made through the meter's own commands (uninstall) goes through the
// ConfigChange gate of a running session: uninstall, which only the person may run, leaves a pass
// naming each file it rewrote and the exact view it left there. Any other content of that file is
// still refused, and a pass lasts a few minutes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { canonicalJson, type SettingsView } from '../core/install/configRule';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { realOr, sha256, viewOfFile } from './sessionSettingsView';

const PASS_FILE = join(STATE_DIR, 'settings-pass.json');
export const PASS_MS = 5 * 60 * 1000;

const passSchema = z.object({
  version: z.literal(1),
  at: z.string(),
  files: z.array(z.object({ path: z.string(), view: z.string() })),
});

const viewDigest = (v: SettingsView): string => sha256(canonicalJson(v));

/** Records the files as they are now; called by uninstall after it wrote them. */
export function passSettingsChange(workspace: string, paths: readonly string[], now = new Date()): void {
  const files = paths.map((path) => ({ path, view: viewDigest(viewOfFile(path)) }));
  writeFileAtomic(join(workspace, PASS_FILE), JSON.stringify({ version: 1, at: now.toISOString(), files }) + '\n');
}

/** Whether the file's current view is one the person's uninstall left there in the last few minutes. */
export function isPassed(workspace: string, path: string, view: SettingsView, now: Date): boolean {
  try {
    const r = passSchema.safeParse(JSON.parse(readFileSync(join(workspace, PASS_FILE), 'utf8')));
    if (!r.success) return false;
    const age = now.getTime() - Date.parse(r.data.at);
    if (!(age >= 0 && age <= PASS_MS)) return false;
    const d = viewDigest(view);
    const real = realOr(path);
    return r.data.files.some((f) => (f.path === path || realOr(f.path) === real) && f.view === d);
  } catch {
    return false;
  }
}
