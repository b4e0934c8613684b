// Issue 27 (M1, M6): shown in VS Code, a remedy names the VS Code command, never the CLI in "your
// own terminal"; every finding that holds the verdict offers the command that answers it; and the
// dashboard header takes the status bar's severity from the same function.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../../src/core/findings/finding';
import { RECOVER, SEALED_ELSEWHERE_ACTION, UNSEALED_RECOVER } from '../../../src/core/sealRecord/findings';
import { tallySeverity, verdictHolders } from '../../../src/core/tally/severity';
import type { Tally } from '../../../src/core/tally/tally';
import { COMMANDS, WEBVIEW_COMMANDS } from '../../../src/extension/commandIds';
import { commandName, inVsCode, REMEDY, remediesOf, tallyInVsCode, type RemedyKey } from '../../../src/extension/remedies';
import { sealView } from '../../../src/extension/sealView';
import { progressView } from '../../../src/extension/statusText';

const ROOT = join(__dirname, '..', '..', '..');
const titles = (): Map<string, string> => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: Array<{ command: string; title: string }> } };
  return new Map(pkg.contributes.commands.map((c) => [c.command, c.title]));
};

const finding = (over: Partial<Finding>): Finding => ({ id: 'F-0000001', kind: 'meter-tampered', severity: 'error', message: 'm.', action: RECOVER, file: null, line: null, evidence: null, ...over });

describe('remedies in VS Code words', () => {
  const rows: Array<[string, () => string, string]> = [
    [
      'the seal recovery',
      () => RECOVER,
      'Run Proofmeter: Doctor to see what changed; after reviewing it, Proofmeter: Reseal for This Machine accepts it (or Proofmeter: Install/Repair Hooks / Proofmeter: Restore Goal puts the meter back).',
    ],
    [
      'a goal with no seal',
      () => UNSEALED_RECOVER,
      'Check its items against your plan (Proofmeter: Doctor), then run Proofmeter: Reseal for This Machine to seal it, or Proofmeter: Adopt Plan to freeze your plan again.',
    ],
    [
      'a goal sealed on another machine',
      () => SEALED_ELSEWHERE_ACTION,
      'Check its items against your plan, then run Proofmeter: Reseal for This Machine to seal it on this machine (it prints the goal it seals), or Proofmeter: Adopt Plan to freeze your plan again.',
    ],
    ["the protection's reinstall", () => 'run proofmeter install (without --no-sandbox) to write the sandbox settings', 'run Proofmeter: Install/Repair Hooks (with the sandbox option ticked) to write the sandbox settings'],
    ['an accept named by id', () => 'or run `proofmeter accept F-1a2b3c4` in their own terminal', 'or run Proofmeter: Accept Finding…'],
    ["doctor's to-do for a goal sealed elsewhere", () => 'To do: reseal for this machine (proofmeter doctor --reseal).', 'To do: reseal for this machine (Proofmeter: Reseal for This Machine).'],
    ['a text with no CLI remedy, unchanged', () => 'start Claude Code with proofmeter run -- claude to lock it', 'start Claude Code with proofmeter run -- claude to lock it'],
  ];
  for (const [what, text, want] of rows) {
    it(`rewrites ${what}`, () => {
      assert.equal(inVsCode(text()), want);
      assert.equal(inVsCode(inVsCode(text())), want, 'rewriting twice changes nothing');
    });
  }

  it('leaves no CLI remedy and no "own terminal" in any seal action', () => {
    for (const a of [RECOVER, UNSEALED_RECOVER, SEALED_ELSEWHERE_ACTION]) assert.doesNotMatch(inVsCode(a), /proofmeter (doctor|install|adopt|accept)|own terminal/);
  });

  it('names each command by its package.json title, and each is a contributed command', () => {
    const t = titles();
    for (const key of Object.keys(REMEDY) as RemedyKey[]) {
      assert.ok((COMMANDS as readonly string[]).includes(REMEDY[key].command), REMEDY[key].command);
      assert.equal(t.get(REMEDY[key].command), REMEDY[key].title, key);
      assert.equal(commandName(key), `Proofmeter: ${t.get(REMEDY[key].command)}`);
    }
  });

  it("rewrites the tally's finding actions and protection remedy, nothing else", () => {
    const t = { integrity: [finding({})], protection: { level: 'guard only', reasons: ['x'], remedy: 'run proofmeter install (without --no-sandbox) to write the sandbox settings' }, open: 2 } as unknown as Tally;
    const v = tallyInVsCode(t);
    assert.equal(v.integrity[0]!.action, inVsCode(RECOVER));
    assert.equal(v.integrity[0]!.message, 'm.');
    assert.match(v.protection!.remedy!, /^run Proofmeter: Install\/Repair Hooks/);
    assert.equal(v.open, 2);
  });
});

describe('the remedy a finding offers', () => {
  const ws = '/w';
  const rows: Array<[string, Partial<Finding>, RemedyKey[]]> = [
    ['a changed goal: restore it, or reseal the change', { file: `${ws}/.claude/proofmeter/goal.json` }, ['restore', 'reseal']],
    ['a changed goal after the VS Code rewrite', { file: `${ws}/.claude/proofmeter/goal.json`, action: 'after reviewing it, Proofmeter: Reseal for This Machine accepts it (or … Proofmeter: Restore Goal puts the meter back).' }, ['restore', 'reseal']],
    ['a goal with no seal: reseal (nothing to restore from)', { file: `${ws}/.claude/proofmeter/goal.json`, action: UNSEALED_RECOVER }, ['reseal']],
    ['a goal sealed on another machine: reseal here', { kind: 'sealed-elsewhere', severity: 'warning', action: SEALED_ELSEWHERE_ACTION, file: `${ws}/.claude/proofmeter/goal.json` }, ['reseal']],
    ['a changed runner: repair by installing again', { file: `${ws}/.claude/proofmeter/proofmeter.js` }, ['repair', 'reseal']],
    ['a replaced node: repair', { file: '/usr/bin/node' }, ['repair', 'reseal']],
    ['a missing seal copy: reseal', { file: '/home/u/.local/state/proofmeter/abc/seal.json' }, ['reseal']],
    ['a content snapshot gone: reseal', { file: `${ws}/.claude/proofmeter/seal-content.json` }, ['reseal']],
    ['disarmed settings: repair, or reseal the change', { kind: 'hooks-disarmed', file: `${ws}/.claude/settings.json` }, ['repair', 'reseal']],
    ['an evidence error: accept it', { kind: 'test-skipped', file: `${ws}/test/a.test.ts`, action: 'Restore the test.' }, ['accept']],
  ];
  for (const [what, over, want] of rows) {
    it(what, () => {
      assert.deepEqual(remediesOf(finding(over)), want);
      for (const k of want) assert.ok((WEBVIEW_COMMANDS as readonly string[]).includes(REMEDY[k].command), `${REMEDY[k].command} is a button the webview may post`);
    });
  }
});

describe('what the dashboard gets for each finding', () => {
  const tally = (integrity: Finding[], accepted: Tally['accepted'] = []) => ({ integrity, accepted }) as unknown as Tally;

  it('an open error holds the verdict and carries its remedies; an accepted one and a warning do not', () => {
    const goal = finding({ id: 'F-000goal', file: '/w/.claude/proofmeter/goal.json' });
    const done = finding({ id: 'F-0accept', kind: 'test-skipped' });
    const warn = finding({ id: 'F-000warn', kind: 'no-verify', severity: 'warning' });
    const view = sealView(tally([goal, done, warn], [{ id: 'F-0accept', at: '2026-12-01T00:00:00Z', source: 'words', session: null, promptId: null }]));
    assert.deepEqual(
      view.map((f) => [f.id, f.holds, f.accepted, f.remedies?.map((r) => r.command)]),
      [
        ['F-000goal', true, null, ['proofmeter.restoreGoal', 'proofmeter.reseal']],
        ['F-0accept', false, 'your words, 2026-12-01T00:00:00Z', []],
        ['F-000warn', false, null, []],
      ],
    );
    assert.deepEqual(view[0]!.remedies!.map((r) => r.label), ['Restore Goal', 'Reseal for This Machine']);
  });

  it('a goal sealed on another machine holds the verdict though it is a warning', () => {
    const f = finding({ kind: 'sealed-elsewhere', severity: 'warning', action: SEALED_ELSEWHERE_ACTION });
    assert.deepEqual(verdictHolders(tally([f])).map((x) => x.id), [f.id]);
    assert.deepEqual(sealView(tally([f]))[0]!.remedies, [{ command: 'proofmeter.reseal', label: 'Reseal for This Machine' }]);
  });
});

describe("the header's severity is the status bar's", () => {
  const base = { integrity: [] as Finding[], accepted: [], items: [] as Tally['items'], findings: [] as Tally['findings'] };
  const rows: Array<[string, () => Parameters<typeof tallySeverity>[0], string | null, string]> = [
    ['nothing wrong: ok', () => base, null, 'ok'],
    ['a tampered goal: error', () => ({ ...base, integrity: [finding({})] }), null, 'error'],
    ['a tampered goal the person accepted: ok', () => ({ ...base, integrity: [finding({})], accepted: [{ id: 'F-0000001', at: 'x', source: 'dashboard', session: null, promptId: null }] }), null, 'ok'],
    ['a meter fault: error', () => base, 'goal.json is not valid JSON', 'error'],
    ['a goal sealed on another machine: warning', () => ({ ...base, integrity: [finding({ kind: 'sealed-elsewhere', severity: 'warning' })] }), null, 'warning'],
  ];
  for (const [what, t, fault, want] of rows) it(what, () => assert.equal(tallySeverity(t(), fault), want));

  it('progressView colours the status bar by the same function', () => {
    const t = { ...base, integrity: [finding({})], headline: { done: 0, total: 1 }, goal: { title: 'G', planPath: 'PLAN.md' }, stages: [], verdict: 'not-done', open: 1, ledger: [], verifier: null, protection: null } as unknown as Tally;
    assert.equal(progressView(t, { fault: null, trusted: true }).severity, tallySeverity(t, null));
    assert.equal(progressView(t, { fault: null, trusted: true }).severity, 'error');
  });
});
