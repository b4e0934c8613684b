// How a changed command text is read in each dialect: a make target's recipe lines (a line marked
// `-` that can fail, trailing blanks, several constant lines), a node or python script's first
// statement (after comments, indented imports, a shebang), what counts as emptied in each
// dialect, and a `before` that could not fail already, so nothing it becomes is a finding.
import { strict as assert } from 'node:assert';
import { commandFacts, type Dialect, type Fact } from '../../../src/core/seal/checks';

const EMPTIED: Fact[] = [{ kind: 'checker-trivialized', what: 'was emptied: it cannot fail', line: null, key: 'emptied' }];
const trivial = (culprit: string): Fact[] => [{ kind: 'checker-trivialized', what: `can no longer fail: \`${culprit}\` decides its exit`, line: null, key: culprit }];

const CASES: Array<[string, string | null, string, Dialect, Fact[]]> = [
  ['a make target with a line that can fail besides a `true` line can still fail', 'check:\n\tnpm test\n', 'check:\n\tnpm test\n\ttrue\n', 'make', []],
  ['a make target whose only line is `-true` is trivialized by `true`, not swallowed by the `-`', 'check:\n\tnpm test\n', 'check:\n\t-true\n', 'make', trivial('true')],
  [
    'a make line marked `-` that can fail swallows the failure, named with its `-` and without trailing blanks',
    'check:\n\tnpm test\n',
    'check:\n\t-npm test  \n',
    'make',
    [{ kind: 'failure-swallowed', what: 'can no longer fail: `-npm test` hides the failure', line: null, key: '-npm test' }],
  ],
  ['a make target whose only line is `true` with trailing blanks is trivialized by `true`', 'check:\n\tnpm test\n', 'check:\n\ttrue  \n', 'make', trivial('true')],
  ['a make target of two constant lines names both, joined by `; `', 'check:\n\tnpm test\n', 'check:\n\ttrue\n\techo ok\n', 'make', trivial('true; echo ok')],
  ['a make target left with no recipe line was emptied', 'check:\n\tnpm test\n', 'check:\n', 'make', EMPTIED],
  ['a make target left with a recipe line of only blanks was emptied', 'check:\n\tnpm test\n', 'check:\n\t  \n', 'make', EMPTIED],
  ['a python script of only an import that now exits 0 after it can no longer fail', 'import sys\n', 'import sys\nsys.exit(0)\n', 'python', trivial('sys.exit(0)')],
  ['a node script whose first statement after a comment line exits 0 can no longer fail', 'run();\n', '// done\nprocess.exit(0)\n', 'node', trivial('process.exit(0)')],
  ['a node script that exits 0 after an indented import can no longer fail', 'run();\n', ' import fs from "fs";\nprocess.exit(0);\n', 'node', trivial('process.exit(0);')],
  ['the exit 0 of a node script is named without its trailing blanks', 'run();\n', 'process.exit(0)  \nrun();\n', 'node', trivial('process.exit(0)')],
  ['a node script left with only a comment was emptied', 'run();\n', '// nothing\n', 'node', EMPTIED],
  ['a node script left with only a shebang was emptied', 'run();\n', '#!/usr/bin/env node\n', 'node', EMPTIED],
  ['a node script whose `#!` is not at the start of its line is not emptied', 'run();\n', ' #!x\n', 'node', []],
  ['a shell script left with only blanks was emptied', 'npm test\n', '  \n', 'sh', EMPTIED],
  ['a shell script left with only an indented comment was emptied', 'npm test\n', '  # nothing\n', 'sh', EMPTIED],
  ['a shell script that could not fail before and is emptied now is no finding', 'true\n', '\n', 'sh', []],
  [
    'a shell script that now ends in `|| true` swallows the failure, one finding and not the loosening too',
    'npm test\n',
    'npm test || true\n',
    'sh',
    [{ kind: 'failure-swallowed', what: 'can no longer fail: `|| true` hides the failure', line: null, key: '|| true' }],
  ],
];

describe('commandFacts in each dialect', () => {
  for (const [name, before, after, dialect, expected] of CASES) {
    it(name, () => assert.deepEqual(commandFacts(before, after, dialect), expected));
  }
});
