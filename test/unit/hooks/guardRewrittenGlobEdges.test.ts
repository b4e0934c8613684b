// Edges of the guard's Bash reading that no other table held: rewritten text handed to a shell,
// eval or `.` anywhere in its words, globs that reach into the workspace through a link or only
// past its `.claude` folder, and the example a refusal offers for a command named at run time.
import { strict as assert } from 'node:assert';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { bashReason } from '../../../src/hooks/guardReasons';
import { guardRead } from './guardRead';

const B64 = 'cm0gLXJmIC5jbGF1ZGU=';
const HIDDEN: BashFinding = { target: 'a command decoded or rewritten before a shell runs it', kind: 'state', how: 'hidden command' };

describe('rewritten text anywhere in what a shell, eval or source runs', () => {
  // Each of these runs the rewritten text as code, yet its own reading (a script path, the words
  // of an echo) finds nothing in it: only the check on every word refuses them.
  const rows: Array<[string, string]> = [
    ['a shell running a script from a decoding process substitution', `bash <(echo ${B64} | base64 -d)`],
    ['a shell running a script whose name is rewritten', 'bash "$(echo x | rev)"'],
    ['a shell whose -c body only echoes rewritten text', 'sh -c "echo $(echo x | rev)"'],
    ['eval of an echo of rewritten text', 'eval echo "$(echo x | rev)"'],
    ['the dot builtin sourcing a decoding process substitution', `. <(echo ${B64} | base64 -d)`],
  ];
  for (const [name, command] of rows) it(`${name} is refused: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command).found, [HIDDEN]));
});

describe('a glob in a folder reaches the meter only where it may match the way to it', () => {
  const rows: Array<[string, string, BashFinding[], ((ws: string) => void)?]> = [
    // The link's own spelling holds nothing; the folder it resolves to holds .claude.
    ['a glob through a link to the workspace may match .claude', 'rm -rf self/.c*', [{ target: 'self', kind: 'state', how: 'rm' }], (ws) => symlinkSync('.', join(ws, 'self'))],
    ['a glob in .claude that may match the settings', 'rm -rf .claude/s*', [{ target: '.claude', kind: 'state', how: 'rm' }]],
    // `.?` may match `..`, the first step to paths outside the workspace, but never `.claude`.
    ['a two-letter dot glob in the workspace goes through', 'rm -rf .?', []],
    // Read as the extglob it spells, `?(x)` matches `x` or the empty name, and .claude itself is no
    // name below .claude: none of the meter's files is reached.
    ['a pattern in .claude matching x or nothing goes through', "rm -rf '.claude/?(x)'", []],
  ];
  for (const [name, command, expected, prepare] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, prepare).found, expected));
});

/** The command a refusal offers instead, the text inside its "for example `…`". */
function example(command: string): string {
  const f = guardRead(command).found.find((x) => x.kind === 'claude-dir');
  assert.ok(f, `no claude-dir finding for ${command}`);
  const m = /for example `([^`]*)`/.exec(bashReason(f));
  assert.ok(m, 'the reason offers no example');
  return m[1]!;
}

describe('the example a refusal gives for a command named at run time that is handed .claude', () => {
  it('a command word that spells git clean is shown how to keep .claude out of the clean', () => assert.equal(example('"git clean $opts" .claude'), 'git clean -fd -e .claude'));
  it('a command word that spells git stash is shown a stash of named paths', () => assert.equal(example('"git stash $opts" .claude'), 'git stash push -- src/'));
  it('any other command keeps its options as written, a `--` inside it included', () => assert.ok(example('"$(npm bin --global)/eslint" .claude').startsWith('$(npm bin --global)/eslint')));
});
