// The lint and make readers alone: eslint's named configs, tsc given source files (no project is
// read), the fixed-name config tools (prettier, biome), make with no Makefile, its includes, its
// `VAR=value` overrides and a Makefile with no target. Each case lists every command handed back,
// file added and note.
import { strict as assert } from 'node:assert';
import type { ToolReader } from '../../../src/core/seal/context';
import { biome, eslint, prettier, tsc } from '../../../src/core/seal/tools/lint';
import { make } from '../../../src/core/seal/tools/make';
import type { Files } from './helpers';
import { recordTool, type ToolRecord } from './recordTool';

const TSCONFIG = { 'tsconfig.json': '{}' };
const NOTHING: ToolRecord = { runs: [], deps: [], notes: [] };
const READS_TSCONFIG: ToolRecord = { runs: [], deps: ['type-config tsconfig.json <- the proof runs tsc'], notes: [] };

const CASES: Array<[string, ToolReader, Files, string[], ToolRecord]> = [
  [
    '`eslint -c my.json --ignore-path .gitignore src` depends on both files named',
    eslint,
    {},
    ['-c', 'my.json', '--ignore-path', '.gitignore', 'src'],
    { runs: [], deps: ['lint-config .gitignore <- the proof runs eslint', 'lint-config my.json <- the proof runs eslint'], notes: [] },
  ],
  ['`tsc a.ts` compiles the file given and reads no tsconfig', tsc, TSCONFIG, ['a.ts'], NOTHING],
  ['`tsc a.mts` compiles the file given and reads no tsconfig', tsc, TSCONFIG, ['a.mts'], NOTHING],
  ['`tsc a.cts` compiles the file given and reads no tsconfig', tsc, TSCONFIG, ['a.cts'], NOTHING],
  ['`tsc a.tsx` compiles the file given and reads no tsconfig', tsc, TSCONFIG, ['a.tsx'], NOTHING],
  ['`tsc --noEmit` reads tsconfig.json', tsc, TSCONFIG, ['--noEmit'], READS_TSCONFIG],
  ['`tsc a.tsbuildinfo` names no source file, so tsconfig.json is read', tsc, TSCONFIG, ['a.tsbuildinfo'], READS_TSCONFIG],
  [
    '`prettier --check .` depends on its configs and package.json "prettier"',
    prettier,
    { '.prettierrc': '{}', '.prettierignore': 'dist\n', 'package.json': '{}', '.eslintrc': '{}' },
    ['--check', '.'],
    { runs: [], deps: ['lint-config .prettierignore <- the proof runs prettier', 'lint-config .prettierrc <- the proof runs prettier', 'manifest package.json json:prettier <- the proof runs prettier'], notes: [] },
  ],
  ['`biome check .` depends on biome.json only', biome, { 'biome.json': '{}', 'package.json': '{}' }, ['check', '.'], { runs: [], deps: ['lint-config biome.json <- the proof runs biome'], notes: [] }],
  ['`make` with no Makefile says so', make, { 'sub/Makefile': 'all:\n\ttrue\n' }, [], { runs: [], deps: [], notes: ['the proof: make finds no Makefile in .'] }],
  ['`make -C sub` with no sub/Makefile says so', make, { Makefile: 'all:\n\ttrue\n' }, ['-C', 'sub'], { runs: [], deps: [], notes: ['the proof: make finds no Makefile in sub'] }],
  [
    'an included makefile that exists is a dependency; a missing one is not',
    make,
    { Makefile: 'include common.mk\n-include missing.mk\ncheck:\n\tsh t.sh\n', 'common.mk': 'X = 1\n' },
    ['check'],
    { runs: ['. $ sh t.sh (make check)'], deps: ['makefile Makefile vars,target:check <- the proof', 'makefile common.mk <- the proof (included by Makefile)'], notes: [] },
  ],
  [
    '`make check T=./o.sh` puts the value given in place of the Makefile\'s',
    make,
    { Makefile: 'T = sh t.sh\ncheck:\n\t$(T) -q\n' },
    ['check', 'T=./o.sh'],
    { runs: ['. $ ./o.sh -q (make check)'], deps: ['makefile Makefile vars,target:check <- the proof'], notes: [] },
  ],
  ['a bare `make` on a Makefile with no target reads its variables only', make, { Makefile: 'X = 1\n' }, [], { runs: [], deps: ['makefile Makefile vars <- the proof'], notes: [] }],
];

describe('lint and make readers alone', () => {
  for (const [title, tool, files, args, expected] of CASES) {
    it(title, () => {
      assert.deepEqual(recordTool(tool, files, args), expected);
    });
  }
});
