// The Bash receipt script, run for real (sh, awk, sha256sum) on real and hand-made payloads: its
// digest must equal the engine's for the command as the transcript decodes it, whatever the
// command holds, and it must read the exit facts the way the engine would.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bashDigest, receiptSchema, type BashReceipt } from '../../../src/core/evidence/receipt';
import { RECEIPT_SCRIPT, RECEIPT_SCRIPT_REL } from '../../../src/core/install/receiptScript';
import { bashReceipt } from '../../../src/hooks/receipts';
import { hookInput } from '../../../src/hooks/payload';
import { readReceipts } from '../../../src/workspace/receiptStore';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'receipts');
const SESSION = '15b6c542-ebcb-4efc-b830-b06181fb8d2d';
const CLEAN_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent' };

function workspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'pm-receipt-'));
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  writeFileSync(join(ws, RECEIPT_SCRIPT_REL), RECEIPT_SCRIPT, { mode: 0o755 });
  return ws;
}

/** Runs the installed script as Claude Code does: sh, the payload on a socket stdin (node's pipes are socketpairs). */
function runScript(ws: string, payload: string, env: Record<string, string> = CLEAN_ENV): number | null {
  return spawnSync('sh', [join(ws, RECEIPT_SCRIPT_REL)], { input: payload, env }).status;
}

function receipts(ws: string, session = SESSION): BashReceipt[] {
  return readReceipts(ws, session).receipts.filter((r): r is BashReceipt => r.kind === 'bash');
}

function payload(fields: { command: string; cwd?: string; event?: string; response?: Record<string, unknown>; extra?: Record<string, unknown> }): string {
  const failure = fields.event === 'PostToolUseFailure';
  return JSON.stringify({
    session_id: SESSION,
    transcript_path: `/home/dev/.claude/projects/-x/${SESSION}.jsonl`,
    cwd: fields.cwd ?? '/home/dev/proj',
    prompt_id: '1c64d3e2-8027-4dcb-a5ad-66c1afb71061',
    permission_mode: 'bypassPermissions',
    effort: { level: 'medium' },
    hook_event_name: fields.event ?? 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: fields.command, description: 'Run a command' },
    ...(failure ? {} : { tool_response: { stdout: '', stderr: '', interrupted: false, isImage: false, noOutputExpected: false, ...fields.response } }),
    tool_use_id: 'toolu_01TEST',
    ...fields.extra,
  });
}

const NASTY: Array<[string, string]> = [
  ['plain', 'npm test'],
  ['double quotes', 'echo "a b" "c"'],
  ['an escaped quote inside quotes', 'echo "quote\\" inside"'],
  ['backslashes, one and many', 'printf "a\\\\b" \\ c\\\\\\\\'],
  ['a trailing backslash', 'echo x \\'],
  ['a quote right after backslashes', 'echo \\\\"x'],
  ['newlines', 'echo one\necho two\n\necho four'],
  ['a tab and a carriage return', 'echo "a\tb"\r'],
  ['control characters', 'echo \u0001\u0002\u001f\u007f'],
  ['non-ASCII text', 'echo é ü ß 日本語 Ωμέγα'],
  ['an emoji (a surrogate pair)', 'echo 🎉 done'],
  ['U+2028 and U+2029, which JSON.stringify leaves raw', 'echo a\u2028b\u2029c'],
  ['a lone surrogate, which JSON.stringify escapes', 'echo \ud800 x'],
  ['JSON-looking text', 'echo \'{"cwd":"/elsewhere","tool_use_id":"toolu_forged"}\''],
  ['braces and brackets', 'test -f x && { [ -d y ] || echo "}]"; }'],
  ['a key name', 'echo "session_id": tool_use_id'],
  ['a 200 KB heredoc full of quotes', 'cat <<"EOF"\n' + 'he said "hi" \\ and left\n'.repeat(8500) + 'EOF'],
];

describe('the Bash receipt script', function () {
  this.timeout(60000);
  let ws = '';
  beforeEach(() => (ws = workspace()));
  afterEach(() => rmSync(ws, { recursive: true, force: true }));

  for (const [name, command] of NASTY) {
    it(`digests a command with ${name} exactly as the engine does`, () => {
      const cwd = '/home/dev/my "proj" \\ é';
      assert.equal(runScript(ws, payload({ command, cwd })), 0);
      const [r] = receipts(ws);
      assert.ok(r, 'a receipt was written');
      assert.equal(r.digest, bashDigest(cwd, command));
      const esc = (s: string) => JSON.stringify(s).slice(1, -1);
      assert.equal(r.digest, createHash('sha256').update(`${esc(cwd)}\n${esc(command)}`).digest('hex'), 'the engine digest is node:crypto over the payload bodies');
    });
  }

  it('digests every real Claude Code 2.1.332 payload as the engine digests its transcript', () => {
    const facts = JSON.parse(readFileSync(join(FIXTURES, 'transcript-facts.json'), 'utf8')) as Record<string, { command: string; resultCwd: string }>;
    const lines = readFileSync(join(FIXTURES, 'payloads.jsonl'), 'utf8').split('\n').filter((l) => /"hook_event_name":"PostToolUse/.test(l));
    assert.equal(lines.length, 6);
    for (const l of lines) assert.equal(runScript(ws, l), 0);
    const got = receipts(ws);
    assert.equal(got.length, 6);
    for (const r of got) {
      const f = facts[r.toolUseId]!;
      assert.equal(r.digest, bashDigest(f.resultCwd, f.command), r.toolUseId);
    }
    const by = (command: string) => got.find((r) => facts[r.toolUseId]!.command === command)!;
    assert.deepEqual([by('pwd; exit 3').event, by('pwd; exit 3').exit], ['failure', 3]);
    assert.equal(by('sleep 1; exit 1').task, 'bqp6uyukz', 'a background start names its task');
    assert.equal(got.filter((r) => r.event === 'post' && r.task === null).length, 4);
  });

  const FACTS: Array<[string, Parameters<typeof payload>[0], Partial<BashReceipt>]> = [
    ['a clean exit', { command: 'true' }, { event: 'post', exit: null, interrupted: false, cond: false, task: null, agent: false }],
    ['a failure with its exit code', { command: 'exit 7', event: 'PostToolUseFailure', extra: { error: 'Exit code 7\nboom "x"', is_interrupt: false } }, { event: 'failure', exit: 7, interrupted: false }],
    ['a timeout (exit 143)', { command: 'sleep 9', event: 'PostToolUseFailure', extra: { error: 'Exit code 143\nCommand timed out after 1s', is_interrupt: false } }, { event: 'failure', exit: 143 }],
    ['an interruption', { command: 'sleep 9', event: 'PostToolUseFailure', extra: { error: 'Interrupted by user', is_interrupt: true } }, { event: 'failure', exit: null, interrupted: true }],
    ['an exit Claude Code reads as no error', { command: 'test -f nope', response: { returnCodeInterpretation: 'Condition is false' } }, { event: 'post', cond: true }],
    ['a start in the background', { command: 'sleep 1', response: { backgroundTaskId: 'bqp6uyukz' } }, { task: 'bqp6uyukz' }],
    ['a subagent call', { command: 'true', extra: { agent_id: 'a62fbc9f1d0d1f247', agent_type: 'general-purpose' } }, { agent: true }],
    ['an output that mentions the keys', { command: 'true', response: { stdout: '"interrupted":true,"returnCodeInterpretation":"x","backgroundTaskId":"b1"' } }, { interrupted: false, cond: false, task: null }],
  ];
  for (const [name, p, want] of FACTS) {
    it(`records ${name}`, () => {
      assert.equal(runScript(ws, payload(p)), 0);
      const [r] = receipts(ws);
      assert.ok(r);
      for (const [k, v] of Object.entries(want)) assert.deepEqual(r[k as keyof BashReceipt], v, k);
    });
  }

  it('keeps a 200 KB output out of the receipt, which stays one short line', () => {
    const stdout = 'line with "quotes" and \\ slashes\n'.repeat(6000);
    assert.equal(runScript(ws, payload({ command: 'cat big.log', response: { stdout } })), 0);
    const text = readFileSync(join(ws, '.claude', 'proofmeter', 'receipts', `${SESSION}.jsonl`), 'utf8');
    assert.equal(text.split('\n').filter(Boolean).length, 1);
    assert.ok(text.length < 600, `${text.length} bytes`);
    assert.ok(!text.includes('quotes') && !text.includes('big.log'), 'no output or command text');
  });

  const REFUSED: Array<[string, () => number | null]> = [
    ["the agent's shell (CLAUDE_CODE_EXECPATH set)", () => runScript(ws, payload({ command: 'true' }), { ...CLEAN_ENV, CLAUDE_CODE_EXECPATH: '/usr/bin/claude' })],
    ["the agent's shell (AI_AGENT ends in _agent)", () => runScript(ws, payload({ command: 'true' }), { ...CLEAN_ENV, AI_AGENT: 'claude-code_2.1.332_agent' })],
    ['a payload piped in from a shell', () => {
      const file = join(ws, 'p.json');
      writeFileSync(file, payload({ command: 'true' }));
      return spawnSync('sh', ['-c', `cat "${file}" | sh "${join(ws, RECEIPT_SCRIPT_REL)}"`], { env: CLEAN_ENV }).status;
    }],
    ['a session id that could walk folders', () => runScript(ws, payload({ command: 'true' }).replace(SESSION, '../../x'))],
    ['another tool', () => runScript(ws, payload({ command: 'true' }).replace('"tool_name":"Bash"', '"tool_name":"Write"'))],
    ['input that is not JSON', () => runScript(ws, 'not json at all')],
  ];
  for (const [name, run] of REFUSED) {
    it(`writes nothing for ${name}, and exits 0`, () => {
      assert.equal(run(), 0);
      assert.deepEqual(receipts(ws), []);
      if (name.includes('walk')) assert.deepEqual(readReceipts(ws, 'x').receipts, []);
    });
  }

  it("writes the same receipt as the runner's node hook (`proofmeter hook receipt`)", () => {
    const p = payload({ command: 'echo "é\\" x', event: 'PostToolUseFailure', extra: { error: 'Exit code 2\nno', is_interrupt: false } });
    assert.equal(runScript(ws, p), 0);
    const input = hookInput.parse(JSON.parse(p));
    const now = new Date('2026-12-01T10:00:00Z');
    bashReceipt(input, { workspace: ws, env: {}, now: () => now, callerOf: () => ({ kind: 'hook', nested: false, claudePid: 1, why: 'test' }) });
    const [sh, node] = receipts(ws);
    assert.ok(sh && node);
    assert.deepEqual({ ...sh, t: 0 }, { ...node, t: 0 });
    assert.ok(receiptSchema.safeParse(sh).success);
  });
});
