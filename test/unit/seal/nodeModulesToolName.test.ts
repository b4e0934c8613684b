// A runner called through its file under node_modules is named by that path; and the words after a
// node script are handed to the script, not the script's own path.
import { strict as assert } from 'node:assert';
import { DepSet } from '../../../src/core/seal/deps';
import type { Ctx } from '../../../src/core/seal/context';
import { node, toolInNodeModules } from '../../../src/core/seal/tools/js';
import { memoryView } from '../../../src/core/seal/view';

const NAMES: Array<[string, string, string | null]> = [
  ['a .bin entry with .js is the name without it', 'node_modules/.bin/mocha.js', 'mocha'],
  ['a .bin entry with .cjs is the name without it', 'node_modules/.bin/x.cjs', 'x'],
  ['a .bin entry with .mjs is the name without it', 'node_modules/.bin/x.mjs', 'x'],
  ['.js only counts at the end of the name', 'node_modules/.bin/a.json', 'a.json'],
  ['a package file is the package name', 'node_modules/jest/bin/jest.js', 'jest'],
  ['a one-letter package is named too', 'node_modules/x/cli.js', 'x'],
  ['a scoped package is the name after the scope', 'node_modules/@scope/tool/bin.js', 'tool'],
  ['a one-letter scope is skipped as well', 'node_modules/@s/tool/bin.js', 'tool'],
  ['a path outside node_modules is no tool', 'scripts/run.js', null],
];

describe('toolInNodeModules names the runner a node_modules path stands for', () => {
  for (const [name, path, expected] of NAMES) {
    it(name, () => assert.equal(toolInNodeModules(path), expected));
  }
});

describe('node hands a script the words after it', () => {
  it('the script gets only the words after its own path', () => {
    const calls: Array<[string, string[]]> = [];
    const ctx: Ctx = {
      view: memoryView({ 'app.js': '' }),
      out: new DepSet(),
      run: () => undefined,
      script: (path, _interpreter, args) => {
        calls.push([path, args]);
      },
    };
    node(ctx, ['--no-warnings', 'app.js', 'one', 'two'], '.', 'the proof');
    assert.deepEqual(calls, [['app.js', ['one', 'two']]]);
  });
});
