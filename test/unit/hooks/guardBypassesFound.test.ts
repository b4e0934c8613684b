// Ways past the guard that the tests written for mutation survivors found (2026-12-02): a command
// handed on at the deepest level read, a loop over a word the guard cannot expand, a script read
// through `<>`, and a script printed into a shell by a verb other than cat.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const RM_STATE: BashFinding = { target: '.claude/proofmeter', kind: 'state', how: 'rm' };

function prepare(ws: string): void {
  writeFileSync(join(ws, 'evil.sh'), 'echo tidy\nrm -rf .claude/proofmeter\n');
  writeFileSync(join(ws, 'tidy.sh'), 'echo tidy\nrm -rf build\n');
}

// [what the row shows, the command, every finding the guard makes]
const rows: Array<[string, string, BashFinding[]]> = [
  ['a removal handed on by an unknown command inside four evals is read', 'eval eval eval eval flock f rm -rf .claude/proofmeter', [RM_STATE]],
  ['a removal handed on by an unknown command four substitutions deep is read', 'echo $(echo $(echo $(echo $(flock f rm -rf .claude/proofmeter))))', [RM_STATE]],
  ['a loop over a word naming .claude after a variable removes it', 'for f in $d/.claude; do rm -rf $f; done', [{ target: '$d/.claude', kind: 'state', how: 'rm' }]],
  ['a loop over ordinary words after a variable removes nothing protected', 'for f in $d/build; do rm -rf $f; done', []],
  ['a shell reading its script through a read-write redirection runs it', 'bash <> evil.sh', [RM_STATE]],
  ['a shell reading its script through descriptor 0 read-write runs it', 'sh 0<> evil.sh', [RM_STATE]],
  ['the first lines of a script piped into a shell are read from the script', 'head -n 5 evil.sh | sh', [RM_STATE]],
  ['a script given to cat on standard input and piped into a shell is read', 'cat < evil.sh | sh', [RM_STATE]],
  ['a script filtered by sed into a shell is read', "sed -n '1,9p' evil.sh | bash", [RM_STATE]],
  ['a script turned by tr on standard input into a shell is read', "tr -d '\\r' < evil.sh | sh", [RM_STATE]],
  ['an ordinary script printed into a shell goes through', 'head -n 5 tidy.sh | sh', []],
  ['a script printed by a verb that only counts it is not read as one', 'wc -l evil.sh | sh', []],
];

describe('ways past the guard found by the mutation tests', () => {
  for (const [name, command, expected] of rows) {
    it(`${name}: ${command}`, () => {
      assert.deepEqual(guardRead(command, prepare).found, expected);
    });
  }
});
