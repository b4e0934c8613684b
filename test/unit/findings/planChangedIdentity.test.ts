// plan-changed: the finding's id is made of the keys of the items added and removed (sorted, one a
// line), so the same changes keep the same id; its line is the first added item's; the ids of one
// kind of change are named with spaces between them.
import { strict as assert } from 'node:assert';
import { planChangedFindings } from '../../../src/core/findings/planChanged';
import type { PlanItem } from '../../../src/core/types';

const item = (id: string, key: string, line: number): PlanItem => ({ id, list: 'Steps', text: key, key, owner: 'claude', proof: { kind: 'command', command: 'true' }, line });
const A = () => item('S1', 'steps:a', 4);
const B = () => item('S2', 'steps:b', 5);
const C = () => item('S3', 'steps:c', 6);
const D = () => item('S4', 'steps:d', 7);

describe('the plan-changed finding: its id, its line and its wording', () => {
  // [what, the plan now, the id (FNV-1a of "plan-changed\0" and the keys), the line, a part of the message]
  const cases: Array<[string, () => PlanItem[], string, number | null, string]> = [
    ['one item added after the kept ones and one removed: the id holds both keys, the added one sorted after the removed one', () => [A(), C()], 'F-07i86h2', 6, '(added S3; removed S2)'],
    ['one item removed and nothing added: the id holds the removed key alone, and there is no line', () => [A()], 'F-0yb8abo', null, '(removed S2)'],
    ['two items added: both keys, the first added item gives the line, the two ids read apart', () => [A(), B(), C(), D()], 'F-0o3sges', 6, '(added S3 S4)'],
  ];
  for (const [what, now, id, line, part] of cases) {
    it(what, () => {
      const f = planChangedFindings([A(), B()], now(), 'PLAN.md');
      assert.equal(f.length, 1);
      assert.equal(f[0]!.id, id);
      assert.equal(f[0]!.line, line);
      assert.ok(f[0]!.message.includes(part), f[0]!.message);
    });
  }
});
