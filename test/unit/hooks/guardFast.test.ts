// The guard's sh front may answer alone only where the full guard in the runner would allow: run
// both on the guard's refusal cases, on evasions, and on ordinary commands, in a real install.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GUARD_SCRIPT_REL } from '../../../src/core/install/guardScript';
import { healthRecordSchema } from '../../../src/workspace/health';

const ROOT = resolve(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'proofmeter.js');

const refused = [
  'echo x > .claude/proofmeter/goal.json',
  'rm -rf .claude/proofmeter',
  'rm -rf .',
  'rm -rf ..',
  'cd src && rm -f ../.claude/proofmeter/stop-blocks.json',
  'mv .claude /tmp/away',
  'cp my-settings/settings.json .claude/',
  'git clean -fdx',
  'git checkout -- .claude/settings.json',
  'find . -delete',
  'echo x > innocent/goal.json',
  'rm innocent/goal.json',
  'tee innocent/goal.json',
  'rm -rf .cl""aude/proof""meter',
  "rm -rf .cl''aude",
  'rm -rf .cl\\aude',
  'sudo rm -rf ~/.claude/settings.json',
  'npx proofmeter install --local',
  'bash -c "rm -rf .claude"',
  'cd innocent && rm goal.json',
  'node .claude/proofmeter/proofmeter.js hook plan-approved < x',
  'node /tmp/pm.js hook plan-approved < x',
  '/tmp/pm.js hook stop',
];
// Cases the full guard lets through (it is practical, not complete); the front must not answer them.
const gaps = ['cd .cl* && rm -rf proof*', 'x=.claude; rm -r $x', 'python3 build.py', 'git status'];
const ordinary = ['npm test', 'ls -la src', 'npm run build && npm test', 'grep -rn TODO src | wc -l', 'echo step1', 'make -j2 check', 'cat README.md'];

function payload(ws: string, command: string, tool = 'Bash', input?: Record<string, unknown>): string {
  return JSON.stringify({
    session_id: '0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10',
    transcript_path: '/root/.claude/projects/-x/0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10.jsonl',
    cwd: ws,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: input ?? { command, description: 'run it' },
    tool_use_id: 'toolu_01',
  });
}

describe('guard: the sh front', () => {
  let ws = '';
  before(function () {
    this.timeout(60000);
    if (!existsSync(CLI)) execFileSync('node', ['esbuild.mjs'], { cwd: ROOT });
    ws = mkdtempSync(join(tmpdir(), 'pm-guardfast-'));
    mkdirSync(join(ws, 'src'));
    execFileSync('node', [CLI, 'install', '--dir', ws], { stdio: 'ignore' });
    writeFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), '{}');
    symlinkSync(join(ws, '.claude', 'proofmeter'), join(ws, 'innocent'));
  });

  const decide = (cmd: string[], input: string) => {
    const r = spawnSync(cmd[0]!, cmd.slice(1), { input, cwd: ws, encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: ws } });
    return { status: r.status, deny: /"permissionDecision":"deny"/.test(r.stdout) };
  };
  const front = (input: string) => decide(['sh', join(ws, GUARD_SCRIPT_REL)], input);
  const runner = (input: string) => decide(['node', join(ws, '.claude', 'proofmeter', 'proofmeter.js'), 'hook', 'guard'], input);
  const fastLines = () => readFileSync(join(ws, '.claude', 'proofmeter', 'health.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"path":"fast"')).length;

  for (const cmd of refused) {
    it(`refuses like the full guard: ${cmd}`, () => {
      const input = payload(ws, cmd);
      const full = runner(input);
      assert.equal(full.deny, true, 'the full guard refuses this case');
      assert.deepEqual(front(input), full);
    });
  }

  for (const cmd of gaps) {
    it(`leaves to the full guard: ${cmd}`, () => {
      const input = payload(ws, cmd);
      const before = fastLines();
      assert.deepEqual(front(input), runner(input));
      assert.equal(fastLines(), before, 'not answered on the fast path');
    });
  }

  for (const cmd of ordinary) {
    it(`answers alone, without node: ${cmd}`, () => {
      const input = payload(ws, cmd);
      const before = fastLines();
      assert.deepEqual(front(input), { status: 0, deny: false });
      assert.equal(fastLines(), before + 1, 'answered on the fast path');
      assert.equal(runner(input).deny, false);
    });
  }

  it('edits always go to the full guard (it follows symlinks)', () => {
    const input = payload(ws, '', 'Write', { file_path: join(ws, 'innocent', 'goal.json'), content: 'x' });
    const before = fastLines();
    assert.deepEqual(front(input), { status: 0, deny: true });
    assert.equal(fastLines(), before);
  });

  it('a payload without tool_input goes to the full guard', () => {
    const before = fastLines();
    front('{"session_id":"s","tool_name":"Bash"}');
    assert.equal(fastLines(), before);
  });

  it('the health line it writes is valid JSON without the command', () => {
    front(payload(ws, 'echo secret-words-here'));
    const last = readFileSync(join(ws, '.claude', 'proofmeter', 'health.jsonl'), 'utf8').trim().split('\n').pop()!;
    const rec = healthRecordSchema.parse(JSON.parse(last));
    assert.equal(rec.event, 'guard');
    assert.equal(rec.session, '0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10');
    assert.ok(!last.includes('secret-words-here'));
  });
});
