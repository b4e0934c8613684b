// When a stop block continues a run of blocks and when it starts a new one, and what the counts
// folder keeps (stopState.ts; mutation testing found these rules unguarded).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordBlock, resetBlocks, stopBlocksDir, stopStatePath } from '../../../src/hooks/stopState';
import { z } from 'zod';
import { workspace } from './helpers';

const NOW = new Date('2026-12-01T10:00:00.000Z');
const DAY = 24 * 3600 * 1000;

describe('runs of stop blocks', () => {
  // [first prompt id, second prompt id, is the second stop active, count of the second block]
  const runs: Array<[string | null, string | null, boolean, number]> = [
    ['p1', 'p1', true, 2],
    ['p1', 'p2', true, 1],
    ['p1', null, true, 2],
    [null, 'p2', true, 2],
    ['p1', 'p1', false, 1],
  ];
  for (const [first, second, active, want] of runs) {
    it(`a block for prompt ${second} after one for ${first}${active ? ' while the stop hook is active' : ', a fresh stop'} is block ${want}`, () => {
      const ws = workspace().ws;
      assert.equal(recordBlock(ws, 's1', first, true, NOW), 1);
      assert.equal(recordBlock(ws, 's1', second, active, NOW), want);
    });
  }

  it("the session's file holds its count as one JSON line, and the folder keeps itself out of git", () => {
    const ws = workspace().ws;
    recordBlock(ws, 's1', 'p1', true, NOW);
    assert.deepEqual(readFileSync(stopStatePath(ws, 's1'), 'utf8').split('\n').map((l) => (l ? z.object({ blocks: z.number() }).parse(JSON.parse(l)).blocks : l)), [1, '']);
    assert.equal(readFileSync(join(stopBlocksDir(ws), '.gitignore'), 'utf8'), '# Proofmeter stop-block counts: runtime records, never committed.\n*\n');
  });

  it('a reset ends the run and prunes the counts of other sessions a week old, keeping younger ones and other files', () => {
    const ws = workspace().ws;
    recordBlock(ws, 'old', 'p', true, NOW);
    recordBlock(ws, 'young', 'p', true, NOW);
    recordBlock(ws, 's1', 'p', true, NOW);
    const week = new Date(NOW.getTime() - 7 * DAY - 1000);
    utimesSync(stopStatePath(ws, 'old'), week, week);
    const notes = join(stopBlocksDir(ws), 'notes.txt');
    writeFileSync(notes, 'x');
    utimesSync(notes, week, week);
    resetBlocks(ws, 's1', NOW);
    assert.equal(existsSync(stopStatePath(ws, 's1')), false);
    assert.equal(existsSync(stopStatePath(ws, 'old')), false);
    assert.equal(existsSync(stopStatePath(ws, 'young')), true);
    assert.deepEqual(readdirSync(stopBlocksDir(ws)).sort(), ['.gitignore', `${stopStatePath(ws, 'young').split('/').pop()}`, 'notes.txt'].sort());
  });

  it('a block prunes too, and a count exactly a week old is kept', () => {
    const ws = workspace().ws;
    recordBlock(ws, 'old', 'p', true, NOW);
    recordBlock(ws, 'edge', 'p', true, NOW);
    const old = new Date(NOW.getTime() - 8 * DAY);
    const edge = new Date(NOW.getTime() - 7 * DAY);
    utimesSync(stopStatePath(ws, 'old'), old, old);
    utimesSync(stopStatePath(ws, 'edge'), edge, edge);
    recordBlock(ws, 's1', 'p', true, NOW);
    assert.equal(existsSync(stopStatePath(ws, 'old')), false);
    assert.equal(existsSync(stopStatePath(ws, 'edge')), true);
  });
});
