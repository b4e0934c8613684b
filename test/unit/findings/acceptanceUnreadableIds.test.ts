// A forged acceptance's finding shows the entry's prompt and session ids only when each is wholly
// made of id characters: one with anything else in it, even before a readable tail, is "(unreadable)".
import { strict as assert } from 'node:assert';
import type { Acceptance } from '../../../src/core/findings/acceptance';
import { witnessAcceptances } from '../../../src/core/findings/acceptanceWitness';

const entry = (session: string, promptId: string): Acceptance => ({ id: 'F-1a2b3c4', at: '2026-12-01T10:00:01.000Z', source: 'words', session, promptId });

describe('the ids a forged acceptance’s finding shows', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    ['plain ids are shown', 's1', 'p1', /never received prompt p1 in session s1\b/],
    ['a prompt id with markup before a readable tail is not', 's1', '<b>p1', /never received prompt \(unreadable\) in session s1\b/],
    ['a session id with a space before a readable tail is not', 'x s1', 'p1', /never received prompt p1 in session \(unreadable\)/],
  ];
  for (const [what, session, promptId, want] of cases) {
    it(what, () => {
      const r = witnessAcceptances([entry(session, promptId)], { promptReceipts: () => [], dashboard: [], countSdkPrompts: false });
      assert.equal(r.findings.length, 1);
      assert.match(r.findings[0]!.message, want);
    });
  }
});
