// node run alone: which words are its own options (the ones before the script), the loader flags
// that load setup files, the inline-code flags, --test's patterns, and the words handed on to a
// runner under node_modules or to the script.
import { strict as assert } from 'node:assert';
import { node } from '../../../src/core/seal/tools/js';
import type { Files } from './helpers';
import { recordTool, type ToolRecord } from './recordTool';

const SETUP = 'test-helper s.js <- the proof';
const RUNS_X = '. script x.js node [] (the proof)';
const INLINE: ToolRecord = { runs: [], deps: [], notes: ['the proof: node runs inline code, not read'] };
const FILES: Files = { 'x.js': '', 's.js': '' };

const CASES: Array<[string, Files, string[], ToolRecord]> = [
  ['the value of -r is not the script', FILES, ['-r', './s.js', 'x.js'], { runs: [RUNS_X], deps: [SETUP], notes: [] }],
  ['--require loads a setup file', FILES, ['--require', './s.js', 'x.js'], { runs: [RUNS_X], deps: [SETUP], notes: [] }],
  ['--import loads a setup file', FILES, ['--import', './s.js', 'x.js'], { runs: [RUNS_X], deps: [SETUP], notes: [] }],
  ['--loader loads a setup file', FILES, ['--loader', './s.js', 'x.js'], { runs: [RUNS_X], deps: [SETUP], notes: [] }],
  ['--experimental-loader loads a setup file', FILES, ['--experimental-loader', './s.js', 'x.js'], { runs: [RUNS_X], deps: [SETUP], notes: [] }],
  ['options after the script are the script\'s, not node\'s', FILES, ['x.js', '--require', './s.js'], { runs: ['. script x.js node [--require ./s.js] (the proof)'], deps: [], notes: [] }],
  ['--eval runs inline code', FILES, ['--eval', 'x.js'], INLINE],
  ['-p runs inline code', FILES, ['-p', 'x.js'], INLINE],
  ['--print runs inline code', FILES, ['--print', 'x.js'], INLINE],
  ['node --test takes the tests after its options, not the options\' values', { 's.js': '', 'test/a.test.js': '' }, ['-r', './s.js', '--test', 'test/a.test.js'], { runs: [], deps: [SETUP, 'test test/a.test.js <- the proof runs node --test'], notes: [] }],
  ['a runner under node_modules gets the words after its path', {}, ['--no-warnings', 'node_modules/.bin/mocha', '--recursive'], { runs: ['. $ mocha --recursive (the proof)'], deps: [], notes: [] }],
  ['a script gets the words after its path', FILES, ['--no-warnings', 'x.js', 'a', 'b'], { runs: ['. script x.js node [a b] (the proof)'], deps: [], notes: [] }],
];

describe('node tells its own options from the script and the script\'s words', () => {
  for (const [name, files, args, expected] of CASES) {
    it(name, () => {
      const got = recordTool(node, files, args);
      assert.deepEqual({ ...got, deps: [...got.deps].sort() }, { ...expected, deps: [...expected.deps].sort() });
    });
  }
});
