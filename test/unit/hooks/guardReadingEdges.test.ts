// The edges of the guard's newest readings, one row a rule: a script glob read across files, names
// piped to `xargs sh` through a stage that only passes them on, a list's shape deciding whether a
// missing script may be made first, a value split only when an expansion made it, expansions read
// as empty, `~user` forms, array elements, and setting an array leaving other variables alone.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNNAMED_SCRIPT, UNSEEN_SCRIPT } from '../../../src/hooks/scriptsMadeHere';
import { guardRead } from './guardRead';

const setup = (ws: string) => {
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  writeFileSync(join(ws, '.claude', 'settings.json'), '{}');
  // Two scripts one glob names: the first has no last newline, so a join without one would glue
  // the second's first line onto it.
  writeFileSync(join(ws, 'a1.sh'), 'echo hi');
  writeFileSync(join(ws, 'a2.sh'), 'rm -rf .claude/proofmeter\n');
  writeFileSync(join(ws, 'ok.sh'), 'echo ok\n');
  writeFileSync(join(ws, 'ok.py'), 'print(1)\n');
  writeFileSync(join(ws, 'tidy.py'), 'import shutil; shutil.rmtree(".claude/proofmeter")\n');
  // A file named like the verb that lists the names: it is not among the scripts xargs runs.
  writeFileSync(join(ws, 'echo'), 'rm -rf .claude/proofmeter\n');
};
const found = (command: string) => guardRead(command, setup).found;
const targets = (command: string) => found(command).map((f) => [f.target, f.how]);

describe('scripts named through a glob or handed to xargs', () => {
  it('every file a glob names is read, each on its own lines', () => assert.deepEqual(targets('sh a?.sh'), [['.claude/proofmeter', 'rm']]));
  it('names passed on by a stage that prints none of its own words are known only when it runs', () => assert.deepEqual(found('echo ok.sh | cat | xargs sh'), [UNNAMED_SCRIPT]));
  it('the echo that lists the names is not itself a script xargs runs', () => assert.deepEqual(found('echo ok.sh | xargs sh'), []));
  it('one script among those listed to xargs python3 is enough', () => {
    assert.deepEqual(found('echo ok.py tidy.py | xargs python3'), [{ target: "a script naming the meter's files", kind: 'state', how: 'xargs python3' }]);
  });
});

describe('whether a missing script may be made by a command in front of it', () => {
  // [what the row shows, the command, what the guard finds]
  const rows: Array<[string, string, readonly unknown[]]> = [
    ['two commands in a list', 'echo hi; sh missing.sh', [UNSEEN_SCRIPT]],
    ['a pipe in front of the script', 'printf x | bash ./missing.sh', [UNSEEN_SCRIPT]],
    ['an interpreter\'s missing file, which it only fails to find', 'echo hi; python3 ./gen/missing.py', []],
    ['a file whose name only starts like a script', 'echo hi; sh notes.shtml', []],
  ];
  for (const [name, command, want] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(found(command), want));
});

describe('a value is split into words only where an expansion made it', () => {
  const rows: Array<[string, string]> = [
    ['a quoted word with blanks is one path', 'touch "x .claude/settings.json"'],
    ['a tilde path with blanks is one path', 'touch ~/"a .claude/settings.json"'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(found(command), []));
  it('an unset variable in an array\'s joined elements splits them back', () => assert.deepEqual(targets('x=(a .claude); rm -rf ${x[*]}'), [['.claude', 'rm']]));
  it('the joined elements keep a blank between them', () => assert.deepEqual(found('x=(.cl aude); rm -rf ${x[*]}'), []));
});

describe('an expansion the guard cannot know is also read as empty', () => {
  const rows: Array<[string, string, string]> = [
    ['a braced name of two letters', 'rm -rf .cl${yy}aude', '.claude'],
    ['backquotes holding a command', 'rm -rf .cl`true`aude', '.claude'],
    ['a bare name after the path', 'rm -rf .claude$y', '.claude'],
    ['a bare name of three letters', 'rm -rf .claude$abc', '.claude'],
    ['a positional parameter', 'rm -rf .claude$1', '.claude'],
    ['all the arguments', 'rm -rf .claude$@', '.claude'],
    ['printf of a plain word in backquotes', 'rm -rf .c`printf l`aude', '.claude'],
  ];
  for (const [name, command, target] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(targets(command), [[target, 'rm']]));
  it('an unset variable in front of the workspace\'s own path is read as that path', () => {
    const { found: f, ws } = guardRead('rm -rf $x$PWD', setup);
    assert.deepEqual(f.map((x) => [x.target, x.how]), [[ws, 'rm']]);
  });
  it('substitutions nested in each other are all read as empty', () => assert.deepEqual(targets('rm -rf .claude/$(a $(b))'), [['.claude', 'rm']]));
  it('a lone dollar sign, which no rule reads as empty, leaves the word to its text', () => assert.deepEqual(found('rm -rf "x$"'), []));
  it('an unset variable in front of a slash alone names nothing', () => assert.deepEqual(found('rm -rf "$OUT/"'), []));
});

describe('~user and arrays', () => {
  it('~ and this user\'s name are the home folder, followed by a cd', () => {
    assert.deepEqual(targets('cd ~home/.claude && rm -f settings.json').map(([, how]) => how), ['rm']);
  });
  it('another user\'s home is read by its text', () => {
    assert.deepEqual(found('echo {} > ~bob/.claude/settings.json'), [{ target: '~bob/.claude/settings.json', kind: 'settings', how: '> redirect' }]);
  });
  it('a word that only starts like an array is no array', () => assert.deepEqual(found('x=(.claude)b; rm -rf $x'), []));
  it('a comment inside an array is no element', () => assert.deepEqual(targets('x=(# a note\n.claude); rm -rf $x'), [['.claude', 'rm']]));
  it('setting an array leaves the other variables as they were', () => assert.deepEqual(targets('d=.claude; x=(a); rm -rf $d'), [['.claude', 'rm']]));
});
