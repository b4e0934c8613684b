// The mutation results survive a clean clone through the committed, gzipped copy.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { saveBaseline, seedIncremental } from '../../../scripts/mutationBaseline.mjs';

describe('the committed mutation results (scripts/mutationBaseline.mjs)', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'pm-baseline-'));

  it('a clone without results of its own starts from the committed ones', () => {
    const d = dir();
    const baseline = join(d, 'b.json.gz');
    writeFileSync(baseline, gzipSync('{"files":{"src/a.ts":{}}}'));
    const incremental = join(d, 'cache', 'stryker', 'incremental.json');
    assert.equal(seedIncremental(incremental, baseline), true);
    assert.equal(readFileSync(incremental, 'utf8'), '{"files":{"src/a.ts":{}}}');
  });

  it('results already in the cache are never replaced by the committed ones', () => {
    const d = dir();
    const baseline = join(d, 'b.json.gz');
    writeFileSync(baseline, gzipSync('{"old":true}'));
    const incremental = join(d, 'incremental.json');
    writeFileSync(incremental, '{"new":true}');
    assert.equal(seedIncremental(incremental, baseline), false);
    assert.equal(readFileSync(incremental, 'utf8'), '{"new":true}');
  });

  it('a damaged committed copy is refused and leaves no file for StrykerJS to read', () => {
    const d = dir();
    const baseline = join(d, 'b.json.gz');
    writeFileSync(baseline, gzipSync('{"files":'));
    const incremental = join(d, 'incremental.json');
    assert.throws(() => seedIncremental(incremental, baseline), SyntaxError);
    assert.equal(existsSync(incremental), false);
  });

  it('a run saves its results to the committed copy, which seeds the next clone', () => {
    const d = dir();
    const incremental = join(d, 'incremental.json');
    const baseline = join(d, 'b.json.gz');
    assert.equal(saveBaseline(incremental, baseline), false, 'nothing to save before a run');
    writeFileSync(incremental, '{"files":{}}');
    assert.equal(saveBaseline(incremental, baseline), true);
    const next = join(d, 'clone', 'incremental.json');
    assert.equal(seedIncremental(next, baseline), true);
    assert.equal(readFileSync(next, 'utf8'), '{"files":{}}');
  });
});
