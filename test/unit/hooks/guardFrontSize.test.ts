// The guard's sh front bounds what it reads with pattern expansions (dash's cost grows with the
// square of the text scanned): a payload, or the part before tool_input, or a word past the bound
// goes to the full guard in the runner at once, which decides as it always does.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GUARD_FRONT_MAX_HEAD, GUARD_FRONT_MAX_PAYLOAD, GUARD_FRONT_MAX_WORD, GUARD_SCRIPT, GUARD_SCRIPT_REL } from '../../../src/core/install/guardScript';

const ROOT = resolve(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'proofmeter.js');

/** A Bash payload with `pad` characters in a field before tool_input, and the command padded to `size` bytes when given. */
function payload(ws: string, command: string, opts: { pad?: number; size?: number } = {}): string {
  const make = (cmd: string) =>
    JSON.stringify({
      session_id: '0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10',
      transcript_path: '/root/.claude/projects/-x/0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10.jsonl',
      cwd: ws,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      ...(opts.pad ? { agent_notes: 'n'.repeat(opts.pad) } : {}),
      tool_input: { command: cmd, description: 'run it' },
      tool_use_id: 'toolu_01',
    });
  if (opts.size === undefined) return make(command);
  const words = ' x'.repeat((opts.size - make(command).length) / 2);
  const out = make(command + words + (Buffer.byteLength(make(command + words)) < opts.size ? 'y' : ''));
  assert.equal(Buffer.byteLength(out), opts.size);
  return out;
}

describe('guard: the sh front bounds what it reads', () => {
  let ws = '';
  before(function () {
    this.timeout(60000);
    if (!existsSync(CLI)) execFileSync('node', ['esbuild.mjs'], { cwd: ROOT });
    ws = mkdtempSync(join(tmpdir(), 'pm-guardsize-'));
    mkdirSync(join(ws, 'src'));
    execFileSync('node', [CLI, 'install', '--dir', ws], { stdio: 'ignore' });
    // The front as this source writes it, whatever the bundle was built from.
    writeFileSync(join(ws, GUARD_SCRIPT_REL), GUARD_SCRIPT);
  });

  const decide = (cmd: string[], input: string) => {
    const t = Date.now();
    const r = spawnSync(cmd[0]!, cmd.slice(1), { input, cwd: ws, encoding: 'utf8', timeout: 10000, env: { ...process.env, CLAUDE_PROJECT_DIR: ws } });
    return { answer: { status: r.status, deny: /"permissionDecision":"deny"/.test(r.stdout) }, ms: Date.now() - t };
  };
  const front = (input: string) => decide(['sh', join(ws, GUARD_SCRIPT_REL)], input);
  const runner = (input: string) => decide(['node', join(ws, '.claude', 'proofmeter', 'proofmeter.js'), 'hook', 'guard'], input).answer;
  const fastLines = () => readFileSync(join(ws, '.claude', 'proofmeter', 'health.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"path":"fast"')).length;

  const cases: Array<{ name: string; input: () => string; fast: boolean; deny: boolean }> = [
    { name: 'a 400 KB payload whose tool_input comes after a large field, allowed', input: () => payload(ws, 'npm test', { pad: 400_000 }), fast: false, deny: false },
    { name: 'a 400 KB payload whose tool_input comes after a large field, refused', input: () => payload(ws, 'rm -rf .claude/proofmeter', { pad: 400_000 }), fast: false, deny: true },
    { name: 'a 400 KB command', input: () => payload(ws, 'npm test', { size: 400_000 }), fast: false, deny: false },
    { name: 'a payload one byte over the bound', input: () => payload(ws, 'npm test', { size: GUARD_FRONT_MAX_PAYLOAD + 1 }), fast: false, deny: false },
    { name: 'a payload at the bound', input: () => payload(ws, 'npm test', { size: GUARD_FRONT_MAX_PAYLOAD }), fast: true, deny: false },
    { name: 'tool_input after more than the bound before it', input: () => payload(ws, 'npm test', { pad: GUARD_FRONT_MAX_HEAD }), fast: false, deny: false },
    { name: 'a word longer than the bound', input: () => payload(ws, `ls ${'a'.repeat(GUARD_FRONT_MAX_WORD + 1)}`), fast: false, deny: false },
    { name: 'a word at the bound', input: () => payload(ws, `ls ${'a'.repeat(GUARD_FRONT_MAX_WORD)}`), fast: true, deny: false },
    { name: 'a small payload', input: () => payload(ws, 'npm test'), fast: true, deny: false },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.fast ? 'answered by the front' : 'handed to the runner'}, as the full guard decides, in seconds`, function () {
      this.timeout(30000);
      const input = c.input();
      const full = runner(input);
      assert.deepEqual(full, { status: 0, deny: c.deny });
      const before = fastLines();
      const r = front(input);
      assert.deepEqual(r.answer, full);
      // Generous: the quadratic front took minutes on 400 KB; the runner answers in well under a second.
      assert.ok(r.ms < 10000, `${r.ms} ms`);
      assert.equal(fastLines(), before + (c.fast ? 1 : 0), c.fast ? 'answered on the fast path' : 'not answered on the fast path');
    });
  }
});
