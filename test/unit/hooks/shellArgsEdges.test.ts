// The edges of `sh -c BODY $0 $1 …`: what $@ and $* stand for, that the body is read only with its
// arguments, how deep the words after the body are read, and a script piped into a shell from
// cat with no file on cat's standard input.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const RM_CLAUDE: BashFinding = { target: '.claude', kind: 'state', how: 'rm' };
const UNREAD: BashFinding = { target: 'a command nested deeper than the guard reads', kind: 'state', how: 'nested shell' };

function prepare(ws: string): void {
  writeFileSync(join(ws, 'tidy.sh'), 'echo tidy\n');
  // A file whose name is no word any command here gives: read only if the guard invents that name.
  writeFileSync(join(ws, 'Stryker was here'), 'rm -rf .claude/proofmeter\n');
}

// [what the row shows, the command, every finding the guard makes]
const rows: Array<[string, string, BashFinding[]]> = [
  ['a body running $@ runs the words after $0 as one command', `sh -c '$@' _ rm -rf .claude`, [RM_CLAUDE]],
  ['a body running $* runs the words after $0 as one command', `sh -c '$*' _ rm -rf .claude`, [RM_CLAUDE]],
  ['a body removing $* removes the word after $0', `sh -c 'rm -rf $*' _ .claude`, [RM_CLAUDE]],
  ['a body removing $* given only $0 removes nothing', `sh -c 'rm -rf $*' .claude`, []],
  ['a body removing .claude below its first argument removes it there, not in ours', `sh -c 'rm -rf $1/.claude' _ build`, []],
  ['a word after the body nested past the deepest level read is refused', `sh -c true 'true $(true $(true $(true $(rm -rf .claude))))'`, [UNREAD]],
  ['cat with no file on its standard input hands the shell only its own files', 'cat tidy.sh | sh', []],
];

describe('the arguments of a shell given a command', () => {
  for (const [name, command, expected] of rows) {
    it(`${name}: ${command}`, () => {
      assert.deepEqual(guardRead(command, prepare).found, expected);
    });
  }
});
