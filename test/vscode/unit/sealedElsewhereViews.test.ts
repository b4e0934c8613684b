// A goal sealed on another machine (issue 27, M7) in VS Code's views: the status bar says so in the
// warning colour, never red and never a count, and doctor's verdict names the reseal as the one thing to do.
import { strict as assert } from 'node:assert';
import { sealedElsewhere, tampered } from '../../../src/core/sealRecord/findings';
import type { Tally } from '../../../src/core/tally/tally';
import { doctorVerdict, type DoctorReport } from '../../../src/extension/doctorVerdict';
import { progressView } from '../../../src/extension/statusText';
import { underWayTally } from '../../webview/fixtures';

const held = (t: Tally, ...integrity: Tally['integrity']): Tally => ({ ...t, verdict: 'not-done', integrity });
const gate = (hook: string) => ({ hook, label: `${hook} [Event]`, armed: true, why: null, entryIn: ['project'], lastFired: null });
const report = (state: string): DoctorReport => ({ runner: { present: true, runs: true, detail: 'ok' }, gates: [gate('plan-gate'), gate('stop')], reasons: [], seal: { state } });

describe('a goal sealed on another machine in the status bar and doctor’s verdict', function () {
  const rows: Array<{ name: string; integrity: () => Tally['integrity']; text: RegExp; severity: string }> = [
    {
      name: 'sealed elsewhere alone: the words, in the warning colour, no count',
      integrity: () => [sealedElsewhere('abc', '/w/.claude/proofmeter/goal.json')],
      text: /^\$\(warning\) Proofmeter: sealed on another machine: reseal here to count$/,
      severity: 'warning',
    },
    {
      name: 'beside a tamper finding: the tamper finding wins, red',
      integrity: () => [sealedElsewhere('abc', '/w/.claude/proofmeter/goal.json'), tampered('runner', 'missing', 'The runner is missing.', null)],
      text: /^\$\(error\) Proofmeter: the meter's files were changed$/,
      severity: 'error',
    },
  ];
  for (const row of rows) {
    it(row.name, function () {
      const v = progressView(held(underWayTally(), ...row.integrity()), { fault: null, trusted: true });
      assert.match(v.text, row.text);
      assert.equal(v.severity, row.severity);
    });
  }

  it('the tooltip gives the state and its remedy once, and the screen reader hears it', function () {
    const v = progressView(held(underWayTally(), sealedElsewhere('abc', '/w/.claude/proofmeter/goal.json')), { fault: null, trusted: true });
    assert.equal(v.tooltip.split('\n').filter((l) => l.startsWith('$(warning) **sealed on another machine: reseal here to count**')).length, 1);
    assert.match(v.tooltip, /proofmeter doctor \\-\\-reseal/);
    assert.match(v.ariaLabel, /, sealed on another machine: reseal here to count$/);
  });

  it('doctor’s verdict: a warning, not a broken seal, and the one thing to do is the reseal', function () {
    const v = doctorVerdict(report('sealed-elsewhere'));
    assert.equal(v.ok, true);
    assert.equal(v.action, 'reseal');
    // The count between them is doctor's own headline (its own tests); this state adds the first warning and the to-do.
    assert.match(v.message, /^The goal was sealed on another machine: reseal here to count \(it came with the checkout; not tampering\)\. .+ To do: reseal for this machine \(proofmeter doctor --reseal\)\.$/);
    assert.equal(doctorVerdict(report('intact')).action, null);
  });
});
