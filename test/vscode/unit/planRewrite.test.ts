// The quick fix's line is exactly the one the finding shows, and none is offered with a placeholder.
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { applyFix, rewriteOf } from '../../../src/extension/planRewrite';

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

describe('plan quick fixes for the mechanical rewrites', function () {
  // Each row: the plan line; the finding's rule and its fix come from the parser, in the test.
  const cases: Array<[string, string, string]> = [
    ['`|| true` is dropped', '- **S1.** Test. Proof: `npm test || true`', '- **S1.** Test. Proof: `npm test`'],
    ['a trailing command that cannot fail is dropped', '- **S1.** Test. Proof: `npm test; echo done`', '- **S1.** Test. Proof: `npm test`'],
    ['a pipe into a sink gains pipefail', '- **S1.** Test. Proof: `npm test | tail -5`', '- **S1.** Test. Proof: `set -o pipefail; npm test | tail -5`'],
    ['a background proof runs in the foreground', '- **S1.** Test. Proof: `npm test &`', '- **S1.** Test. Proof: `npm test`'],
  ];
  for (const [name, line, want] of cases) {
    it(`${name}: the fixed line passes the plan check`, function () {
      const [f] = parsePlan(`# P\n\n${line}\n`).findings;
      assert.equal(f?.rule, 'cannot-fail');
      assert.ok(f.fix, 'the finding carries its fix');
      const fixed = applyFix(line, f.fix, f.rule);
      assert.equal(fixed, want);
      assert.deepEqual(parsePlan(`# P\n\n${fixed}\n`).findings, []);
    });
  }

  it('a constant proof (`true`) has no mechanical fix: the person writes the check', function () {
    const [f] = parsePlan('# P\n\n- **S1.** Test. Proof: `true`\n').findings;
    assert.equal(f?.rule, 'cannot-fail');
    assert.equal(f.fix, undefined);
  });

  it('a duplicate id becomes the next free one, and the plan then passes', function () {
    const line = '- **S1.** Second. Proof: `make b`';
    const plan = parsePlan(`# P\n\n- **S1.** First. Proof: \`make a\`\n${line}\n`);
    const f = plan.findings.find((x) => x.rule === 'duplicate-id' && x.line === 4)!;
    const fixed = applyFix(line, f.fix!, f.rule);
    assert.equal(fixed, '- **S2.** Second. Proof: `make b`');
    assert.deepEqual(parsePlan(`# P\n\n- **S1.** First. Proof: \`make a\`\n${fixed}\n`).findings, []);
  });

  it('no fix when the line does not hold the text (the proof is on another line of the item)', function () {
    assert.equal(applyFix('- **S1.** Test, on two lines', { from: 'npm test || true', to: 'npm test' }, 'cannot-fail'), null);
  });
});
