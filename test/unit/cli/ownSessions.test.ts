// `proofmeter tally` in a workspace counts only the workspace's own sessions, and never a saved
// scan state over what its transcript says (the recorded demo session, project /home/dev/demo/proj).
import { strict as assert } from 'node:assert';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Tally } from '../../../src/core/tally/tallySchema';
import { scanEntry } from '../../../src/workspace/scanEntry';
import { projectSlug } from '../../../src/workspace/transcriptFiles';
import { cli } from '../helpers/cli';
import { tallyJson } from '../helpers/cliJson';
import { FIXTURES, recordedTranscript } from '../helpers/fixtures';
import { copyOwn } from '../helpers/ownSession';

const demo = recordedTranscript('demo');
const subagents = join(dirname(demo), readdirSync(dirname(demo)).find((n) => !n.endsWith('.jsonl'))!);

async function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'pm-own-'));
  const ws = join(root, 'proj');
  const home = join(root, 'home');
  mkdirSync(ws, { recursive: true });
  copyFileSync(join(FIXTURES, 'recorded', 'demo', 'PLAN.md'), join(ws, 'PLAN.md'));
  const env = { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: '' };
  const a = await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
  assert.equal(a.code, 0, a.err);
  const dir = join(home, '.claude', 'projects', projectSlug(ws));
  mkdirSync(dir, { recursive: true });
  return { ws, env, dir };
}

type W = Awaited<ReturnType<typeof workspace>>;
/** This workspace's own session: the demo as if recorded here after the freeze. */
const own = (w: W, name = 'own.jsonl') => copyOwn(demo, join(w.dir, name), w.ws);
/** A session of another project copied in as recorded, with its subagent's file. */
function foreign(w: W, name = 'copied.jsonl') {
  copyOwn(demo, join(w.dir, name), '/home/dev/demo/proj');
  cpSync(subagents, join(w.dir, name.replace(/\.jsonl$/, '')), { recursive: true });
}
const tally = async (w: W) => tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
const states = (t: Tally) => Object.fromEntries(t.items.map((i) => [i.id, i.state]));

describe('a workspace counts only its own sessions', () => {
  const table: Array<{ name: string; add: (w: W) => void; S1: string; findings: string[] }> = [
    { name: 'its own session counts, with no finding', add: (w) => own(w), S1: 'proved', findings: [] },
    { name: 'a session of another project copied in counts for nothing and is reported', add: (w) => foreign(w), S1: 'unrun', findings: ['foreign-transcript warning copied.jsonl'] },
    { name: 'beside its own session, a copied one changes nothing and is reported', add: (w) => (own(w), foreign(w)), S1: 'proved', findings: ['foreign-transcript warning copied.jsonl'] },
  ];
  for (const row of table) {
    it(row.name, async () => {
      const w = await workspace();
      row.add(w);
      const t = await tally(w);
      assert.equal(states(t).S1, row.S1);
      assert.equal(t.verdict, 'not-done');
      assert.deepEqual(t.integrity.map((f) => `${f.kind} ${f.severity} ${f.file?.split('/').at(-1)}`), row.findings);
    });
  }

  it('the copied session’s subagent runs are ignored with it', async () => {
    const w = await workspace();
    foreign(w);
    const t = await tally(w);
    assert.deepEqual(t.ledger, []);
  });

  it('the text tally shows the finding before the verdict', async () => {
    const w = await workspace();
    foreign(w);
    const lines = (await cli(['tally'], { cwd: w.ws, env: w.env })).out.split('\n');
    assert.match(lines.at(-2)!, /^Integrity warning F-\w+: Session copied\.jsonl in this workspace's transcript folder was recorded in another folder \(\/home\/dev\/demo\/proj\)/);
    assert.match(lines.at(-1)!, /^verdict: NOT DONE/);
  });
});

describe('a run injected into the saved scan state of a workspace', () => {
  it('does not count: the tally equals a cache-free read, with a meter-tampered warning', async () => {
    const w = await workspace();
    own(w);
    const before = await tally(w);
    assert.equal(states(before).V2, 'unrun', 'V2 was only run by a subagent');
    const scan = join(w.ws, '.claude', 'proofmeter', 'scan');
    // The scan folder also holds git.json: a scan entry is what the meter's own schema reads as one.
    const entryOf = (n: string) => scanEntry.safeParse(JSON.parse(readFileSync(join(scan, n), 'utf8')));
    const name = readdirSync(scan).find((n) => n.endsWith('.json') && entryOf(n).data?.state.source === 'main')!;
    const entry = scanEntry.parse(JSON.parse(readFileSync(join(scan, name), 'utf8')));
    const real = entry.state.events.runs.find((r) => r.command === 'sh check.sh' && r.end?.kind === 'passed');
    assert.ok(real, 'the main session passed sh check.sh');
    entry.state.events.runs.push({ ...real, toolUseId: 'toolu_injected', command: 'sh suite.sh' });
    writeFileSync(join(scan, name), JSON.stringify(entry));

    const forged = await tally(w);
    assert.equal(states(forged).V2, 'unrun');
    assert.deepEqual(forged.integrity.map((f) => [f.kind, f.severity]), [['meter-tampered', 'warning']]);
    rmSync(scan, { recursive: true, force: true });
    const cacheFree = await tally(w);
    assert.deepEqual([forged.items, forged.ledger, forged.verdict], [cacheFree.items, cacheFree.ledger, cacheFree.verdict]);
  });
});
