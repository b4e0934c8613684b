// What the gates say about a changed meter (sealGate.ts), word for word: which findings hold the
// gate, the capped list, the one-line notice, and how the notice joins a gate's own answer.
import { strict as assert } from 'node:assert';
import type { Finding, FindingKind } from '../../../src/core/findings/finding';
import type { SealCheck } from '../../../src/workspace/sealRecord/check';
import { findingLines, holding, tamperNotice, tamperReason, withNotice } from '../../../src/hooks/sealGate';

const finding = (n: number, kind: FindingKind = 'meter-tampered', severity: Finding['severity'] = 'error'): Finding => ({
  id: `F-${n}`, kind, severity, message: `change ${n}.`, action: 'doctor', file: null, line: null, evidence: null,
});
const check = (frozen: boolean, findings: Finding[]): SealCheck => ({ sealed: true, frozen, findings, seal: null, sealedGoal: null });

describe('the words of a changed meter', () => {
  it('only errors hold the gate, and only while a goal is frozen', () => {
    const all = [finding(1), finding(2, 'hooks-disarmed', 'warning'), finding(3, 'meter-tampered', 'info')];
    assert.deepEqual(holding(check(true, all)), [all[0]]);
    assert.deepEqual(holding(check(false, all)), []);
  });

  const lists: Array<[string, number, number, string[]]> = [
    ['one finding', 1, 6, ['- meter-tampered (F-1): change 1.']],
    ['as many as the limit', 2, 2, ['- meter-tampered (F-1): change 1.', '- meter-tampered (F-2): change 2.']],
    ['one more than the limit', 3, 2, ['- meter-tampered (F-1): change 1.', '- meter-tampered (F-2): change 2.', '- ... and 1 more (proofmeter doctor)']],
  ];
  for (const [name, count, limit, want] of lists) {
    it(`lists ${name} (limit ${limit})`, () => assert.deepEqual(findingLines(Array.from({ length: count }, (_, i) => finding(i + 1)), limit), want));
  }

  it('the stop reason names each kind once, lists the findings and the way back, and ends with the cap note', () => {
    const text = tamperReason([finding(1), finding(2, 'hooks-disarmed'), finding(3)], 'CAP');
    assert.deepEqual(text.split('\n'), [
      "Proofmeter: the meter's gate was changed outside its own commands (meter-tampered, hooks-disarmed), so the stop stays blocked:",
      '- meter-tampered (F-1): change 1.',
      '- hooks-disarmed (F-2): change 2.',
      '- meter-tampered (F-3): change 3.',
      "Only the person can clear this: `proofmeter doctor` in their own terminal shows what changed and how to recover (`proofmeter doctor --reseal` after reviewing it). Tell the person; do not edit the meter's files or settings.",
      'CAP',
    ]);
  });

  const notices: Array<[string, Finding[], string]> = [
    ['one finding', [finding(1)], 'Proofmeter: meter-tampered: change 1. Run `proofmeter doctor`.'],
    ['two findings of two kinds', [finding(1), finding(2, 'hooks-disarmed')], 'Proofmeter: meter-tampered, hooks-disarmed: change 1. (+1 more) Run `proofmeter doctor`.'],
    ['three findings', [finding(1), finding(2), finding(3)], 'Proofmeter: meter-tampered: change 1. (+2 more) Run `proofmeter doctor`.'],
  ];
  for (const [name, findings, want] of notices) {
    it(`the notice for ${name}`, () => assert.equal(tamperNotice(findings), want));
  }

  const answer = (stdout: string) => ({ code: 0, stdout, stderr: '', outcome: 'pass' });
  const joined: Array<[string, string, string]> = [
    ['no output', '', JSON.stringify({ systemMessage: 'Proofmeter: meter-tampered: change 1. Run `proofmeter doctor`.' })],
    ['a message of its own', JSON.stringify({ systemMessage: 'hi', x: 1 }), JSON.stringify({ systemMessage: 'hi\nProofmeter: meter-tampered: change 1. Run `proofmeter doctor`.', x: 1 })],
    ['a message that is not text', JSON.stringify({ systemMessage: 3 }), JSON.stringify({ systemMessage: 'Proofmeter: meter-tampered: change 1. Run `proofmeter doctor`.' })],
    ['output that is a JSON array', '[1]', JSON.stringify({ systemMessage: 'Proofmeter: meter-tampered: change 1. Run `proofmeter doctor`.' })],
    ['output that is JSON null', 'null', JSON.stringify({ systemMessage: 'Proofmeter: meter-tampered: change 1. Run `proofmeter doctor`.' })],
    ['output that is not JSON', 'plain words', 'plain words'],
  ];
  for (const [name, stdout, want] of joined) {
    it(`the notice joins an answer with ${name}`, () => assert.deepEqual(withNotice(answer(stdout), [finding(1)]), answer(want)));
  }
  it('no findings leave the answer as it was', () => {
    const a = answer(JSON.stringify({ systemMessage: 'hi' }));
    assert.equal(withNotice(a, []), a);
  });
});
