// The readings of bashScope's expand at their edges: the spellings of `$(echo word)`, `$(printf %s
// word)`, `$(cat file)` and `$(< file)` it reads, the small files of one word it reads them from, the
// positional variables `${10}`, `${1}` and `${@}`, and the one folder `cd GLOB` goes to.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expand, globbedFolder, type BashScope } from '../../../src/hooks/bashScope';
import { workspace } from './helpers';

const CWD = '/w/proj/sub';
const HOME = '/home/alice';
const WS = '/w/proj';

function scope(vars: Array<[string, string]> = [], cwd = CWD, home = HOME): BashScope {
  return {
    cwd,
    home,
    prot: { workspace: WS, stateDirs: [], settingsFiles: [], managedDirs: [], recordDirs: [], claudeDirs: [] },
    vars: new Map(vars),
  };
}

// [the word, what the guard reads it as]
const printed: Array<[string, string]> = [
  ['$( echo .claude)/x', '.claude/x'],
  ['$(echo  -n .claude)/x', '.claude/x'],
  ['$(echo -n .claude)/x', '.claude/x'],
  ['$(printf  %s .claude)/x', '.claude/x'],
  ['$(printf %s .claude)/x', '.claude/x'],
  ['$(echo  .claude)/x', '.claude/x'],
  ['$(echo .claude )/x', '.claude/x'],
  ['`echo .claude`/x', '.claude/x'],
  ['` echo .claude`/x', '.claude/x'],
  ['`echo  -n .claude`/x', '.claude/x'],
  ['`echo -n .claude`/x', '.claude/x'],
  ['`printf  %s .claude`/x', '.claude/x'],
  ['`echo  .claude`/x', '.claude/x'],
  ['`echo .claude `/x', '.claude/x'],
];

describe('the guard reads the word a substitution of echo or printf prints', () => {
  for (const [word, expected] of printed) {
    it(`reads ${word} as ${expected}`, () => {
      assert.equal(expand(word, scope()), expected);
    });
  }
});

// [the word, what the guard reads it as] with the file `name` in the folder holding `.claude`
const catted: Array<[string, string]> = [
  ['$( cat name)/x', '.claude/x'],
  ['$(cat  name)/x', '.claude/x'],
  ['$(<name)/x', '.claude/x'],
  ['$(< name)/x', '.claude/x'],
  ['$(cat name )/x', '.claude/x'],
  ['`cat name`/x', '.claude/x'],
  ['` cat name`/x', '.claude/x'],
  ['`cat  name`/x', '.claude/x'],
  ['`cat name `/x', '.claude/x'],
];

describe('the guard reads the word a substitution of cat reads from a file of one word', () => {
  for (const [word, expected] of catted) {
    it(`reads ${word} as ${expected}`, () => {
      const w = workspace();
      writeFileSync(join(w.ws, 'name'), '.claude\n');
      assert.equal(expand(word, scope([], w.ws, w.home)), expected);
    });
  }

  it('reads a file written ~/name from the home folder', () => {
    const w = workspace();
    writeFileSync(join(w.home, 'name'), '.claude\n');
    assert.equal(expand('$(cat ~/name)/x', scope([], w.ws, w.home)), '.claude/x');
  });

  it('reads a tilde inside a file name as itself', () => {
    const w = workspace();
    mkdirSync(join(w.ws, 'a~'));
    writeFileSync(join(w.ws, 'a~', 'name'), '.claude\n');
    assert.equal(expand('$(cat a~/name)/x', scope([], w.ws, w.home)), '.claude/x');
  });

  it('leaves a cat of the home folder itself unread, though a file named ~ is in the folder', () => {
    const w = workspace();
    writeFileSync(join(w.ws, '~'), '.claude\n');
    assert.equal(expand('$(cat ~)/x', scope([], w.ws, w.home)), '$(cat ~)/x');
  });

  it('reads a file of exactly 4096 bytes', () => {
    const w = workspace();
    writeFileSync(join(w.ws, 'name'), 'a'.repeat(4096));
    assert.equal(expand('$(cat name)', scope([], w.ws, w.home)), 'a'.repeat(4096));
  });

  it('leaves a file of 4097 bytes unread', () => {
    const w = workspace();
    writeFileSync(join(w.ws, 'name'), 'a'.repeat(4097));
    assert.equal(expand('$(cat name)', scope([], w.ws, w.home)), '$(cat name)');
  });

  it('leaves a file of two words unread', () => {
    const w = workspace();
    writeFileSync(join(w.ws, 'name'), '.claude x\n');
    assert.equal(expand('$(cat name)', scope([], w.ws, w.home)), '$(cat name)');
  });
});

// [the word, what the guard reads it as] with the positional variables of an `sh -c` body set
const positional: Array<[string, string]> = [
  ['${10}/x', 'tenth/x'],
  ['${1}/x', 'first/x'],
  ['${@}/x', 'all/x'],
];

describe('the guard reads the positional variables of a body given to sh -c', () => {
  for (const [word, expected] of positional) {
    it(`reads ${word} as ${expected}`, () => {
      assert.equal(expand(word, scope([['10', 'tenth'], ['1', 'first'], ['@', 'all']])), expected);
    });
  }
});

describe('the guard finds the one folder cd GLOB goes to', () => {
  it('goes to the one folder the pattern names, a folder with a leading dot left out', () => {
    const w = workspace();
    mkdirSync(join(w.ws, '.cfg'));
    mkdirSync(join(w.ws, 'cfg'));
    assert.equal(globbedFolder('*cfg', scope([], w.ws, w.home)), join(w.ws, 'cfg'));
  });

  it('goes to a folder with a leading dot when the pattern writes the dot', () => {
    const w = workspace();
    assert.equal(globbedFolder('.cl*', scope([], w.ws, w.home)), join(w.ws, '.claude'));
  });

  it('stays when the pattern names two folders', () => {
    const w = workspace();
    mkdirSync(join(w.ws, 'ca'));
    mkdirSync(join(w.ws, 'cb'));
    assert.equal(globbedFolder('c*', scope([], w.ws, w.home)), null);
  });
});
