// The guard's reading of `mv`, of patches and scripts fed down a pipe, of a redirection with no
// word after it, and of a scope that already lets globs match dot names. Each row is a command and
// every finding it must give, in order (kind, how, target). Mutation testing found each of these
// rules unguarded by the guard's other tests.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash, type BashFinding } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { guardRead } from './guardRead';
import { workspace } from './helpers';

type Row = [string, string, Array<[string, string, string]>];

const triples = (found: BashFinding[]): Array<[string, string, string]> => found.map((f) => [f.kind, f.how, f.target]);

/** A workspace with the meter's state folder and a plain folder `dir`. */
const withFolders = (ws: string): void => {
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  mkdirSync(join(ws, 'dir'));
};

describe('mv reads its sources and its destination', () => {
  const rows: Row[] = [
    ['mv of two files into an existing folder writes both names there', 'mv x y .claude/proofmeter', [['state', 'mv', '.claude/proofmeter/x'], ['state', 'mv', '.claude/proofmeter/y']]],
    ['mv of two files removes each from where it was', 'mv a.txt .claude/settings.json dir', [['settings', 'mv', '.claude/settings.json']]],
    ['mv with -t writes into the named folder', 'mv -t .claude/proofmeter a.txt', [['state', 'mv', '.claude/proofmeter/a.txt']]],
    ['mv with --target-directory= writes into the named folder', 'mv --target-directory=.claude/proofmeter a.txt', [['state', 'mv', '.claude/proofmeter/a.txt']]],
    ['mv with -t and no folder after it moves its sources within the folder it runs in', 'cd .claude/proofmeter && mv a.txt -t', [['state', 'mv', '.claude/proofmeter/a.txt']]],
    ['mv of one operand still moves it away', 'mv .claude/settings.json', [['settings', 'mv', '.claude/settings.json']]],
    ['mv of one folder still moves the folder away', 'mv .claude/proofmeter', [['state', 'mv', '.claude/proofmeter']]],
    ['mv of a folder named again as its destination moves it and writes into it', 'mv .claude/proofmeter .claude/proofmeter', [['state', 'mv', '.claude/proofmeter'], ['state', 'mv', '.claude/proofmeter/proofmeter']]],
    ['mv -T in a group of flags replaces the destination itself', 'mv -fT a.txt .claude/proofmeter', [['state', 'mv', '.claude/proofmeter']]],
    ['mv --no-target-directory replaces the destination itself', 'mv --no-target-directory a.txt .claude/proofmeter', [['state', 'mv', '.claude/proofmeter']]],
    ['a -T inside an operand is no flag: mv writes into the folder', 'mv my-Tfile .claude/proofmeter', [['state', 'mv', '.claude/proofmeter/my-Tfile']]],
  ];
  for (const [rule, command, want] of rows) {
    it(`${rule}: ${command}`, () => assert.deepEqual(triples(guardRead(command, withFolders).found), want));
  }
});

describe('a patch printed down a pipe is read line by line', () => {
  it('echo hands patch its words as lines, so a +++ header names the file it writes', () => {
    const { found } = guardRead('echo "--- a/x" "+++ b/.claude/settings.json" | patch');
    assert.deepEqual(triples(found), [['settings', 'applied patch', '.claude/settings.json']]);
  });
});

describe('a missing file name is never read as a file', () => {
  // The folder holds scripts under odd names: a stand-in for a missing word must not name one.
  const oddScripts = (ws: string): void => {
    for (const name of ['Stryker was here!', 'Stryker was here', 'undefined', 'null']) writeFileSync(join(ws, name), 'rm -rf .claude\n');
  };
  it('a shell given `<` with no file after it reads no script', () => {
    assert.deepEqual(guardRead('sh <', oddScripts).found, []);
  });
});

describe('a scope whose globs already match dot names', () => {
  const scopeOf = (dotglob: boolean | undefined) => {
    const w = workspace();
    return { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env), dotglob };
  };
  it('with dotglob set, rm -rf * reaches the .claude folder', () => {
    const found = analyzeBash('rm -rf *', scopeOf(true));
    assert.deepEqual(found.map((f) => [f.kind, f.how]), [['state', 'rm']]);
  });
  it('with dotglob unset or false, rm -rf * leaves the .claude folder alone', () => {
    assert.deepEqual(analyzeBash('rm -rf *', scopeOf(false)), []);
    assert.deepEqual(analyzeBash('rm -rf *', scopeOf(undefined)), []);
  });
});
