// Where npm, yarn, pnpm, npx and run-s/run-p draw the line between their own options, the script's
// name and the words handed on to the script. Each case lists every command handed back, file added
// and note, so a word moved from one side of the line to the other fails.
import { strict as assert } from 'node:assert';
import type { Ctx, ToolReader } from '../../../src/core/seal/context';
import { DepSet } from '../../../src/core/seal/deps';
import { npm, npx, runAll, runScript, yarnLike } from '../../../src/core/seal/tools/packageScripts';
import { memoryView } from '../../../src/core/seal/view';
import type { Files } from './helpers';
import { pkgJson, recordTool, type ToolRecord } from './recordTool';

const TEST = { 'package.json': pkgJson({ test: 'sh t.sh' }) };
const SUB = { 'package.json': pkgJson({ test: 'sh root.sh' }), 'sub/package.json': pkgJson({ test: 'sh t.sh' }) };
const TEST_DEP = 'manifest package.json json:scripts.test <- the proof';
const RUN_TEST = (extra: string): ToolRecord => ({ runs: [`. $ sh t.sh${extra} (scripts.test)`], deps: [TEST_DEP], notes: [] });
const IN_ROOT = (extra: string): ToolRecord => ({ runs: [`. $ sh root.sh${extra} (scripts.test)`], deps: [TEST_DEP], notes: [] });
const MISSING: ToolRecord = { runs: [], deps: ['manifest package.json json:scripts.missing <- the proof'], notes: [] };
const NOTHING: ToolRecord = { runs: [], deps: [], notes: [] };
const ONE = (text: string): ToolRecord => ({ runs: [`. $ ${text} (the proof)`], deps: [], notes: [] });

const CASES: Array<[string, ToolReader, Files, string[], ToolRecord]> = [
  ['`npm test` with no package.json notes where it looked', npm, {}, ['test'], { runs: [], deps: [], notes: ['the proof: no package.json above .'] }],
  ['`npm run missing` still depends on the script it did not find', npm, TEST, ['run', 'missing'], MISSING],
  [
    '`npm test -- -x` hands -x to test only, not to pretest or posttest',
    npm,
    { 'package.json': pkgJson({ pretest: 'sh pre.sh', test: 'sh t.sh', posttest: 'sh post.sh' }) },
    ['test', '--', '-x'],
    {
      runs: ['. $ sh pre.sh (scripts.pretest)', '. $ sh t.sh -x (scripts.test)', '. $ sh post.sh (scripts.posttest)'],
      deps: ['manifest package.json json:scripts.pretest,json:scripts.test,json:scripts.posttest <- the proof'],
      notes: [],
    },
  ],
  ['`npm test --prefix sub`: an option after the script name moves no folder', npm, SUB, ['test', '--prefix', 'sub'], IN_ROOT(' sub')],
  ['`npm test -- --prefix=sub` hands the option to the script', npm, SUB, ['test', '--', '--prefix=sub'], IN_ROOT(' --prefix=sub')],
  ['`npm --foo--prefix=sub test`: an option merely containing --prefix= moves no folder', npm, SUB, ['--foo--prefix=sub', 'test'], IN_ROOT('')],
  ['`npm --silent test` skips the option before the command', npm, TEST, ['--silent', 'test'], RUN_TEST('')],
  ['`npm test -- a -b` hands every word after the dashes, options too', npm, TEST, ['test', '--', 'a', '-b'], RUN_TEST(' a -b')],
  ['`npm test a --silent` hands the plain words on and keeps npm its options', npm, TEST, ['test', 'a', '--silent'], RUN_TEST(' a')],
  ['`npm run --silent test` takes the first plain word as the name', npm, TEST, ['run', '--silent', 'test'], RUN_TEST('')],
  ['`yarn install` is yarn\'s own command and runs nothing', yarnLike, TEST, ['install'], NOTHING],
  ['`pnpm run-script test` runs scripts.test', yarnLike, TEST, ['run-script', 'test'], RUN_TEST('')],
  ['`npx --call "eslint ."` reads the command given', npx, {}, ['--call', 'eslint .'], ONE('eslint .')],
  ['`npx -- -weird a` reads everything after the dashes as the command', npx, {}, ['--', '-weird', 'a'], ONE('-weird a')],
  ['`run-p --max-parallel 2 test` takes 2 as the option\'s value, not a script', runAll, TEST, ['--max-parallel', '2', 'test'], RUN_TEST('')],
  ['`run-s --npm-path npm test` takes npm as the option\'s value, not a script', runAll, TEST, ['--npm-path', 'npm', 'test'], RUN_TEST('')],
  ['`run-s "test  a"` splits at a run of spaces, leaving no empty argument', runAll, TEST, ['test  a'], RUN_TEST(' a')],
  ['`run-s missing` still depends on the script no name matched', runAll, TEST, ['missing'], MISSING],
];

describe('package scripts: options, names and the words handed on', () => {
  for (const [title, tool, files, args, expected] of CASES) {
    it(title, () => {
      assert.deepEqual(recordTool(tool, files, args), expected);
    });
  }

  it('runScript answers false when there is no package.json to find the script in', () => {
    const out = new DepSet();
    const ctx: Ctx = { view: memoryView({}), out, run: () => undefined, script: () => undefined };
    assert.equal(runScript(ctx, 'test', [], '.', 'the proof'), false);
    assert.deepEqual([...out.unresolved], ['the proof: no package.json above .']);
  });
});
