// A shell at the end of a pipe reads its commands from the pipe only when it is given no -c and no
// script file; what `echo` or `printf` hands it is read as a command, their own flags left out, and
// only `cat` among the other stages is read as handing on the text of the files it names.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const rmClaude: BashFinding = { target: '.claude', kind: 'state', how: 'rm' };
const rmState: BashFinding = { target: '.claude/proofmeter', kind: 'state', how: 'rm' };
const unread: BashFinding = { target: 'a command nested deeper than the guard reads', kind: 'state', how: 'nested shell' };

// [what the test shows, the command, what the guard finds]
const rows: Array<[string, string, BashFinding[]]> = [
  ['a shell given -c with no command does not read the pipe', "echo 'rm -rf .claude' | sh -c", []],
  ['a shell given -c among other flags (-xc) does not read the pipe', "echo 'rm -rf .claude' | sh -xc", []],
  ['a shell given -c before other flags (-cx) does not read the pipe', "echo 'rm -rf .claude' | sh -cx", []],
  ['a shell given a script file runs the file, not the pipe', "echo 'rm -rf .claude' | sh tidy.sh", []],
  ['a long option that ends in c (--c) is not -c, so the pipe is read', "echo 'rm -rf .claude' | sh --c", [rmClaude]],
  ['a flag word with a digit after c (-c1) is not -c, so the pipe is read', "echo 'rm -rf .claude' | sh -c1", [rmClaude]],
  ['echo -n is left out of the text, so a leading cd is read as a cd', "echo -n 'cd .claude && rm -rf proofmeter' | sh", [rmState]],
  ['echo -ne is left out of the text, so a leading assignment is read as one', "echo -ne 'd=.claude; rm -rf $d' | sh", [rmClaude]],
  ['a word that only ends in -n is kept in the text', "echo 'rm -rf .claude/proofmeter/log-n' | sh", [{ target: '.claude/proofmeter/log-n', kind: 'state', how: 'rm' }]],
  ['a word that only starts with -n is kept in the text', "echo '-n; rm -rf .claude' | sh", [rmClaude]],
  ['the words echo prints are joined by spaces', 'echo rm -rf .claude | sh', [rmClaude]],
  ['a \\n that printf prints ends a command', "printf 'echo hi\\nrm -rf .claude' | sh", [rmClaude]],
  ['the text read from the pipe is one level deeper than the pipe', "$($($($(echo 'rm -rf x' | sh))))", [unread]],
  ['a stage other than cat, echo or printf naming a script file hands on no script', 'ls evil.sh | sh', []],
];

describe('the guard reads what a pipe hands a shell only when the shell reads the pipe', () => {
  for (const [name, command, expected] of rows) {
    it(name, () => {
      const { found } = guardRead(command, (ws) => {
        writeFileSync(join(ws, 'evil.sh'), 'rm -rf .claude/proofmeter\n');
        writeFileSync(join(ws, 'tidy.sh'), 'rm -rf build\n');
      });
      assert.deepEqual(found, expected);
    });
  }
});
