// npx's own options end where the command starts: after `--`, and before the first word that is
// neither an option nor an option's value, even when that word is also an option's value.
import { strict as assert } from 'node:assert';
import { npx } from '../../../src/core/seal/tools/packageScripts';
import { recordTool } from './recordTool';

// [the words after npx, the command it reads]
const cases: Array<[string[], string[]]> = [
  [['--', 'mocha'], ['. $ mocha (the proof)']],
  [['--yes', '--', 'mocha', '--grep', 'a b'], [". $ mocha --grep 'a b' (the proof)"]],
  [['-p', 'mocha', 'mocha'], ['. $ mocha (the proof)']],
  [['--package', 'mocha@10', '--', 'mocha', 'test'], ['. $ mocha test (the proof)']],
  [['--package=mocha', 'mocha'], ['. $ mocha (the proof)']],
  [['-y', 'mocha', '--', '-x'], ['. $ mocha -- -x (the proof)']],
  [['-', 'x'], ['. $ - x (the proof)']],
  [['--yes'], []],
  [['--'], []],
  [['-p'], []],
];

describe('npx reads the command after its own options', () => {
  for (const [args, runs] of cases) {
    it(`npx ${args.join(' ')} reads ${runs.length ? runs.join(', ') : 'no command'}`, () => {
      assert.deepEqual(recordTool(npx, {}, args).runs, runs);
    });
  }
});
