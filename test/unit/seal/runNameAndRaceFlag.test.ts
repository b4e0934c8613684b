// Two readings of package-manager commands that once sent the seal the wrong way: `npm run -- x`
// handed script x its own name as an argument, and run-p/run-s took the -r/--race flag for an
// option with a value, so the script after it was never read and its files never sealed.
import { strict as assert } from 'node:assert';
import { npm, runAll } from '../../../src/core/seal/tools/packageScripts';
import { pkgJson, recordTool } from './recordTool';

const TWO = { 'package.json': pkgJson({ lint: 'sh l.sh', test: 'sh t.sh' }) };
const BOTH = {
  runs: ['. $ sh l.sh (scripts.lint)', '. $ sh t.sh (scripts.test)'],
  deps: ['manifest package.json json:scripts.lint,json:scripts.test <- the proof'],
  notes: [],
};

describe('package scripts: the script name after --, and flags of npm-run-all', () => {
  it('`npm run -- test` runs test with no arguments: the name is not handed to its own script', () => {
    assert.deepEqual(recordTool(npm, TWO, ['run', '--', 'test']), {
      runs: ['. $ sh t.sh (scripts.test)'],
      deps: ['manifest package.json json:scripts.test <- the proof'],
      notes: [],
    });
  });

  it('`npm run -- test a` hands only the words after the name to the script', () => {
    assert.deepEqual(recordTool(npm, TWO, ['run', '--', 'test', 'a']), {
      runs: ['. $ sh t.sh a (scripts.test)'],
      deps: ['manifest package.json json:scripts.test <- the proof'],
      notes: [],
    });
  });

  it('`npm test -- -x` hands the flag after -- to the script', () => {
    assert.deepEqual(recordTool(npm, TWO, ['test', '--', '-x']), {
      runs: ['. $ sh t.sh -x (scripts.test)'],
      deps: ['manifest package.json json:scripts.test <- the proof'],
      notes: [],
    });
  });

  it('`npm run --silent` names no script and runs nothing', () => {
    assert.deepEqual(recordTool(npm, TWO, ['run', '--silent']), { runs: [], deps: [], notes: [] });
  });

  for (const flag of ['-r', '--race']) {
    it(`\`run-p ${flag} lint test\` runs both scripts: ${flag} is a flag and takes no value`, () => {
      assert.deepEqual(recordTool(runAll, TWO, [flag, 'lint', 'test']), BOTH);
    });
  }
});
