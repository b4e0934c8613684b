import { strict as assert } from 'node:assert';
import { relativeIfInside, relativeInside } from '../../../src/workspace/insidePath';

describe('relativeInside and relativeIfInside', () => {
  const cases: Array<[string, string, string, string | null]> = [
    ['a file in the folder is named relative to it', '/ws', '/ws/PLAN.md', 'PLAN.md'],
    ['a file deeper down keeps its folders', '/ws', '/ws/docs/plan.md', 'docs/plan.md'],
    ['the folder itself is not inside it', '/ws', '/ws', null],
    ['the folder above is outside', '/ws', '/', null],
    ['a sibling folder is outside', '/ws', '/other/PLAN.md', null],
    ['a folder whose name only starts like it is outside', '/ws', '/ws2/PLAN.md', null],
    ['a file whose name starts with two dots is still inside', '/ws', '/ws/..notes.md', '..notes.md'],
    ['a path through .. that ends inside is inside', '/ws', '/ws/a/../b.md', 'b.md'],
  ];
  for (const [name, dir, abs, want] of cases) {
    it(name, () => {
      assert.equal(relativeInside(dir, abs), want);
      assert.equal(relativeIfInside(dir, abs), want ?? abs);
    });
  }
});
