// Runs from several transcripts are put in time order before the newest decides: the order the
// files are given in decides nothing (mutation testing found the sort unguarded).
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate, planOf, stateOf } from '../helpers/fixtures';
import { ran } from '../transcript/synth';

const PLAN = planOf({ S1: '`npm test`' });

describe('runs across transcripts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pm-across-'));
  const write = (name: string, lines: string[]) => {
    const f = join(dir, name);
    writeFileSync(f, lines.map((l) => l + '\n').join(''));
    return f;
  };
  // Written in this order, so the failing run's record times are the earlier ones.
  const failing = write('b-failing.jsonl', ran('toolu_1', 'npm test', { kind: 'failed', exitCode: 1 }));
  const passing = write('a-passing.jsonl', ran('toolu_2', 'npm test'));
  const orders: Array<[string, string[]]> = [
    ['the earlier file first', [failing, passing]],
    ['the later file first', [passing, failing]],
  ];
  for (const [name, files] of orders) {
    it(`the newer passing run proves the item, given ${name}`, () => assert.equal(stateOf(evaluate(PLAN, files), 'S1'), 'proved'));
  }
});
