// normPath, joinPath, dirOf and ancestors at their edges: empty parts, paths from home or a drive,
// a ~ or a drive letter inside a path, a path right under /, and the chain of folders to the root.
import { strict as assert } from 'node:assert';
import { ancestors, dirOf, joinPath, normPath } from '../../../src/core/seal/paths';

const NORM: Array<[string, string | null]> = [
  ['a/b', 'a/b'],
  ['a//b', 'a/b'],
  ['a\\b', 'a/b'],
];

const JOIN: Array<[string, string, string | null]> = [
  ['.', '~/x', null],
  ['.', 'a~', 'a~'],
  ['.', 'a/c:/x', 'a/c:/x'],
  ['.', 'C:/x', null],
  ['.', 'C:\\x', null],
  ['.', '1:/x', '1:/x'],
  ['.', 'C:x', 'C:x'],
  ['src', 'a', 'src/a'],
];

describe('normPath at its edges', () => {
  for (const [path, want] of NORM) {
    it(`${path} is ${want}`, () => assert.equal(normPath(path), want));
  }
});

describe('joinPath at its edges', () => {
  for (const [dir, rel, want] of JOIN) {
    it(`${rel} from ${dir} is ${want ?? 'outside the workspace'}`, () => assert.equal(joinPath(dir, rel), want));
  }
});

describe('dirOf and ancestors', () => {
  it('the folder of a path right under / is the empty string', () => assert.equal(dirOf('/a'), ''));
  it('the folder of a bare name is the root', () => assert.equal(dirOf('a'), '.'));
  it('the ancestors of a/b are a/b, a and the root', () => assert.deepEqual(ancestors('a/b'), ['a/b', 'a', '.']));
  it('the ancestors of the root are the root alone', () => assert.deepEqual(ancestors('.'), ['.']));
});
