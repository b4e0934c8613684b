// Paths spelled through variables set in ways other than `name=value`: an array, `read` from a
// here-string or here-document, `printf -v`, `mapfile`, `set --`, a value split into words where it
// is unquoted, and an expansion left empty (an unset variable, `$(true)`). Each is read as the value
// bash gives it, so a path of the meter's is refused; the same setters naming other paths go through.
import { strict as assert } from 'node:assert';
import { guardRead, withMeter } from './guardRead';

describe('a path of the meter\'s held in a variable set another way is refused', () => {
  // [what the row shows, the command, the target]
  const rows: Array<[string, string, string]> = [
    ['an array element', 'x=(.claude); rm -rf ${x[0]}', '.claude'],
    ['an array by its name, its first element', 'x=(.claude b); rm -rf $x', '.claude'],
    ['a later array element', 'x=(a .claude); rm -rf ${x[1]}', '.claude'],
    ['two array elements joined', 'x=(.cl aude); rm -rf ${x[0]}${x[1]}', '.claude'],
    ['every array element, split into words', 'x=(b .claude); rm -rf ${x[@]}', '.claude'],
    ['a declared array', 'declare -a x=(.claude); rm -rf ${x[0]}', '.claude'],
    ['read from a here-string', 'read x <<< .claude; rm -rf $x', '.claude'],
    ['two names read from a here-string', "read a b <<< '.cl aude'; rm -rf $a$b", '.claude'],
    ['the last name read takes the rest of the line', "read a b <<< 'x .claude/proofmeter'; rm -rf $b", '.claude/proofmeter'],
    ['read from a here-document', 'read -r x <<EOF\n.claude\nEOF\nrm -rf $x', '.claude'],
    ['read into an array', "read -a a <<< 'x .claude'; rm -rf ${a[1]}", '.claude'],
    ['read into REPLY', 'read <<< .claude; rm -rf $REPLY', '.claude'],
    ['printf -v with %s', 'printf -v x %s .claude; rm -rf $x', '.claude'],
    ['printf -v filling a format', "printf -v x '.cl%s' aude; rm -rf $x/proofmeter", '.claude/proofmeter'],
    ['printf -v with %% in the format', "printf -v x '%s%%' .claude; rm -rf ${x%?}", '.claude'],
    ['set -- positional words', 'set -- x .claude; rm -rf $2', '.claude'],
    ['mapfile from a here-string', 'mapfile -t a <<< .claude; rm -rf ${a[0]}', '.claude'],
    ['readarray from a here-string', 'readarray a <<< .claude; rm -rf ${a[0]}', '.claude'],
    ['mapfile into MAPFILE', 'mapfile <<< .claude; rm -rf ${MAPFILE[0]}', '.claude'],
    ['an unquoted value split into an option and a path', "x='-rf .claude'; rm $x", '.claude'],
    ['an unset variable in the middle of a name', 'rm -rf .cl${y}aude', '.claude'],
    ['a substitution that prints nothing', 'rm -rf .cl$(true)aude', '.claude'],
    ['backquotes that print nothing', 'rm -rf .cl`:`aude/proofmeter', '.claude/proofmeter'],
    ['a locale string', 'rm -rf $".claude"', '.claude'],
    ['printf of a plain word in a substitution', 'rm -rf .c$(printf l)aude', '.claude'],
  ];
  for (const [name, command, target] of rows) {
    it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, withMeter).found.map((f) => [f.target, f.how]), [[target, 'rm']]));
  }
});

describe('the same setters naming other paths go through', () => {
  const rows: Array<[string, string]> = [
    ['an array of build folders', 'x=(build dist); rm -rf ${x[@]}'],
    ['read of another folder', 'read x <<< build; rm -rf $x'],
    ['printf -v with a format it cannot read, then another path', "printf -v x '%d' 1; rm -rf build$x"],
    ['positional words echoed', 'set -- a b; echo $1'],
    ['a value with blanks echoed', "x='a b'; echo $x"],
    ['an unset variable before a slash, which would name the root only when empty', 'rm -rf "$OUT/"'],
    ['an unset variable in front of another folder', 'rm -rf "$TMPDIR"/pm-scratch'],
    ['read from a file the guard does not follow', 'read x < list.txt; echo $x'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, withMeter).found, []));
  it('a read with nothing fed on standard input sets nothing', () => assert.deepEqual(guardRead('read x; rm -rf $x', withMeter).found, []));
  it('a printf -v without a name sets nothing and writes nothing', () => assert.deepEqual(guardRead('printf -v', withMeter).found, []));
  it('an array that a later assignment replaces by an unknown value is forgotten', () => assert.deepEqual(guardRead('x=(.claude); x=($y); rm -rf ${x[0]}', withMeter).found, []));
  it('mapfile from a file the guard does not read forgets the array', () => assert.deepEqual(guardRead('a=(.claude); mapfile -t a < list.txt; rm -rf ${a[0]}', withMeter).found, []));
});
