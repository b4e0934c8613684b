// Paths spelled through parameter expansions and tilde forms the guard used to read as text: a
// default for a variable the command never set (`.cl${x:-aude}`), a suffix cut off `$PWD`
// (`${PWD%/*}`), a substring of no length, a case change, `~+` for the folder the command is in, and
// a POSIX class in a bracket. Each is read as bash expands it, so a path of the meter's is refused;
// expansions that name other paths go through.
import { strict as assert } from 'node:assert';
import { guardRead, withMeter } from './guardRead';

describe('a path of the meter\'s spelled through an expansion is refused', () => {
  // [what the row shows, the command, the target]
  const rows: Array<[string, string, string]> = [
    ['a default for a variable never set', 'rm -rf .cl${x:-aude}/proofmeter', '.claude/proofmeter'],
    ['a default without a colon', 'rm -rf .cl${x-aude}/proofmeter', '.claude/proofmeter'],
    ['an alternative for a variable from the environment', 'rm -rf .cl${TERM:+aude}/proofmeter', '.claude/proofmeter'],
    ['a nested default', 'rm -rf .cl${x:-${y:-aude}}', '.claude'],
    ['a quoted default', 'rm -rf .cl${x:-"aude"}', '.claude'],
    ['a suffix cut off the folder the command is in', 'cd src && rm -rf ${PWD%/*}/.claude/proofmeter', '.claude/proofmeter'],
    ['a substring of no length', 'rm -rf .cl${HOME:0:0}aude', '.claude'],
    ['a replacement of the whole home folder', 'rm -rf .cl${HOME/*/aude}', '.claude'],
    ['a lower-cased variable the command set', 'd=CLAUDE; rm -rf .${d,,}', '.claude'],
    ['~+ for the folder the command is in', 'rm -rf ~+/.claude/proofmeter', '.claude/proofmeter'],
    ['~- for the folder before the cd', 'cd src && rm -rf ~-/.claude/proofmeter', '.claude/proofmeter'],
    ['~- when no cd came before', 'rm -rf ~-/.claude/proofmeter', '$OLDPWD/.claude/proofmeter'],
    ['a POSIX class in a bracket', 'rm -rf .claude/proofmete[[:alpha:]]', '.claude'],
  ];
  for (const [name, command, target] of rows) {
    it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, withMeter).found.map((f) => [f.target, f.how]), [[target, 'rm']]));
  }
});

describe('an expansion that names another path goes through', () => {
  const rows: Array<[string, string]> = [
    ['a default folder for a temporary file', 'rm -rf "${TMPDIR:-/tmp}/pm-scratch"'],
    ['a default build folder', 'rm -rf ${OUT:-build}'],
    ['an upper-cased variable, which names another folder', 'd=claude; rm -rf .${d^^}'],
    ['the home folder in braces', 'rm -rf ${HOME}/pm-scratch'],
    ['a suffix cut off the folder the command is in, into another folder', 'cd src && rm -rf ${PWD%/*}/build'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, withMeter).found, []));
});
