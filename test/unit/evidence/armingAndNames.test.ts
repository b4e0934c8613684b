// Two small rules of the evidence that mutation testing found unguarded: when a session is held to
// receipts (isArmed) at the edges, and which session ids may name a receipt file.
import { strict as assert } from 'node:assert';
import { isArmed } from '../../../src/core/evidence/armed';
import { receiptFileName } from '../../../src/core/evidence/receipt';

const SINCE = '2026-12-01T10:00:00.000Z';
const at = Date.parse(SINCE);

describe('arming and receipt file names', () => {
  const armed: Array<[string, { since: string | null; installed: boolean }, { hasReceipts: boolean; mtimeMs: number | null; latestTime: string | null }, boolean]> = [
    ['a session written the very millisecond the entries were installed', { since: SINCE, installed: true }, { hasReceipts: false, mtimeMs: at, latestTime: null }, true],
    ['a session written a millisecond before', { since: SINCE, installed: true }, { hasReceipts: false, mtimeMs: at - 1, latestTime: null }, false],
    ['an install time that cannot be read (stricter, never looser)', { since: 'yesterday-ish', installed: true }, { hasReceipts: false, mtimeMs: at - 1, latestTime: null }, true],
  ];
  for (const [name, arming, facts, want] of armed) {
    it(`${name} is ${want ? '' : 'not '}armed`, () => assert.equal(isArmed(arming, facts), want));
  }

  const names: Array<[string, string | null]> = [
    ['94bbd3b6-a93b-488a-a1cc-5f1dc234edfd', '94bbd3b6-a93b-488a-a1cc-5f1dc234edfd.jsonl'],
    ['a/../b', null],
    ['../b', null],
    ['b/..', null],
    ['a'.repeat(128), `${'a'.repeat(128)}.jsonl`],
    ['a'.repeat(129), null],
  ];
  for (const [session, want] of names) {
    it(`the session id ${JSON.stringify(session.length > 20 ? `${session.slice(0, 8)}… (${session.length})` : session)} names ${want === null ? 'no file' : 'its file'}`, () => assert.equal(receiptFileName(session), want));
  }
});
