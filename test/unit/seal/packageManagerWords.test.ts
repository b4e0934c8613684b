// The package managers' readers word by word: the options that move the folder a script is found
// from (`--prefix dir`, `-C dir`, `--cwd=dir`), `npm exec`/`yarn dlx` handing the rest on as a
// command, `yarn run [opts] x -- args`, yarn's `t` for test, `npx -c`, and concurrently's options and
// `npm:x` shorthands. Each case lists every command handed back, file added and note.
import { strict as assert } from 'node:assert';
import type { ToolReader } from '../../../src/core/seal/context';
import { concurrently, npm, npx, yarnLike } from '../../../src/core/seal/tools/packageScripts';
import type { Files } from './helpers';
import { pkgJson, recordTool, type ToolRecord } from './recordTool';

const SUB = { 'package.json': pkgJson({ test: 'sh root.sh' }), 'sub/package.json': pkgJson({ test: 'sh t.sh' }) };
const IN_SUB: ToolRecord = { runs: ['sub $ sh t.sh (scripts.test)'], deps: ['manifest sub/package.json json:scripts.test <- the proof'], notes: [] };
const IN_ROOT: ToolRecord = { runs: ['. $ sh root.sh (scripts.test)'], deps: ['manifest package.json json:scripts.test <- the proof'], notes: [] };
const ONE = (text: string): ToolRecord => ({ runs: [`. $ ${text} (the proof)`], deps: [], notes: [] });
const NOTHING: ToolRecord = { runs: [], deps: [], notes: [] };
const TEST = { 'package.json': pkgJson({ test: 'sh t.sh' }) };
const TEST_RUN: ToolRecord = { runs: ['. $ sh t.sh (scripts.test)'], deps: ['manifest package.json json:scripts.test <- the proof'], notes: [] };

const CASES: Array<[string, ToolReader, Files, string[], ToolRecord]> = [
  ['`npm --prefix sub test` finds the package in sub', npm, SUB, ['--prefix', 'sub', 'test'], IN_SUB],
  ['`npm -C sub test` finds the package in sub', npm, SUB, ['-C', 'sub', 'test'], IN_SUB],
  ['`npm --dir sub test` finds the package in sub', npm, SUB, ['--dir', 'sub', 'test'], IN_SUB],
  ['`npm --cwd sub test` finds the package in sub', npm, SUB, ['--cwd', 'sub', 'test'], IN_SUB],
  ['`npm --prefix=sub test` finds the package in sub', npm, SUB, ['--prefix=sub', 'test'], IN_SUB],
  ['`npm --cwd=sub test` finds the package in sub', npm, SUB, ['--cwd=sub', 'test'], IN_SUB],
  ['`npm -w sub test` skips the workspace name but stays in the folder', npm, SUB, ['-w', 'sub', 'test'], IN_ROOT],
  ['`npm --workspace sub test` skips the workspace name but stays in the folder', npm, SUB, ['--workspace', 'sub', 'test'], IN_ROOT],
  ['`npm exec -- sh a.sh` hands on the command without the dashes', npm, {}, ['exec', '--', 'sh', 'a.sh'], ONE('sh a.sh')],
  ["`npm x sh \"it's\"` quotes a word holding a quote", npm, {}, ['x', 'sh', "it's"], ONE("sh 'it'\\''s'")],
  ['`npm install lodash` hands on nothing', npm, TEST, ['install', 'lodash'], NOTHING],
  ['`yarn exec sh a.sh` hands on the command', yarnLike, TEST, ['exec', 'sh', 'a.sh'], ONE('sh a.sh')],
  ['`yarn dlx cowsay "hi there"` quotes the word with a space', yarnLike, {}, ['dlx', 'cowsay', 'hi there'], ONE("cowsay 'hi there'")],
  [
    '`yarn run --silent x -- --grep "a b"` skips the option before the name and hands the rest to the script',
    yarnLike,
    { 'package.json': pkgJson({ x: 'mocha' }) },
    ['run', '--silent', 'x', '--', '--grep', 'a b'],
    { runs: [". $ mocha --grep 'a b' (scripts.x)"], deps: ['manifest package.json json:scripts.x <- the proof'], notes: [] },
  ],
  ['`yarn run test` runs scripts.test', yarnLike, TEST, ['run', 'test'], TEST_RUN],
  ['`yarn t` is scripts.test', yarnLike, TEST, ['t'], TEST_RUN],
  ['`yarn tst` is scripts.test', yarnLike, TEST, ['tst'], TEST_RUN],
  ['`yarn t` with no package.json runs a binary named t', yarnLike, {}, ['t'], ONE('t')],
  ['`yarn mocha --grep x` with no such script runs the binary', yarnLike, TEST, ['mocha', '--grep', 'x'], ONE('mocha --grep x')],
  ['`npx -c "sh a.sh"` reads the command given', npx, {}, ['-c', 'sh a.sh'], ONE('sh a.sh')],
  ['`npx --yes -c "sh a.sh"` reads the command given', npx, {}, ['--yes', '-c', 'sh a.sh'], ONE('sh a.sh')],
  ['`npx -c` with nothing after reads nothing', npx, {}, ['-c'], NOTHING],
  ['`npx mocha` reads mocha once', npx, {}, ['mocha'], ONE('mocha')],
  ["`npx -- ''` reads the empty word after the dashes", npx, {}, ['--', ''], ONE("''")],
  [
    '`concurrently -n lint,test "sh a.sh" npm:test` reads the command and the script',
    concurrently,
    TEST,
    ['-n', 'lint,test', 'sh a.sh', 'npm:test'],
    { runs: ['. $ sh a.sh (the proof)', '. $ sh t.sh (scripts.test)'], deps: ['manifest package.json json:scripts.test <- the proof'], notes: [] },
  ],
  ['concurrently reads "echo npm:test" as a command, not a script', concurrently, TEST, ['echo npm:test'], ONE('echo npm:test')],
  ['concurrently reads a two-line "npm:a\\nb" as a command, not a script', concurrently, TEST, ['npm:a\nb'], ONE('npm:a\nb')],
];

const CONCURRENTLY_VALUE = ['-n', '--names', '-c', '--prefix-colors', '-p', '--prefix', '-s', '--success', '--max-processes', '-m', '--restart-tries', '--name-separator', '-l', '--prefix-length', '-t', '--timestamp-format'];

describe('package managers word by word', () => {
  for (const [title, tool, files, args, expected] of CASES) {
    it(title, () => {
      assert.deepEqual(recordTool(tool, files, args), expected);
    });
  }
  for (const opt of CONCURRENTLY_VALUE) {
    it(`concurrently ${opt} takes the next word as its value, not a command`, () => {
      assert.deepEqual(recordTool(concurrently, {}, [opt, 'v', 'sh a.sh']), ONE('sh a.sh'));
    });
  }
});
