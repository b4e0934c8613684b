// The guard's reading of Bash commands that leave a word out (mutation testing found each rule
// unguarded): a redirection with no file after it, `cp -t` with no folder after it, and `find`
// with no starting folder, which starts in the current one. Run in the state folder, where any
// file name the guard made up for the missing word would be a write to the meter's state.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

const w = workspace();
mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });

describe('the guard reads a Bash command with a word left out', () => {
  let scope: BashScope;
  beforeEach(() => {
    scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
  });
  const cases: Array<[string, string, Array<[string, string, string]>]> = [
    ['a redirection with no file names no file, even in the state folder', 'cd .claude/proofmeter && echo hi >', []],
    ['cp -t with no folder writes only the source into the current folder', 'cd .claude/proofmeter && cp a -t', [['state', 'cp', '.claude/proofmeter/a']]],
    ['find -delete with no starting folder deletes from the current folder', 'cd .claude/proofmeter && find -delete', [['state', 'find -delete', '.claude/proofmeter']]],
    ['find -exec rm with no starting folder removes from the current folder', 'cd .claude/proofmeter && find -name x -exec rm {} +', [['state', 'find -exec rm', '.claude/proofmeter']]],
  ];
  for (const [name, command, want] of cases) {
    it(name, () => {
      assert.deepEqual(
        analyzeBash(command, scope).map((f) => [f.kind, f.how, f.target]),
        want,
      );
    });
  }

  it('find -delete with no starting folder, run in the workspace, deletes the folder that holds the state', () => {
    assert.deepEqual(analyzeBash('find -delete', scope), [{ target: w.ws, kind: 'state', how: 'find -delete' }]);
  });
});
