// Every file the meter writes goes through here: write a temp file beside it, then rename, so a
// reader (a hook, the extension) never sees half a file and a crash never leaves one.
import { mkdirSync, renameSync, writeFileSync, unlinkSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  // The pid keeps concurrent processes apart; the random part, writes within one process.
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // the temp file may not exist; the original error is what matters
    }
    throw e;
  }
}
