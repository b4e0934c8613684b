// Under the kernel the agent may still run the meter's reading commands in its sandboxed Bash,
// where the state folder is read-only to it. Each must answer as it does outside, and write
// nothing: the scan cache is an optimisation, never a reason to fail. The state folder is made
// read-only the way Claude Code's sandbox does it on Linux, with a bubblewrap read-only bind.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureSandbox } from '../../scripts/setup-sandbox.mjs';

const BUNDLE = resolve(__dirname, '..', '..', 'dist', 'proofmeter.js');
const TRANSCRIPT = resolve(__dirname, '..', 'fixtures', 'recorded', 'ask-answer', 'transcripts', '-home-dev-ask-answer-proj', '94bbd3b6-a93b-488a-a1cc-5f1dc234edfd.jsonl');
const PLAN = '# Demo\n\n## Steps\n- S1. Make it. Proof: `grep -q ok made.txt`\n';

function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe("the meter's reading commands inside a read-only state folder", function () {
  this.timeout(60000);
  let root: string;
  let ws: string;
  let env: NodeJS.ProcessEnv;

  before(function () {
    // Never a silent skip: without bubblewrap this file fails and says what to install.
    ensureSandbox();
    root = mkdtempSync(join(tmpdir(), 'pm-ro-'));
    ws = join(root, 'ws');
    mkdirSync(ws);
    env = { PATH: process.env.PATH, HOME: join(root, 'home') };
    spawnSync('git', ['init', '-q'], { cwd: ws });
    writeFileSync(join(ws, 'PLAN.md'), PLAN);
    for (const args of [['install'], ['adopt', 'PLAN.md']]) {
      const r = spawnSync(process.execPath, [BUNDLE, ...args], { cwd: ws, env, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
    }
    const slug = ws.replace(/[^A-Za-z0-9]/g, '-');
    const projects = join(root, 'home', '.claude', 'projects', slug);
    mkdirSync(projects, { recursive: true });
    cpSync(TRANSCRIPT, join(projects, 's1.jsonl'));
    rmSync(join(ws, '.claude', 'proofmeter', 'scan'), { recursive: true, force: true });
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  /** The runner as the agent's sandboxed Bash runs it: the state folder bound read-only. */
  function inSandbox(args: string[], input = ''): { code: number | null; out: string; err: string } {
    const state = join(ws, '.claude', 'proofmeter');
    const r = spawnSync('bwrap', ['--bind', '/', '/', '--ro-bind', state, state, '--dev', '/dev', '--proc', '/proc', '--', process.execPath, join(state, 'proofmeter.js'), ...args], { cwd: ws, env, input, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }

  function outside(args: string[], input = ''): string {
    return spawnSync(process.execPath, [join(ws, '.claude', 'proofmeter', 'proofmeter.js'), ...args], { cwd: ws, env, input, encoding: 'utf8' }).stdout;
  }

  it('the bind really is read-only (so the rows below can fail)', () => {
    const state = join(ws, '.claude', 'proofmeter');
    const r = spawnSync('bwrap', ['--bind', '/', '/', '--ro-bind', state, state, '--dev', '/dev', '--proc', '/proc', '--', 'sh', '-c', `echo x > "${state}/probe"`], { encoding: 'utf8' });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /Read-only file system/);
  });

  const rows: Array<[string, string[], string]> = [
    ['tally answers and names the protection', ['tally'], ''],
    ['tally --json answers', ['tally', '--json'], ''],
    ['check-plan answers', ['check-plan', 'PLAN.md'], ''],
    ['handover answers', ['handover', 'S1', '--why', 'the person checks it by eye'], ''],
    ['the status line answers', ['statusline'], '{"session_id":"abc","cwd":"WS","workspace":{"current_dir":"WS","project_dir":"WS"}}'],
  ];
  for (const [name, args, input] of rows) {
    it(`${name}, the same as outside, writing nothing`, () => {
      const state = join(ws, '.claude', 'proofmeter');
      const before = listTree(state);
      const stdin = input.replace(/WS/g, ws);
      const r = inSandbox(args, stdin);
      assert.equal(r.code, 0, r.err);
      assert.deepEqual(listTree(state), before);
      assert.equal(r.out, outside(args, stdin));
      rmSync(join(state, 'scan'), { recursive: true, force: true });
    });
  }

  it('the tally read in the sandbox counts the session it finds', () => {
    assert.match(inSandbox(['tally']).out, /Integrity warning F-\w+: Session s1\.jsonl/);
  });
});
