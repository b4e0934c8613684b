// A goal sealed on another machine (issue 27, M7): a clone of a project whose goal.json was
// committed has no seal here. Real git repositories, a second HOME for the clone's machine, and
// the real built CLI for the person's reseal: the clone reads "sealed on another machine", not
// tampered; a goal that is not HEAD's blob byte for byte stays tampered; after the reseal it counts.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { statusLine, tallyText } from '../../../src/core/tally/format';
import { findingKindSchema } from '../../../src/core/findings/finding';
import { goalPath } from '../../../src/workspace/goalState';
import { checkSeal } from '../../../src/workspace/sealRecord/check';
import { outsideSealDir, realWorkspace } from '../../../src/workspace/sealRecord/paths';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { sealSchema } from '../../../src/core/sealRecord/record';
import { SEALED_ELSEWHERE_NOTICE, stopGate } from '../../../src/hooks/stopGate';
import { cli } from '../helpers/cli';
import { goalJson, tallyJson } from '../helpers/cliJson';

const ROOT = resolve(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'proofmeter.js');
// Claude's part is empty, so with commit and push done the verdict is ALL DONE exactly when nothing holds it.
const PLAN = '# Clone\n\n## Steps\n- H1. Ask. Proof: human — your answer names H1\n- H2. Check. Proof: human — your answer names H2\n';
const GOAL_REL = '.claude/proofmeter/goal.json';
const ACCEPTANCES_REL = '.claude/proofmeter/acceptances.json';

interface Machine {
  ws: string;
  env: NodeJS.ProcessEnv;
}

/** A machine's environment: its own HOME and state folder, no Claude Code around it, git's identity set. */
function machineEnv(root: string, name: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: join(root, `home-${name}`), XDG_STATE_HOME: join(root, `state-${name}`), CLAUDE_CONFIG_DIR: '' };
  for (const k of ['GIT_AUTHOR_NAME', 'GIT_COMMITTER_NAME']) env[k] = 'Person';
  for (const k of ['GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_EMAIL']) env[k] = 'person@example.com';
  return env;
}

function git(m: Machine, ...args: string[]): string {
  return execFileSync('git', args, { cwd: m.ws, env: m.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** One acceptance entry, as `proofmeter accept` writes it, of a finding accepted on the first machine. */
const ENTRY = { id: 'F-0abcdef', at: '2026-12-01T10:00:00.000Z', source: 'dashboard', session: null, promptId: null };

/** Machine A adopts the plan (sealed there), commits the plan and goal.json (and acceptances.json), and pushes nothing. */
async function original(opts: { acceptances?: boolean } = {}): Promise<{ root: string; a: Machine }> {
  const root = mkdtempSync(join(tmpdir(), 'pm-elsewhere-'));
  const a: Machine = { ws: join(root, 'a'), env: machineEnv(root, 'a') };
  mkdirSync(join(a.ws, '.claude'), { recursive: true });
  git(a, 'init', '-q');
  writeFileSync(join(a.ws, 'PLAN.md'), PLAN);
  const r = await cli(['adopt', 'PLAN.md'], { cwd: a.ws, env: a.env });
  assert.equal(r.code, 0, r.err);
  const files = ['PLAN.md', GOAL_REL];
  if (opts.acceptances) {
    writeFileSync(join(a.ws, ACCEPTANCES_REL), JSON.stringify({ version: 1, accepted: [ENTRY] }, null, 1) + '\n');
    files.push(ACCEPTANCES_REL);
  }
  git(a, 'add', '-f', '--', ...files);
  git(a, 'commit', '-q', '-m', 'plan and goal');
  return { root, a };
}

/** A clone of A on machine B: another HOME, so neither copy of A's seal is there. */
async function cloned(opts: { acceptances?: boolean } = {}): Promise<{ a: Machine; b: Machine }> {
  const { root, a } = await original(opts);
  const b: Machine = { ws: join(root, 'b'), env: machineEnv(root, 'b') };
  execFileSync('git', ['clone', '-q', a.ws, b.ws], { env: b.env, stdio: 'ignore' });
  return { a, b };
}

const kinds = (m: Machine) => checkSeal(m.ws, m.env).findings.map((f) => `${f.kind}/${f.severity}`);

/** The real built CLI, as the person runs it in their own terminal: no CLAUDECODE in its environment. */
function personCli(m: Machine, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: m.ws, env: m.env, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('a goal sealed on another machine is its own state, not tampering', function () {
  this.timeout(60_000);

  const rows: Array<{ name: string; make: () => Promise<Machine>; expect: string[] }> = [
    {
      name: 'a clone with the goal committed reads sealed on another machine, a warning',
      make: async () => (await cloned()).b,
      expect: ['sealed-elsewhere/warning'],
    },
    {
      name: 'a clone whose goal.json was edited after the checkout reads tampered',
      make: async () => {
        const { b } = await cloned();
        const goal = goalJson(readFileSync(goalPath(b.ws), 'utf8'));
        writeFileSync(goalPath(b.ws), JSON.stringify({ ...goal, items: goal.items.slice(0, 1) }, null, 2));
        return b;
      },
      expect: ['meter-tampered/error'],
    },
    {
      name: 'a clone whose goal.json gained one byte (still the same JSON) reads tampered',
      make: async () => {
        const { b } = await cloned();
        writeFileSync(goalPath(b.ws), readFileSync(goalPath(b.ws), 'utf8') + '\n');
        return b;
      },
      expect: ['meter-tampered/error'],
    },
    {
      name: 'an untracked goal.json with no seal reads tampered',
      make: async () => {
        const { a } = await original();
        git(a, 'rm', '-q', '--cached', '--', GOAL_REL);
        git(a, 'commit', '-q', '-m', 'untrack the goal');
        for (const p of [join(a.ws, '.claude/proofmeter/seal.json'), join(a.ws, '.claude/proofmeter/seal-content.json')]) rmSync(p, { force: true });
        rmSync(outsideSealDir(realWorkspace(a.ws), a.env), { recursive: true });
        return a;
      },
      expect: ['meter-tampered/error'],
    },
    {
      name: 'a goal.json staged but never committed, with no seal, reads tampered',
      make: async () => {
        const { root } = await original();
        const c: Machine = { ws: join(root, 'c'), env: machineEnv(root, 'c') };
        mkdirSync(join(c.ws, '.claude', 'proofmeter'), { recursive: true });
        git(c, 'init', '-q');
        writeFileSync(join(c.ws, 'PLAN.md'), PLAN);
        writeFileSync(goalPath(c.ws), readFileSync(goalPath(join(root, 'a')), 'utf8'));
        git(c, 'add', '-f', '--', 'PLAN.md', GOAL_REL);
        return c;
      },
      expect: ['meter-tampered/error'],
    },
    {
      name: 'the original machine with both seal copies removed reads tampered: its state folder still has the workspace\'s folder',
      make: async () => {
        const { a } = await original();
        rmSync(join(a.ws, '.claude/proofmeter/seal.json'));
        rmSync(join(outsideSealDir(realWorkspace(a.ws), a.env), 'seal.json'));
        return a;
      },
      expect: ['meter-tampered/error'],
    },
    {
      name: 'the original machine with the state folder removed too reads tampered: the workspace copy\'s content snapshot is still here',
      make: async () => {
        const { a } = await original();
        writeFileSync(join(a.ws, '.claude/proofmeter/seal-content.json'), '{}');
        rmSync(join(a.ws, '.claude/proofmeter/seal.json'));
        rmSync(outsideSealDir(realWorkspace(a.ws), a.env), { recursive: true });
        return a;
      },
      expect: ['meter-tampered/error'],
    },
    {
      name: 'a clone where the person accepted a finding before resealing (only accept\'s receipts in the state folder) still reads sealed elsewhere',
      make: async () => {
        const { b } = await cloned();
        const receipts = join(outsideSealDir(realWorkspace(b.ws), b.env), 'acceptances.jsonl');
        mkdirSync(join(receipts, '..'), { recursive: true });
        writeFileSync(receipts, JSON.stringify({ v: 1, kind: 'accept', id: ENTRY.id, at: ENTRY.at }) + '\n');
        return b;
      },
      expect: ['sealed-elsewhere/warning'],
    },
    {
      name: 'a GIT_DIR in the environment does not point the check at another repository whose HEAD holds the edited goal',
      make: async () => {
        const { a, b } = await cloned();
        const goal = goalJson(readFileSync(goalPath(b.ws), 'utf8'));
        const edited = JSON.stringify({ ...goal, items: goal.items.slice(0, 1) }, null, 2);
        writeFileSync(goalPath(b.ws), edited);
        writeFileSync(goalPath(a.ws), edited);
        git(a, 'commit', '-q', '-m', 'the edited goal', '--', GOAL_REL);
        return { ws: b.ws, env: { ...b.env, GIT_DIR: join(a.ws, '.git'), GIT_WORK_TREE: b.ws } };
      },
      expect: ['meter-tampered/error'],
    },
  ];
  for (const row of rows) {
    it(row.name, async function () {
      const m = await row.make();
      assert.deepEqual(kinds(m), row.expect);
    });
  }

  it('the clone: the verdict is held, the tally, the status line and doctor say "sealed on another machine: reseal here to count"', async function () {
    const { b } = await cloned();
    const t = tallyWorkspace({ cwd: b.ws, env: b.env });
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.integrity.map((f) => [f.kind, f.severity]), [['sealed-elsewhere', 'warning']]);
    assert.equal(statusLine(t), '⚠ sealed on another machine: reseal here to count · proofmeter doctor --reseal');
    assert.match(tallyText(t), /^verdict: NOT DONE \(sealed on another machine: reseal here to count; 0 open\)$/m);
    const json = tallyJson((await cli(['tally', '--json'], { cwd: b.ws, env: b.env })).out);
    assert.equal(findingKindSchema.parse(json.integrity[0]?.kind), 'sealed-elsewhere');
    const d = await cli(['doctor'], { cwd: b.ws, env: b.env });
    assert.match(d.out, /^Seal: sealed on another machine: reseal here to count\. goal\.json came with the checkout/m);
    assert.match(d.out, /^ {4}proofmeter doctor --reseal {13}seals the goal as it is now/m);
    assert.doesNotMatch(d.out, /Seal: (BROKEN|MISSING)/);
  });

  it('the stop gate lets the clone\'s stop through, NOT DONE, telling the person the one way to count; an edited goal blocks it', async function () {
    const { b } = await cloned();
    const ctx = { workspace: b.ws, env: b.env, now: () => new Date() };
    const stop = { session_id: 's1', prompt_id: 'p1', stop_hook_active: false };
    const through = await stopGate(stop, ctx);
    assert.equal(through.outcome, 'allow-sealed-elsewhere');
    assert.deepEqual(JSON.parse(through.stdout), { systemMessage: SEALED_ELSEWHERE_NOTICE });
    writeFileSync(goalPath(b.ws), readFileSync(goalPath(b.ws), 'utf8') + '\n');
    assert.equal((await stopGate(stop, ctx)).outcome, 'block-tampered');
  });

  it('--reseal --preview shows the goal it would seal and seals nothing', async function () {
    const { b } = await cloned();
    const p = personCli(b, 'doctor', '--reseal', '--preview');
    assert.equal(p.code, 0, p.err);
    assert.match(p.out, /^ {2}goal "Clone" \(goal\.json SHA-256 [0-9a-f]{12}\), 2 items, plan PLAN\.md, frozen by adopt /m);
    assert.match(p.out, /^Nothing was sealed\./m);
    assert.deepEqual(kinds(b), ['sealed-elsewhere/warning']);
  });

  it("after the person runs doctor --reseal with the built CLI, the clone counts: everything done, nothing held, the verdict waiting on this machine's stop gate", async function () {
    const { b } = await cloned();
    assert.equal(tallyWorkspace({ cwd: b.ws, env: b.env }).verdict, 'not-done');
    const r = personCli(b, 'doctor', '--reseal');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Resealed .* \(1 finding accepted\): goal sealed/);
    assert.match(r.out, /^ {2}goal "Clone" \(goal\.json SHA-256 [0-9a-f]{12}\), 2 items, plan PLAN\.md, frozen by adopt /m);
    assert.match(r.out, /sealed on another machine; it is sealed on this one now/);
    assert.deepEqual(kinds(b), []);
    const t = tallyJson(personCli(b, 'tally', '--json').out);
    assert.deepEqual(t.integrity, []);
    assert.deepEqual([t.verdict, t.open, t.reverify?.state], ['not-done', 0, 'awaiting'], 'a re-run made on the other machine does not stand here');
  });

  it('doctor --reseal in the agent\'s shell is refused and the clone stays sealed elsewhere', async function () {
    const { b } = await cloned();
    const r = personCli({ ws: b.ws, env: { ...b.env, CLAUDECODE: '1' } }, 'doctor', '--reseal');
    assert.equal(r.code, 1);
    assert.match(r.err, /^proofmeter doctor --reseal: only the person can accept a change to the meter/);
    assert.deepEqual(kinds(b), ['sealed-elsewhere/warning']);
  });

  describe('acceptances that came with the clone', function () {
    it('are not "written by something else": not counted, named once in the state', async function () {
      const { b } = await cloned({ acceptances: true });
      const t = tallyWorkspace({ cwd: b.ws, env: b.env });
      assert.deepEqual(t.integrity.map((f) => f.kind), ['sealed-elsewhere']);
      assert.match(t.integrity[0]!.message, /The 1 acceptance in acceptances\.json came with it and does not count here/);
      assert.deepEqual(t.accepted, []);
    });

    it('one added in the clone that HEAD does not hold is still a forgery', async function () {
      const { b } = await cloned({ acceptances: true });
      const added = { ...ENTRY, id: 'F-1234567' };
      writeFileSync(join(b.ws, ACCEPTANCES_REL), JSON.stringify({ version: 1, accepted: [ENTRY, added] }));
      const t = tallyWorkspace({ cwd: b.ws, env: b.env });
      assert.deepEqual(t.integrity.map((f) => f.kind), ['sealed-elsewhere', 'acceptance-forged']);
      assert.match(t.integrity[1]!.message, /you accepted F-1234567/);
    });

    it('after the reseal they stay uncounted and no finding, the seal keeps them, and a new unwitnessed entry is a forgery', async function () {
      const { b } = await cloned({ acceptances: true });
      const r = personCli(b, 'doctor', '--reseal');
      assert.equal(r.code, 0, r.err);
      assert.match(r.out, /1 acceptance in acceptances\.json came with the checkout: it stays in the file and does not count here/);
      const seal = sealSchema.parse(JSON.parse(readFileSync(join(b.ws, '.claude/proofmeter/seal.json'), 'utf8')));
      assert.equal(seal.carriedAcceptances?.length, 1);
      const after = tallyWorkspace({ cwd: b.ws, env: b.env });
      assert.deepEqual(after.integrity, []);
      assert.deepEqual(after.accepted, []);
      writeFileSync(join(b.ws, ACCEPTANCES_REL), JSON.stringify({ version: 1, accepted: [ENTRY, { ...ENTRY, at: '2026-12-02T10:00:00.000Z' }] }));
      assert.deepEqual(tallyWorkspace({ cwd: b.ws, env: b.env }).integrity.map((f) => f.kind), ['acceptance-forged']);
    });
  });
});
