import { strict as assert } from 'node:assert';
import { meterHookOf } from '../../../src/core/install/entries';
import { detectFormat, formatSettings, mergeMeter, parseSettings, type Settings } from '../../../src/core/install/settingsMerge';

describe('meterHookOf reads the gate from the exact spelling of a command', () => {
  const cases: Array<[string, string, string | null]> = [
    ['a guard script followed by more words is not the guard', 'sh /w/.claude/proofmeter/guard.sh --more', null],
    ['a guard script with trailing spaces is the guard', 'sh /w/.claude/proofmeter/guard.sh   ', 'guard'],
    ['a quoted guard script path is the guard', 'sh "/w/.claude/proofmeter/guard.sh"', 'guard'],
    ['a receipt script followed by more words is not the receipt', 'sh /w/.claude/proofmeter/receipt.sh --more', null],
    ['a receipt script with trailing spaces is the receipt', 'sh /w/.claude/proofmeter/receipt.sh   ', 'receipt'],
    ['a quoted receipt script path is the receipt', 'sh "/w/.claude/proofmeter/receipt.sh"', 'receipt'],
    ['a quoted runner path names its hook', 'node "/w/.claude/proofmeter/proofmeter.js" hook stop', 'stop'],
    ['several spaces before hook still name it', 'node /w/.claude/proofmeter/proofmeter.js   hook prompt', 'prompt'],
    ['several spaces after hook still name it', 'node /w/.claude/proofmeter/proofmeter.js hook   plan-gate', 'plan-gate'],
    ['a hook name that is no gate is nothing', 'node /w/.claude/proofmeter/proofmeter.js hook bogus', null],
    ['a command naming no meter file is nothing', 'echo hi', null],
  ];
  for (const [title, command, want] of cases) {
    it(title, () => {
      assert.equal(meterHookOf(command), want);
    });
  }
});

describe('parseSettings keeps the text past a leading byte-order mark and says where JSON breaks', () => {
  it('a byte-order mark inside a string value is kept', () => {
    assert.deepEqual(parseSettings('{"a":"\uFEFFx"}'), { ok: true, value: { a: '\uFEFFx' } });
  });
  it('text that ends too early says so without a position', () => {
    assert.deepEqual(parseSettings('{"a":'), { ok: false, error: 'not valid JSON (unexpected end or token)' });
  });
  it('an error on the second line names line 2 and its column, whatever follows', () => {
    assert.deepEqual(parseSettings('{\n,}\n\n'), { ok: false, error: 'not valid JSON (line 2, column 1)' });
  });
});

describe('detectFormat and formatSettings keep the look of a file', () => {
  it('no text gives two spaces, LF and a final newline', () => {
    assert.deepEqual(detectFormat(null), { indent: '  ', eol: '\n', finalNewline: true });
  });
  it('blank text without a newline still gives a final newline', () => {
    assert.deepEqual(detectFormat('   '), { indent: '  ', eol: '\n', finalNewline: true });
  });
  it('one-line JSON without a newline gives two spaces and no final newline', () => {
    assert.deepEqual(detectFormat('{"a":1}'), { indent: '  ', eol: '\n', finalNewline: false });
  });
  it('CRLF format writes CRLF line ends', () => {
    assert.equal(formatSettings({ a: 1 }, { indent: '  ', eol: '\r\n', finalNewline: false }), '{\r\n  "a": 1\r\n}');
  });
  it('CRLF format with a final newline ends in CRLF', () => {
    assert.equal(formatSettings({ a: 1 }, { indent: '\t', eol: '\r\n', finalNewline: true }), '{\r\n\t"a": 1\r\n}\r\n');
  });
});

describe('mergeMeter reports what it found', () => {
  it('an empty object gets every gate added and nothing present or updated', () => {
    const r = mergeMeter({});
    assert.ok(r.ok);
    assert.equal(r.report.present.length, 0);
    assert.equal(r.report.updated.length, 0);
    assert.equal(r.report.added.length, 10);
  });
  it('merging a merged object lists every gate as present', () => {
    const first = mergeMeter({});
    assert.ok(first.ok);
    const again = mergeMeter(first.settings);
    assert.ok(again.ok);
    assert.deepEqual(again.report.present, [
      'PreToolUse ExitPlanMode',
      'PostToolUse ExitPlanMode',
      'PreToolUse Bash|Edit|Write|MultiEdit|NotebookEdit',
      'Stop',
      'UserPromptSubmit',
      'SessionStart',
      'PostToolUse Bash',
      'PostToolUseFailure Bash',
      'PostToolUse AskUserQuestion',
      'ConfigChange',
    ]);
    assert.deepEqual(again.report.added, []);
    assert.deepEqual(again.report.updated, []);
    assert.equal(again.changed, false);
  });
  it('the meter command sharing a group with a user hook is present, not updated', () => {
    const first = mergeMeter({});
    assert.ok(first.ok);
    const s = structuredClone(first.settings) as { hooks: Record<string, Array<{ hooks: Array<Record<string, unknown>> }>> };
    s.hooks.SessionStart![0]!.hooks.unshift({ type: 'command', command: 'echo mine' });
    const again = mergeMeter(s as unknown as Settings);
    assert.ok(again.ok);
    assert.ok(again.report.present.includes('SessionStart'));
    assert.deepEqual(again.report.updated, []);
  });
  it('an old plan-gate entry under another matcher is left alone and a new one added', () => {
    const input: Settings = {
      hooks: { PreToolUse: [{ matcher: 'Other', hooks: [{ type: 'command', command: '/usr/bin/node /w/.claude/proofmeter/proofmeter.js hook plan-gate' }] }] },
    };
    const r = mergeMeter(input);
    assert.ok(r.ok);
    assert.deepEqual(r.report.updated, []);
    assert.ok(r.report.added.includes('PreToolUse ExitPlanMode'));
    const groups = (r.settings.hooks as Record<string, Array<Record<string, unknown>>>).PreToolUse!;
    assert.equal((groups[0]!.hooks as Array<Record<string, unknown>>)[0]!.command, '/usr/bin/node /w/.claude/proofmeter/proofmeter.js hook plan-gate');
  });
});
