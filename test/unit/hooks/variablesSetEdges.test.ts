// The setters the guard follows besides `name=value` (src/hooks/variablesSet.ts), at their edges:
// which commands count as setters, the options whose argument is not a name, how a line is split
// into the names read, the lines of `mapfile` and the formats of `printf -v`, each value exactly.
import { strict as assert } from 'node:assert';
import type { BashScope } from '../../../src/hooks/bashScope';
import { setsVariables } from '../../../src/hooks/variablesSet';

function scope(): BashScope {
  return {
    cwd: '/w/proj',
    home: '/home/alice',
    prot: { workspace: '/w/proj', stateDirs: [], settingsFiles: [], managedDirs: [], recordDirs: [], claudeDirs: [] },
    vars: new Map(),
  };
}

/** The command's words and what it is fed, run through setsVariables in a fresh scope: what it returned and the variables it left, by name. */
function run(words: string[], stdin: string[]): [boolean, Array<[string, string]>] {
  const s = scope();
  const was = setsVariables(words, stdin, s);
  return [was, [...s.vars!].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))];
}

describe('setsVariables: the variables a setter command leaves, exactly', () => {
  // [what the row shows, the words, what it is fed, whether it was a setter, the variables left]
  const rows: Array<[string, string[], string[], boolean, Array<[string, string]>]> = [
    ['a command other than printf with -v is no setter', ['echo', '-v', 'x', 'y'], [], false, []],
    ['printf without -v prints and sets nothing', ['printf', '%s', 'x'], [], false, []],
    ['read into one name sets that name only, no array', ['read', 'x'], ['foo bar'], true, [['x', 'foo bar']]],
    ['read into a word that is no name sets REPLY instead', ['read', 'a-b'], ['foo'], true, [['REPLY', 'foo']]],
    ['read -a fills the array and sets no plain name or REPLY', ['read', '-a', 'arr'], ['x y'], true, [['arr', 'x'], ['arr[*]', 'x y'], ['arr[0]', 'x'], ['arr[1]', 'y'], ['arr[@]', 'x y']]],
    ['read -a of an empty line leaves an empty array', ['read', '-a', 'arr'], [''], true, [['arr[*]', ''], ['arr[@]', '']]],
    ['read -a of blanks only leaves an empty array', ['read', '-a', 'arr'], ['  \t '], true, [['arr[*]', ''], ['arr[@]', '']]],
    ['the last of two names takes the rest of the line, joined by one blank', ['read', 'a', 'b'], ['x  y   z'], true, [['a', 'x'], ['b', 'y z']]],
    ['names past the end of the line are set empty', ['read', 'a', 'b', 'c'], ['x'], true, [['a', 'x'], ['b', ''], ['c', '']]],
    ['mapfile -C takes a callback that is not the array', ['mapfile', '-C', 'cb', 'arr'], ['x'], true, [['arr', 'x'], ['arr[*]', 'x'], ['arr[0]', 'x'], ['arr[@]', 'x']]],
    ['mapfile -d takes a delimiter that may end in -d', ['mapfile', '-d', 'a-d', 'arr'], ['x'], true, [['arr', 'x'], ['arr[*]', 'x'], ['arr[0]', 'x'], ['arr[@]', 'x']]],
    ['mapfile -d with its delimiter in the same word leaves the next word the array', ['mapfile', '-d,', 'arr'], ['x'], true, [['arr', 'x'], ['arr[*]', 'x'], ['arr[0]', 'x'], ['arr[@]', 'x']]],
    ['mapfile of two lines makes two elements, the last newline dropped', ['mapfile', '-t', 'a'], ['x\ny\n'], true, [['a', 'x'], ['a[*]', 'x y'], ['a[0]', 'x'], ['a[1]', 'y'], ['a[@]', 'x y']]],
    ['mapfile of two fed texts reads them as lines', ['mapfile', 'a'], ['x', 'y'], true, [['a', 'x'], ['a[*]', 'x y'], ['a[0]', 'x'], ['a[1]', 'y'], ['a[@]', 'x y']]],
    ['printf -v with a name that is no name sets nothing', ['printf', '-v', '1x', '%s', 'y'], [], true, []],
    ['printf -v of plain text and no values sets the text', ['printf', '-v', 'x', 'plain'], [], true, [['x', 'plain']]],
    ['printf -v of a format without %s prints it once, the values left unused', ['printf', '-v', 'x', 'foo', 'bar'], [], true, [['x', 'foo']]],
    ['printf -v with more %s than values fills the rest empty', ['printf', '-v', 'x', '%s-%s', 'a'], [], true, [['x', 'a-']]],
    ['printf -v with more values than %s uses the format again', ['printf', '-v', 'x', '%s', 'a', 'b'], [], true, [['x', 'ab']]],
    ['printf -v with a value the guard cannot know that the format leaves out sets the format', ['printf', '-v', 'x', 'foo', '$y'], [], true, [['x', 'foo']]],
    ['printf -v with a value the guard cannot know in a %s forgets the name', ['printf', '-v', 'x', 'a%s', '$y'], [], true, []],
    ['printf -v with a value printed from the .claude folder keeps it as written', ['printf', '-v', 'x', '%s', '$(realpath .claude)'], [], true, [['x', '$(realpath .claude)']]],
    ['set -- sets the positional words', ['set', '--', 'a', 'b'], [], true, [['1', 'a'], ['2', 'b']]],
  ];
  for (const [what, words, stdin, was, vars] of rows) {
    it(`${what}: ${JSON.stringify(words)} fed ${JSON.stringify(stdin)}`, () => assert.deepEqual(run(words, stdin), [was, vars]));
  }
});
