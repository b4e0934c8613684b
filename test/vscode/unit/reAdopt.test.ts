// Before a goal is replaced: the question says that progress starts over, by how much, and what
// changed in the plan (an edited item is "changed after approval", not "added").
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { planChanges, splitAdded } from '../../../src/core/plan/planChanges';
import { reAdoptWarning } from '../../../src/extension/reAdopt';

const PLAN = `# Ship it

## Steps
- **S1.** Greet. Proof: \`grep -q hello greet.txt\`
- **S2.** Part. Proof: \`grep -q bye greet.txt\`
- **S3.** Build. Proof: \`sh build.sh\`
`;

describe('re-adopting a plan', function () {
  const frozen = parsePlan(PLAN).items;

  it('an edited item is changed, a new id added, a dropped id removed', function () {
    const edited = parsePlan(PLAN.replace('sh build.sh', 'sh build.sh --all').replace(/- \*\*S2\.\*\*.*\n/, '') + '- **S4.** Docs. Proof: `test -s README.md`\n').items;
    assert.deepEqual(planChanges(frozen, edited), { changed: ['S3'], added: ['S4'], removed: ['S2'] });
    assert.deepEqual(planChanges(frozen, frozen), { changed: [], added: [], removed: [] });
  });

  it("splits the tally's added entries by whether the frozen list has their id", function () {
    const { changed, added } = splitAdded([{ id: 'S3', line: 6 }, { id: 'S4', line: 7 }, { id: '', line: 8 }], frozen);
    assert.deepEqual(changed.map((a) => a.id), ['S3']);
    assert.deepEqual(added.map((a) => a.line), [7, 8]);
  });

  it('warns that progress starts over, with the count that goes and what changed', function () {
    const next = parsePlan(PLAN.replace('sh build.sh', 'sh build.sh --all')).items;
    const w = reAdoptWarning({ current: { title: 'Ship it', planPath: 'PLAN.md', items: frozen }, headline: { done: 7, total: 10 }, next: { name: 'PLAN.md', samePlan: true, items: next } });
    assert.equal(w.message, 'Adopt PLAN.md again? Progress starts over.');
    assert.match(w.detail, /of the 7\/10 counted so far, each proved item counts again only when its proof runs again/);
    assert.match(w.detail, /Changed after approval: S3/);
    assert.doesNotMatch(w.detail, /Added/);
  });

  it('names the goal it replaces when the plan is another one', function () {
    const w = reAdoptWarning({ current: { title: 'Ship it', planPath: 'PLAN.md', items: frozen }, headline: { done: 0, total: 6 }, next: { name: 'OTHER.md', samePlan: false, items: null } });
    assert.equal(w.message, 'Replace the goal "Ship it" with OTHER.md? Progress starts over.');
    assert.doesNotMatch(w.detail, /counted so far/);
  });
});
