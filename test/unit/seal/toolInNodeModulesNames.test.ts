// A runner called through its file under node_modules is named by its .bin entry or its package
// folder (a scope is not the name), with a trailing .js, .cjs or .mjs of a .bin entry dropped.
import { strict as assert } from 'node:assert';
import { toolInNodeModules } from '../../../src/core/seal/tools/js';

const CASES: Array<[string, string, string | null]> = [
  ['a scoped package is named by the folder after its scope', 'node_modules/@scope/pkg/bin/x.js', 'pkg'],
  ['a scope of one letter is still only the scope', 'node_modules/@s/pkg/bin/x.js', 'pkg'],
  ['an unscoped package is named by its folder', 'node_modules/jest/bin/jest.js', 'jest'],
  ['a package folder of several letters is the whole folder name', 'node_modules/mocha/bin/mocha', 'mocha'],
  ['a package folder of one letter is named too', 'node_modules/x/cli.js', 'x'],
  ['a .bin entry ending in .json keeps its whole name, since only a final .js is dropped', 'node_modules/.bin/run.json', 'run.json'],
  ['a .bin entry ending in .js loses it', 'node_modules/.bin/mocha.js', 'mocha'],
  ['a .bin entry ending in .cjs loses it', 'node_modules/.bin/mocha.cjs', 'mocha'],
  ['a .bin entry ending in .mjs loses it', 'sub/node_modules/.bin/mocha.mjs', 'mocha'],
  ['a path outside node_modules names no runner', 'scripts/mocha.js', null],
];

describe('toolInNodeModules names the runner a node_modules path belongs to', () => {
  for (const [name, path, expected] of CASES) {
    it(name, () => assert.equal(toolInNodeModules(path), expected));
  }
});
