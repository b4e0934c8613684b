// Plan items found again by id in the plan as it reads now, so the CodeLens and the Testing view's
// marks stay on their items after an edit above them.
import { strict as assert } from 'node:assert';
import { ItemLinesCache, itemLines } from '../../../src/extension/itemLines';

const PLAN = ['# G', '', '## Steps', '- **S1.** Greet. Proof: `echo hi`', '- **S2.** Check. Proof: `sh check.sh`', '', '## Checks', '- **V1.** All. Proof: `npm test`', ''].join('\n');

describe('plan item lines, by id', function () {
  const rows: { name: string; text: string; want: Record<string, number> }[] = [
    { name: 'the plan as frozen: each item at its own line', text: PLAN, want: { S1: 4, S2: 5, V1: 8 } },
    { name: 'two lines written above the items: every mark moves down two', text: PLAN.replace('## Steps', 'Intro.\n\n## Steps'), want: { S1: 6, S2: 7, V1: 10 } },
    { name: 'an item deleted: it has no line, the rest move up', text: PLAN.replace('- **S2.** Check. Proof: `sh check.sh`\n', ''), want: { S1: 4, V1: 7 } },
    { name: 'items reordered: each found where it is now', text: PLAN.replace('- **S1.** Greet. Proof: `echo hi`\n- **S2.** Check. Proof: `sh check.sh`', '- **S2.** Check. Proof: `sh check.sh`\n- **S1.** Greet. Proof: `echo hi`'), want: { S2: 4, S1: 5, V1: 8 } },
    { name: 'an id written twice: the first one keeps the mark', text: PLAN.replace('## Checks', '## Checks\n- **S1.** Again. Proof: `echo again`'), want: { S1: 4, S2: 5, V1: 9 } },
    { name: 'an id the goal does not have is no mark', text: PLAN.replace('## Checks', '## Checks\n- **V9.** New. Proof: `echo new`'), want: { S1: 4, S2: 5, V1: 9 } },
  ];
  for (const row of rows) {
    it(row.name, function () {
      assert.deepEqual(Object.fromEntries(itemLines(row.text, ['S1', 'S2', 'V1'])), row.want);
    });
  }

  it('reads one version of a document once, and again when it changes', function () {
    const cache = new ItemLinesCache();
    let reads = 0;
    const text = (t: string) => () => (reads++, t);
    assert.equal(cache.get('file:///p.md', 1, text(PLAN), ['S1']).get('S1'), 4);
    assert.equal(cache.get('file:///p.md', 1, text(PLAN), ['S1']).get('S1'), 4);
    assert.equal(reads, 1);
    assert.equal(cache.get('file:///p.md', 2, text('\n' + PLAN), ['S1']).get('S1'), 5);
    assert.equal(reads, 2);
  });
});
