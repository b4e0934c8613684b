// The evidence filters' edges, each row one fact (mutants StrykerJS left alive in filters.ts).
import { strict as assert } from 'node:assert';
import { afterFreeze, inRoot, trimSlash } from '../../../src/core/evidence/filters';
import type { BashRun } from '../../../src/core/types';

const at = (time: string | null) => ({ file: 't.jsonl', line: 1, time });
const run = (cwd: string | null | undefined): BashRun => ({ toolUseId: 't', command: 'npm test', at: at(null), source: 'main', sidechain: false, ...(cwd === undefined ? {} : { cwd }) });

describe('evidence filters', () => {
  const times: Array<[string | null, string | null, boolean, string]> = [
    ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', true, 'a record at the very time of the freeze counts'],
    ['2026-01-01T00:00:00.001Z', '2026-01-01T00:00:00.000Z', true, 'a record after the freeze counts'],
    ['2025-12-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z', false, 'a record before the freeze does not'],
    [null, '2026-01-01T00:00:00.000Z', true, 'a record without a time is ordered by its place alone'],
    ['2025-12-31T23:59:59.999Z', null, true, 'with no freeze time everything counts'],
  ];
  for (const [time, since, want, why] of times) it(`afterFreeze: ${why}`, () => assert.equal(afterFreeze(at(time), since), want));

  const slashes: Array<[string, string]> = [
    ['/', '/'],
    ['\\', '\\'],
    ['/w/', '/w'],
    ['/w', '/w'],
    ['C:\\w\\', 'C:\\w'],
    ['C:\\w', 'C:\\w'],
  ];
  for (const [path, want] of slashes) it(`trimSlash(${JSON.stringify(path)}) is ${JSON.stringify(want)}`, () => assert.equal(trimSlash(path), want));

  const roots: Array<[string | null | undefined, readonly string[] | null, boolean, string]> = [
    ['/w', null, true, 'no known root: the folder decides nothing'],
    [undefined, null, true, 'no known root, no folder: still nothing decided by the folder'],
    ['/w/', ['/w'], true, 'the root with a trailing slash is the root'],
    ['/w/sub', ['/w'], false, 'a subfolder is another folder'],
    [null, ['/w'], false, 'an unknown folder never counts'],
    [undefined, ['/w'], false, 'a run whose record names no folder never counts'],
  ];
  for (const [cwd, rs, want, why] of roots) it(`inRoot: ${why}`, () => assert.equal(inRoot(run(cwd), rs), want));
});
