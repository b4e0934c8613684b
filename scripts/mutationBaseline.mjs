// StrykerJS's incremental file, kept in the repository so a clean clone (and the next session)
// continues the mutation run instead of starting a full one: a whole run takes longer than a
// working session here. The file in .cache/ is what StrykerJS reads and writes; the committed
// copy is gzipped (the JSON carries the text of every mutated file and test file).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

export const BASELINE = 'test/mutation-incremental.json.gz';

/** Unpacks the committed results into `incremental` when there is none there yet. */
export function seedIncremental(incremental, baseline = BASELINE) {
  if (existsSync(incremental) || !existsSync(baseline)) return false;
  const json = gunzipSync(readFileSync(baseline));
  JSON.parse(json.toString('utf8')); // a damaged copy must not become StrykerJS's input
  mkdirSync(dirname(incremental), { recursive: true });
  writeAtomically(incremental, json);
  return true;
}

/** Packs `incremental` into the committed copy (after a run; commit it with the tests it scored). */
export function saveBaseline(incremental, baseline = BASELINE) {
  if (!existsSync(incremental)) return false;
  const json = readFileSync(incremental);
  JSON.parse(json.toString('utf8'));
  writeAtomically(baseline, gzipSync(json, { level: 9 }));
  return true;
}

function writeAtomically(path, bytes) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}
