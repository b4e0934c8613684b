// The shell state the guard keeps while it reads a Bash command (src/hooks/bashScope.ts), at its
// edges: the spellings of the substitutions that only print a folder, the names of the user, which
// words count as assignments, and how far a chain of links made by the command is followed.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { assigns, expand, located, madeLink, type BashScope } from '../../../src/hooks/bashScope';
import { emptied } from '../../../src/core/shell/emptied';
import { workspace } from './helpers';

const CWD = '/w/proj/sub';
const HOME = '/home/alice';
const WS = '/w/proj';

function scope(vars: Array<[string, string]> = [], links: Array<[string, string]> = []): BashScope {
  return {
    cwd: CWD,
    home: HOME,
    prot: { workspace: WS, stateDirs: [], settingsFiles: [], managedDirs: [], recordDirs: [], claudeDirs: [] },
    vars: new Map(vars),
    links: new Map(links),
  };
}

// [the word, what the guard reads it as]
const expansions: Array<[string, string]> = [
  ['$( pwd)/x', '/w/proj/sub/x'],
  ['$(pwd  -L)/x', '/w/proj/sub/x'],
  ['$(pwd -P)/x', '/w/proj/sub/x'],
  ['$(pwd )/x', '/w/proj/sub/x'],
  ['` pwd`/x', '/w/proj/sub/x'],
  ['`pwd  -L`/x', '/w/proj/sub/x'],
  ['`pwd -P`/x', '/w/proj/sub/x'],
  ['`pwd `/x', '/w/proj/sub/x'],
  ['$( git rev-parse --show-toplevel)/x', '/w/proj/x'],
  ['$(git  rev-parse --show-toplevel)/x', '/w/proj/x'],
  ['$(git rev-parse  --show-toplevel)/x', '/w/proj/x'],
  ['$(git rev-parse --show-toplevel )/x', '/w/proj/x'],
  ['/home/$USER/x', '/home/alice/x'],
  ['/home/$LOGNAME/x', '/home/alice/x'],
  ['/home/${USER}/x', '/home/alice/x'],
  ['${ab}/x', 'known/x'],
  ['$( cd x && pwd)/y', '/w/proj/sub/x/y'],
  ['$(cd  x && pwd)/y', '/w/proj/sub/x/y'],
  ['$(cd x  && pwd)/y', '/w/proj/sub/x/y'],
  ['$(cd x &&  pwd)/y', '/w/proj/sub/x/y'],
  ['$(cd x && pwd  -P)/y', '/w/proj/sub/x/y'],
  ['$(cd x && pwd )/y', '/w/proj/sub/x/y'],
  ['$(cd x; pwd)/y', '/w/proj/sub/x/y'],
  ['$(cd && pwd)/y', '/home/alice/y'],
  ['$(cd - && pwd)/y', '$(cd - && pwd)/y'],
  ['` cd x && pwd`/y', '/w/proj/sub/x/y'],
  ['`cd && pwd`/y', '/home/alice/y'],
  ['`cd  x && pwd`/y', '/w/proj/sub/x/y'],
  ['`cd x ; pwd`/y', '/w/proj/sub/x/y'],
  ['`cd x &&  pwd`/y', '/w/proj/sub/x/y'],
  ['`cd x && pwd  -L`/y', '/w/proj/sub/x/y'],
  ['`cd x && pwd -L`/y', '/w/proj/sub/x/y'],
  ['`cd x && pwd `/y', '/w/proj/sub/x/y'],
  ['$ab/x', 'known/x'],
  ['$(pwdx)/x', '$(pwdx)/x'],
  ['$OTHER/x', '$OTHER/x'],
];

describe('the guard expands the words a Bash command names', () => {
  for (const [word, expected] of expansions) {
    it(`reads ${word} as ${expected}`, () => {
      assert.equal(expand(word, scope([['ab', 'known']])), expected);
    });
  }
});

describe('the guard notes the variables a command of assignments sets', () => {
  it('takes a word of a name, an equals sign and a value as an assignment and keeps its value', () => {
    const s = scope();
    assert.equal(assigns(['ab=c'], s), true);
    assert.deepEqual([...(s.vars ?? [])], [['ab', 'c']]);
  });

  it('does not take a word whose name starts with a digit as an assignment', () => {
    const s = scope();
    assert.equal(assigns(['1a=b'], s), false);
    assert.deepEqual([...(s.vars ?? [])], []);
  });

  it('forgets a variable set to the output of a command it cannot run', () => {
    const s = scope([['d', 'old']]);
    assert.equal(assigns(['d=$(cat f)'], s), true);
    assert.deepEqual([...(s.vars ?? [])], []);
  });

  it('forgets a variable set to a backquoted command it cannot run', () => {
    const s = scope([['d', 'old']]);
    assert.equal(assigns(['d=`cat f`'], s), true);
    assert.deepEqual([...(s.vars ?? [])], []);
  });
});

describe('the guard notes the links a command makes', () => {
  it('notes no link whose target it cannot read', () => {
    const s = scope();
    madeLink('$unknown/x', 'p', false, s);
    assert.deepEqual([...(s.links ?? [])], []);
  });

  it('notes no link whose name is a pattern', () => {
    const s = scope();
    madeLink('.claude', 'p*', false, s);
    assert.deepEqual([...(s.links ?? [])], []);
  });

  it('puts a link made into a folder under the target\'s name even when the folder does not exist yet', () => {
    const w = workspace();
    const s: BashScope = { ...scope(), cwd: w.ws };
    madeLink('a/b', 'p', true, s);
    assert.deepEqual([...(s.links ?? [])], [[join(w.ws, 'p', 'b'), join(w.ws, 'p', 'a', 'b')]]);
  });

  it('follows a chain of links the command made for eight hops and no further', () => {
    const chain: Array<[string, string]> = [
      ['/w/l1', '/w/l2'],
      ['/w/l2', '/w/l3'],
      ['/w/l3', '/w/l4'],
      ['/w/l4', '/w/l5'],
      ['/w/l5', '/w/l6'],
      ['/w/l6', '/w/l7'],
      ['/w/l7', '/w/l8'],
      ['/w/l8', '/w/l9'],
      ['/w/l9', '/w/l10'],
    ];
    assert.equal(located('/w/l1/f', scope([], chain)), '/w/l9/f');
  });

  it('follows a chain of links shorter than eight hops to its end', () => {
    const chain: Array<[string, string]> = [
      ['/w/l1', '/w/l2'],
      ['/w/l2', '/w/l3'],
    ];
    assert.equal(located('/w/l1/f', scope([], chain)), '/w/l3/f');
  });
});

describe('a word with its unknown expansions taken as empty', () => {
  // [the word, what is left when every expansion the guard cannot know prints nothing]
  const rows: Array<[string, string]> = [
    ['.cl${y}aude', '.claude'],
    ['.cl$(a $(b))aude', '.claude'],
    ['$X/etc', '/etc'],
    ['$X/', ''],
    ['$X//', ''],
    ['$X/*', ''],
    ['$X/*/', ''],
    ['$X/a*', '/a*'],
  ];
  for (const [word, left] of rows) {
    it(`${JSON.stringify(word)} leaves ${JSON.stringify(left)}`, () => assert.equal(emptied(word), left));
  }
});
