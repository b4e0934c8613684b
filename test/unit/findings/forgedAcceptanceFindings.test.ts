// The finding of a forged acceptance, whole: its id (from the entry's id, source, time, session and
// prompt), its message and action; which reason it gives when the naming prompts were both nested
// and a launcher's; and one finding for an entry written twice.
import { strict as assert } from 'node:assert';
import type { PromptReceipt } from '../../../src/core/evidence/receipt';
import type { Acceptance } from '../../../src/core/findings/acceptance';
import { witnessAcceptances } from '../../../src/core/findings/acceptanceWitness';

const AT = '2026-12-01T10:00:00.000Z';
const ID = 'F-abc1234';

function prompt(extra: Partial<PromptReceipt>): PromptReceipt {
  return { v: 1, kind: 'prompt', session: 'sess-1', promptId: 'prompt-1', digest: 'a'.repeat(64), ids: [], sdk: false, nested: false, accepts: [ID], time: '2026-12-01T10:00:05.000Z', ...extra };
}

const ACTION = `Only you accept a finding: type "accept ${ID}" in Claude Code or press Accept in the dashboard; the entry was written by something else.`;

describe('a forged acceptance’s finding', () => {
  const cases: Array<[string, Acceptance, PromptReceipt[], { id: string; message: string; action: string }]> = [
    [
      'a dashboard entry nothing recorded',
      { id: ID, at: AT, source: 'dashboard', session: null, promptId: null },
      [],
      {
        id: 'F-08jxka4',
        message: `acceptances.json says you accepted ${ID} (the dashboard, ${AT}), but nothing witnesses it: proofmeter accept (the dashboard's Accept) never recorded it. It is not counted.`,
        action: ACTION,
      },
    ],
    [
      'an entry of words whose prompt the hook never received',
      { id: ID, at: AT, source: 'words', session: 'sess-1', promptId: 'prompt-1' },
      [],
      {
        id: 'F-025ua17',
        message: `acceptances.json says you accepted ${ID} (your words, ${AT}), but nothing witnesses it: the prompt hook never received prompt prompt-1 in session sess-1. It is not counted.`,
        action: ACTION,
      },
    ],
    [
      'an entry of words whose naming prompts were one nested and one a launcher’s says nested',
      { id: ID, at: AT, source: 'words', session: 'sess-1', promptId: 'prompt-1' },
      [prompt({ nested: true }), prompt({ sdk: true })],
      {
        id: 'F-025ua17',
        message: `acceptances.json says you accepted ${ID} (your words, ${AT}), but nothing witnesses it: prompt prompt-1 was typed into a Claude Code started from inside another. It is not counted.`,
        action: ACTION,
      },
    ],
  ];
  for (const [what, entry, receipts, want] of cases) {
    it(`${what} is one finding with that id, message and action`, () => {
      const r = witnessAcceptances([entry], { promptReceipts: (s) => (s === 'sess-1' ? receipts : []), dashboard: [], countSdkPrompts: false });
      assert.deepEqual(r.accepted, []);
      assert.deepEqual(r.findings.map((f) => ({ id: f.id, message: f.message, action: f.action })), [want]);
    });
  }

  it('an entry written twice is one finding', () => {
    const entry: Acceptance = { id: ID, at: AT, source: 'dashboard', session: null, promptId: null };
    const r = witnessAcceptances([entry, { ...entry }], { promptReceipts: () => [], dashboard: [], countSdkPrompts: false });
    assert.deepEqual(r.findings.map((f) => f.id), ['F-08jxka4']);
  });
});
