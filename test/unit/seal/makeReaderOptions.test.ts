// The make reader's options and arguments: `--directory`, the three spellings of `-f`, which of
// GNUmakefile, makefile and Makefile is read first, targets beside `VAR=value` overrides, and a
// prerequisite two targets share, whose recipe runs once.
import { strict as assert } from 'node:assert';
import { make } from '../../../src/core/seal/tools/make';
import type { Files } from './helpers';
import { recordTool, type ToolRecord } from './recordTool';

const OWN_AND_DEFAULT: Files = { 'my.mk': 'all:\n\techo my\n', Makefile: 'all:\n\techo default\n' };
const READS_MY_MK: ToolRecord = { runs: ['. $ echo my (make all)'], deps: ['makefile my.mk vars,target:all <- the proof'], notes: [] };

const CASES: Array<[string, Files, string[], ToolRecord]> = [
  [
    '`make --directory sub` reads sub/Makefile and runs its recipe in sub',
    { 'sub/Makefile': 'all:\n\ttrue\n', Makefile: 'all:\n\tfalse\n' },
    ['--directory', 'sub'],
    { runs: ['sub $ true (make all)'], deps: ['makefile sub/Makefile vars,target:all <- the proof'], notes: [] },
  ],
  ['`make -f my.mk` reads my.mk, not the Makefile', OWN_AND_DEFAULT, ['-f', 'my.mk'], READS_MY_MK],
  ['`make --file my.mk` reads my.mk, not the Makefile', OWN_AND_DEFAULT, ['--file', 'my.mk'], READS_MY_MK],
  ['`make --makefile my.mk` reads my.mk, not the Makefile', OWN_AND_DEFAULT, ['--makefile', 'my.mk'], READS_MY_MK],
  [
    'GNUmakefile is read before makefile and Makefile',
    { GNUmakefile: 'all:\n\techo gnu\n', makefile: 'all:\n\techo lower\n', Makefile: 'all:\n\techo upper\n' },
    [],
    { runs: ['. $ echo gnu (make all)'], deps: ['makefile GNUmakefile vars,target:all <- the proof'], notes: [] },
  ],
  [
    'makefile is read before Makefile',
    { makefile: 'all:\n\techo lower\n', Makefile: 'all:\n\techo upper\n' },
    [],
    { runs: ['. $ echo lower (make all)'], deps: ['makefile makefile vars,target:all <- the proof'], notes: [] },
  ],
  [
    'a target named on the command line sets no variable',
    { Makefile: 'chec = x\ncheck:\n\techo $(chec)\n' },
    ['check'],
    { runs: ['. $ echo x (make check)'], deps: ['makefile Makefile vars,target:check <- the proof'], notes: [] },
  ],
  [
    'a target named on the command line is built instead of the default',
    { Makefile: 'all:\n\techo a\ncheck:\n\techo c\n' },
    ['check'],
    { runs: ['. $ echo c (make check)'], deps: ['makefile Makefile vars,target:check <- the proof'], notes: [] },
  ],
  [
    'a prerequisite two targets share has its recipe run once',
    { Makefile: 'all: a b\na: c\nb: c\nc:\n\techo c\n' },
    [],
    { runs: ['. $ echo c (make c)'], deps: ['makefile Makefile vars,target:all,target:a,target:c,target:b <- the proof'], notes: [] },
  ],
];

describe('the make reader follows its options and arguments', () => {
  for (const [title, files, args, expected] of CASES) {
    it(title, () => {
      assert.deepEqual(recordTool(make, files, args), expected);
    });
  }
});
