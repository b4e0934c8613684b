// The quick fix's line is exactly the one the finding shows, and none is offered with a placeholder.
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { rewriteOf } from '../../../src/extension/planRewrite';

describe('plan quick fix lines', function () {
  it('an item with a proof but no id: the line with the next free id, which then passes', function () {
    const plan = parsePlan('# P\n\n- S1. ok Proof: `make`\n- Add logging. Proof: `npm test`\n');
    const line = rewriteOf(plan.findings[0]!.message);
    assert.equal(line, '- **S2.** Add logging. Proof: `npm test`');
    assert.deepEqual(parsePlan(`# P\n\n- S1. ok Proof: \`make\`\n${line}\n`).findings, []);
  });

  it('a check that names its command; none when the proof is still a placeholder', function () {
    const plan = parsePlan('# P\n\n## Steps\n\n1. Wire it in\n\n## Verification\n\n- Run `npm test -- limiter`\n');
    const [, step, check] = plan.findings.map((f) => rewriteOf(f.message));
    assert.equal(step, null);
    assert.equal(check, '- **V1.** Run `npm test -- limiter`. Proof: `npm test -- limiter`');
  });
});
