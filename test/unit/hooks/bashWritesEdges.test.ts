// The edges of the guard's Bash reading: which redirection feeds a shell its script, a word holding
// a whole command, the output option's name, the depth a command the guard has no reading of is
// read to, and the loop variable of a `for`.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const NESTED: BashFinding = { target: 'a command nested deeper than the guard reads', kind: 'state', how: 'nested shell' };
const RM_CLAUDE: BashFinding = { target: '.claude', kind: 'state', how: 'rm' };

function prepare(ws: string): void {
  mkdirSync(join(ws, 'sub'), { recursive: true });
  writeFileSync(join(ws, 'evil.sh'), 'rm -rf .claude/proofmeter\n');
  // A file named like a descriptor number, holding a removal.
  writeFileSync(join(ws, '3'), 'rm -rf .claude/proofmeter\n');
}

// [what the row shows, the command, every finding the guard makes]
const rows: Array<[string, string, BashFinding[]]> = [
  ['a shell given a script on another descriptor than standard input does not run it', 'bash 3< evil.sh', []],
  ['a shell whose standard input is duplicated from a descriptor does not run the file named like the number', 'bash <&3', []],
  ['a shell given a script on standard input runs it', 'bash 0< evil.sh', [{ target: '.claude/proofmeter', kind: 'state', how: 'rm' }]],
  ['a word holding a command is read as that command with the words after it', '"rm -rf" .claude', [RM_CLAUDE]],
  ['a write by an output option is named after the verb', 'sort -o .claude/settings.json x', [{ target: '.claude/settings.json', kind: 'settings', how: 'sort output' }]],
  ['a word holding a command at the deepest level read is nested too deep', 'echo $(echo $(echo $(echo $("echo hi" x))))', [NESTED]],
  ['a shell run by an unknown command at the third level reads its body past the deepest level', 'echo $(echo $(echo $(foo sh -c x)))', [NESTED]],
  ['a word holding a command given to an unknown command at the third level reads past the deepest level', 'echo $(echo $(echo $(foo "eval x")))', [NESTED]],
  ['an assignment given to an unknown command as a word sets no variable', 'foo x=.claude; rm -rf $x', []],
  ['a word given to an unknown command holding a command with wide spaces is read as one', "foo 'rm  -rf  .claude'", [RM_CLAUDE]],
  ['a command that is not a for sets no loop variable', 'echo x in .claude; rm -rf $x', []],
  ['a for without in leaves a variable set before it as it was', 'x=.claude; for x; do rm -rf $x; done', [RM_CLAUDE]],
  ['a for whose name starts with a digit is read as a command', 'for 1x in proofmeter install', [{ target: 'proofmeter install', kind: 'gate-change', how: 'meter command' }]],
  ['a for whose name holds a dot is read as a command', 'for a.b in proofmeter install', [{ target: 'proofmeter install', kind: 'gate-change', how: 'meter command' }]],
  ['a for whose words name the runner and a subcommand is a loop, not a meter command', 'for x in proofmeter install; do echo $x; done', []],
  ['a loop variable whose name holds a digit stands for its protected word', 'for x1 in .claude; do rm -rf $x1; done', [RM_CLAUDE]],
  ['a loop variable stands for its first word that is not an expansion', 'for f in $y sub; do cd $f && rm -rf ../.claude; done', [RM_CLAUDE]],
  ['a loop variable stands for a word after in, never the loop keyword', 'for f in proofmeter; do rm -rf .claude/$f; done', [{ target: '.claude/proofmeter', kind: 'state', how: 'rm' }]],
];

describe('the edges of the guard\'s Bash reading', () => {
  for (const [name, command, expected] of rows) {
    it(`${name}: ${command}`, () => {
      assert.deepEqual(guardRead(command, prepare).found, expected);
    });
  }
});
