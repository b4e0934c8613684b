// Redirections, copies and symbolic links whose reading depends on the folder they run in or land
// in: a descriptor duplication writes no file, an unread brace expansion names no file of its own,
// only a folder copied whole may write the .claude folder itself, only rsync --delete removes its
// destination, only ln makes a second name, and `ln -s` makes its link inside a folder not made yet
// when the folder is `.`, a -t/--target-directory, one of several sources' destination, or ends in /.
import { strict as assert } from 'node:assert';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const goal: BashFinding = { target: '.claude/proofmeter/goal.json', kind: 'state', how: 'rm' };

// [what the test shows, the command, what the guard finds]
const rows: Array<[string, string, BashFinding[]]> = [
  ['2>&1 inside the state folder writes no file there', 'cd .claude/proofmeter && ls 2>&1', []],
  [
    'a redirection to an unread brace expansion inside the state folder is refused as unread only',
    'cd .claude/proofmeter && echo x > x{1..5000}',
    [{ target: 'a brace expansion larger than the guard reads', kind: 'state', how: 'brace expansion' }],
  ],
  ['a plain cp of a file named .claude into the workspace is not a copy into the .claude folder', 'cp other/.claude .', []],
  ['a --delete option on cp removes nothing', 'cp --delete-x notes.txt .claude', []],
  [
    'rsync --delete-after removes what its destination holds',
    'rsync -a --delete-after src/ .claude',
    [
      { target: '.claude', kind: 'claude-dir', how: 'rsync' },
      { target: '.claude', kind: 'state', how: 'rsync --delete' },
    ],
  ],
  ['a copy is not a link: a later path through the copy stays in the copy', 'cp .claude/proofmeter p && rm -rf p/goal.json', []],
  ['ln --target-directory=DIR given first makes the link inside DIR', 'mkdir -p links && ln --target-directory=links -s ../.claude/proofmeter && rm -rf links/proofmeter/goal.json', [goal]],
  ['ln -s --target-directory=DIR makes the link inside DIR', 'mkdir -p links && ln -s --target-directory=links ../.claude/proofmeter && rm -rf links/proofmeter/goal.json', [goal]],
  ['ln -s with one operand makes the link in a folder cd entered before it was made', 'mkdir -p links && cd links && ln -s ../.claude/proofmeter && rm -rf proofmeter/goal.json', [goal]],
  ['ln -s with several sources makes each link inside the destination', 'mkdir -p links && ln -s ../.claude/proofmeter ../.claude/settings.json links && rm -rf links/proofmeter/goal.json', [goal]],
  ['ln -s into DIR/ makes the link inside DIR', 'mkdir -p links && ln -s ../.claude/proofmeter links/ && rm -rf links/proofmeter/goal.json', [goal]],
];

describe('the guard reads redirections, copies and links from where they run and land', () => {
  for (const [name, command, expected] of rows) {
    it(name, () => {
      assert.deepEqual(guardRead(command).found, expected);
    });
  }
});
