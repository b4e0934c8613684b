// `npm start` runs the built CLI's demo on the recorded session: check the bundle, not the sources.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tallySchema } from '../../../src/core/tally/tallySchema';

const ROOT = resolve(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'proofmeter.js');

describe('the built CLI', () => {
  before(function () {
    this.timeout(60000);
    if (!existsSync(CLI)) execFileSync('node', ['esbuild.mjs'], { cwd: ROOT });
  });

  it('demo prints the tally of the recorded session and its status line', () => {
    const out = execFileSync('node', [CLI, 'demo'], { cwd: ROOT, encoding: 'utf8' });
    assert.match(out, /verdict: NOT DONE \(3 open\)\n/);
    assert.match(out, /Done: S1 S2 V1 V3\n/);
    assert.match(out, /Status line: ▰▰▰▰▱▱▱▱ 4\/7 · build ◐ · you: S4 S5\n$/);
  });

  it('--help works and check-plan exits 1 on a refused plan', () => {
    assert.match(execFileSync('node', [CLI, '--help'], { encoding: 'utf8' }), /check-plan FILE/);
    const r = spawnSync('node', [CLI, 'check-plan', join(ROOT, 'test', 'fixtures', 'plans', 'refused.md')], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stdout, /\[bare-name\]/);
  });

  it('tally --json of a plan against a transcript', () => {
    const plan = join(ROOT, 'test', 'fixtures', 'recorded', 'demo', 'PLAN.md');
    const dir = join(ROOT, 'test', 'fixtures', 'recorded', 'demo', 'transcripts', '-home-dev-demo-proj');
    const transcript = join(dir, readdirSync(dir).find((n) => n.endsWith('.jsonl'))!);
    const t = tallySchema.parse(JSON.parse(execFileSync('node', [CLI, 'tally', '--plan', plan, '--transcript', transcript, '--json'], { encoding: 'utf8', cwd: '/' })));
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.headline, { done: 4, total: 7 });
    const v3 = t.items.find((i) => i.id === 'V3');
    assert.equal(v3?.state, 'proved');
    assert.equal(v3?.run?.exit, 0);
  });
});
