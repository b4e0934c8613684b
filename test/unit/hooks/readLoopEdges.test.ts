// The edges of the guard's reading of `while read` loops: which files feed the variable `read`
// sets (a `done < list`, a printing stage piped into `while` or `until`), which words of them it
// stands for, and which commands set it.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const RM_STATE: BashFinding = { target: '.claude/proofmeter', kind: 'state', how: 'rm' };
const RM_ANY_CLAUDE: BashFinding = { target: '$f/.claude', kind: 'state', how: 'rm' };

function prepare(ws: string): void {
  writeFileSync(join(ws, 'list'), 'proofmeter\n');
  writeFileSync(join(ws, 'spaced'), '  proofmeter\n');
  writeFileSync(join(ws, 'other'), 'build\n');
  // A file named like the printing verb: `cat list` reads list, not a file called cat.
  writeFileSync(join(ws, 'cat'), 'build\n');
}

// [what the row shows, the command, every finding the guard makes]
const rows: Array<[string, string, BashFinding[]]> = [
  ['a list starting with blank space feeds its first word, not an empty one', 'while read f; do rm -rf .claude/$f; done < spaced', [RM_STATE]],
  ['a loop whose done reads no file leaves the variable unknown', 'while read f; do rm -rf $f/.claude; done', [RM_ANY_CLAUDE]],
  ['a read outside any loop fed by a file leaves the variable unknown', 'read f; rm -rf $f/.claude', [RM_ANY_CLAUDE]],
  ['a read spelled with quotes leaves the variable unknown when no file feeds it', "r''ead f; rm -rf $f/.claude", [RM_ANY_CLAUDE]],
  ['the variable stands for the word of the list the loop reads', 'while read f; do rm -rf .claude/$f; done < list', [RM_STATE]],
  ['a command other than read in the loop does not set the variable it names', 'while read f; do echo g; rm -rf $g/.claude; done < list', [{ target: '$g/.claude', kind: 'state', how: 'rm' }]],
  ['read sets the first of its words that is a name, past one starting with a digit', 'while read 9f g; do rm -rf .claude/$g; done < list', [RM_STATE]],
  ['read sets the first of its words that is a name, past one holding a dash', 'while read f-x g; do rm -rf .claude/$g; done < list', [RM_STATE]],
  ['read sets a name of several letters', 'while read ab; do rm -rf .claude/$ab; done < list', [RM_STATE]],
  ['a file read by a command inside the loop does not feed the variable', 'while read f; do cat < other; rm -rf .claude/$f; done < list', [RM_STATE]],
  ['a file piped into a command that is not a loop does not feed the variable', 'cat other | sort; while read f; do rm -rf .claude/$f; done < list', [RM_STATE]],
  ['an until loop fed by cat down a pipe reads its words', 'cat list | until ! read f; do rm -rf .claude/$f; done', [RM_STATE]],
  ['the verb that prints the list into the loop is not read as a file', 'cat list | while read f; do rm -rf .claude/$f; done', [RM_STATE]],
];

describe('the variable a while-read loop sets', () => {
  for (const [name, command, expected] of rows) {
    it(`${name}: ${command}`, () => {
      assert.deepEqual(guardRead(command, prepare).found, expected);
    });
  }
});
