import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { readPlanCached } from '../../../src/workspace/planCache';
import { setAt, type JsonPath } from '../helpers/jsonEdit';

// One item with a proof and one without, so the entry holds items and findings both.
const PLAN = '# Cached\n\n## Steps\n- S1. Build. Proof: `npm run build`\n- S2. Tidy up.\n';

interface Entry {
  version: number;
  plan: { title: string | null };
}

function setUp(): { plan: string; cacheDir: string; cacheFile: string; entry: () => Entry } {
  const dir = mkdtempSync(join(tmpdir(), 'pm-plancache-'));
  const plan = join(dir, 'PLAN.md');
  writeFileSync(plan, PLAN);
  const cacheDir = join(dir, 'scan');
  const cacheFile = join(cacheDir, 'plan.json');
  readPlanCached(plan, cacheDir);
  return { plan, cacheDir, cacheFile, entry: () => JSON.parse(readFileSync(cacheFile, 'utf8')) as Entry };
}

describe('plan cache', () => {
  it('the saved plan is used while the file is unchanged', () => {
    const s = setUp();
    const e = s.entry();
    e.plan.title = 'from the cache';
    writeFileSync(s.cacheFile, JSON.stringify(e));
    assert.equal(readPlanCached(s.plan, s.cacheDir).title, 'from the cache');
  });

  describe('an entry for the current file that parses but has the wrong shape is parsed again and rewritten', () => {
    const cases: Array<{ name: string; path: JsonPath; value: unknown }> = [
      { name: 'the entry is null', path: [], value: null },
      { name: 'the plan is missing', path: ['plan'], value: undefined },
      { name: 'an item is null', path: ['plan', 'items', 0], value: null },
      { name: 'an item has no key', path: ['plan', 'items', 0, 'key'], value: undefined },
      { name: 'a proof is a bare string', path: ['plan', 'items', 0, 'proof'], value: 'npm run build' },
      { name: 'a proof is of an unknown kind', path: ['plan', 'items', 0, 'proof'], value: { kind: 'magic' } },
      { name: 'an owner is unknown', path: ['plan', 'items', 0, 'owner'], value: 'robot' },
      { name: 'a line is text', path: ['plan', 'items', 0, 'line'], value: '4' },
      { name: 'the findings are not a list', path: ['plan', 'findings'], value: 'none' },
      { name: 'a finding has an unknown rule', path: ['plan', 'findings', 0, 'rule'], value: 'made-up' },
      { name: 'the title is a number', path: ['plan', 'title'], value: 5 },
      // Well formed, but written by an older or newer meter (the shape before versions had none).
      { name: 'the entry has no version', path: ['version'], value: undefined },
      { name: 'the entry is of another version', path: ['version'], value: 99 },
    ];
    for (const c of cases) {
      it(c.name, () => {
        // Parsed here, not while the file loads: a mutant is active only while the tests that reach
        // it run, so a plan parsed in the describe body would always come from unmutated code.
        const fresh = parsePlan(PLAN);
        const s = setUp();
        const e = s.entry();
        // A stale title too: an entry read back as it is would show it.
        if (c.path[0] === 'version') e.plan.title = 'stale';
        writeFileSync(s.cacheFile, JSON.stringify(setAt(e, c.path, c.value)));
        assert.deepEqual(readPlanCached(s.plan, s.cacheDir), fresh);
        assert.deepEqual(s.entry().plan, fresh, 'the entry was rebuilt from the plan file');
        assert.deepEqual(readPlanCached(s.plan, s.cacheDir), fresh);
      });
    }
  });
});
