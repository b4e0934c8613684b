// Ways past the guard found on 2026-12-02, by the tests written for mutation survivors and by
// trying commands against it: a command handed on at the deepest level read, a loop over a word
// the guard cannot expand, a script read through `<>`, a script printed into a shell by a verb
// other than cat, a `sh -c` body's arguments, `$(echo …)` and `$(cat f)`, `xargs rm < list`, `while
// read` loops over a list, and `cd` to a glob.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const RM_STATE: BashFinding = { target: '.claude/proofmeter', kind: 'state', how: 'rm' };

function prepare(ws: string): void {
  writeFileSync(join(ws, 'evil.sh'), 'echo tidy\nrm -rf .claude/proofmeter\n');
  writeFileSync(join(ws, 'tidy.sh'), 'echo tidy\nrm -rf build\n');
  writeFileSync(join(ws, 'name'), '.claude\n');
  writeFileSync(join(ws, 'list'), 'build\n.claude/proofmeter\n');
  writeFileSync(join(ws, 'rm-one.sh'), 'rm -rf "$1"\n');
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
  ['a sh -c body removing its first argument removes what follows its $0', `bash -c 'rm -rf "$1"' _ .claude/proofmeter`, [RM_STATE]],
  ['a sh -c body removing all its arguments removes them', `sh -c 'rm -rf "$@"' sh .claude/proofmeter`, [RM_STATE]],
  ['a sh -c body removing its $0 removes the word after it', `sh -c 'rm -rf $0' .claude/proofmeter`, [RM_STATE]],
  ['a sh -c body given an ordinary folder goes through', `bash -c 'rm -rf "$1"' _ build`, []],
  ['a script file removing its first argument removes it', 'bash rm-one.sh .claude/proofmeter', [RM_STATE]],
  ['a folder printed by echo in a substitution is that folder', 'echo {} > "$(echo .claude)/settings.json"', [{ target: '.claude/settings.json', kind: 'settings', how: '> redirect' }]],
  ['a folder printed by printf %s in backquotes is that folder', 'rm -rf `printf %s .claude`/proofmeter', [RM_STATE]],
  ['a variable set to a one-word file holds that word', 'd=$(cat name); rm -rf $d/proofmeter', [RM_STATE]],
  ['a one-word file read by $(< f) is that word', 'rm -rf $(< name)/proofmeter', [RM_STATE]],
  ['xargs given a list on standard input runs the command on its words', 'xargs rm -rf < list', [RM_STATE]],
  ['xargs given an ordinary list goes through', 'xargs rm -rf < tidy.sh', []],
  ['a while-read loop over a list on the loop\'s standard input removes its words', 'while read f; do rm -rf "$f"; done < list', [RM_STATE]],
  ['a while-read loop with -r and IFS over a list removes its words', 'while IFS= read -r f; do rm -rf $f; done < list', [RM_STATE]],
  ['a while-read loop fed by cat down a pipe removes its words', 'cat list | while read f; do rm -rf $f; done', [RM_STATE]],
  ['a read from a list on its own standard input sets its variable to the list\'s word', 'read f < list; rm -rf "$f"', [RM_STATE]],
  ['a read -r from a list followed by && removes the list\'s word', 'read -r f < list && rm -rf $f', [RM_STATE]],
  ['a while-read loop over an ordinary list goes through', 'while read f; do rm -rf "$f"; done < tidy.sh', []],
  ['cd to a glob naming one folder goes into it', 'cd .cl* && rm -rf proofmeter', [RM_STATE]],
  ['cd to a glob of a bracket class naming one folder goes into it', 'cd .[c]laude && rm -rf proofmeter', [RM_STATE]],
  ['cd to a glob naming no folder stays where it was', 'cd nothing* && rm -rf .claude/proofmeter', [RM_STATE]],
  ['cd to a glob without a leading dot does not reach .claude', 'cd *laude && rm -rf proofmeter', []],
];

describe('ways past the guard found by the mutation tests', () => {
  for (const [name, command, expected] of rows) {
    it(`${name}: ${command}`, () => {
      assert.deepEqual(guardRead(command, prepare).found, expected);
    });
  }
});
