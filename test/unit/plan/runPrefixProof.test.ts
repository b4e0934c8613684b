// An item without an id that opens with "Run `cmd`" is offered that command as its proof; one that
// only mentions running a command later in its text names no proof of its own.
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';

describe('check-plan: an idless check names its own proof only when it opens with run', () => {
  it('a check that says "then run" later in its text is offered the placeholder, not its command', () => {
    const p = parsePlan('## Verification\n\n- Then run `npm test -- limiter`\n');
    assert.deepEqual(p.findings.map((f) => f.message), [
      'The plan has no items: every step needs an id and a proof; the line below shows each item rewritten.',
      'The item "Then run npm test -- limiter" on line 3 has no id and no proof; write line 3 as: - **V1.** Then run `npm test -- limiter`. Proof: `<the command that checks it>` with the command that checks it in the backticks (or Proof: human — what you confirm).',
    ]);
  });
});
