// A session whose newest record is stamped the very instant the receipt entries were installed
// was written with the entries in place: it is held to its receipts, as one written later is.
import { strict as assert } from 'node:assert';
import { isArmed } from '../../../src/core/evidence/armed';

const SINCE = '2026-11-29T12:00:00.000Z';

describe('a session at the instant the receipt entries were installed', () => {
  const cases: Array<[string, number | null, boolean]> = [
    ['with no file time known, a newest record at that instant holds it', null, true],
    ['with a file time from before, a newest record at that instant still holds it', Date.parse('2026-11-29T11:00:00.000Z'), true],
  ];
  for (const [what, mtimeMs, want] of cases) {
    it(what, () => {
      assert.equal(isArmed({ since: SINCE, installed: true }, { hasReceipts: false, mtimeMs, latestTime: '2026-11-29T12:00:00.000Z' }), want);
    });
  }
});
