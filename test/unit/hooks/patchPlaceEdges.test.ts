// The edges of where a patch lands and what it names: a word holding -d inside it, a verb that is
// neither patch nor git, a --directory before git's subcommand, and absolute names in the headers.
import { strict as assert } from 'node:assert';
import { patchedPaths, patchPlace } from '../../../src/hooks/bashWords';

describe('where a patch command applies its patch, at the edges', () => {
  // [what the row shows, the verb, its arguments, the folder it changes to and the root it adds]
  const rows: Array<[string, string, string[], { dir: string | null; root: string | null }]> = [
    ['a patch file whose name holds -d is no -d option', 'patch', ['-p1', '-i', 'my-dir.diff'], { dir: null, root: null }],
    ['a word holding --directory= after its first letter is no option', 'patch', ['x--directory=up'], { dir: null, root: null }],
    ['a verb that is neither patch nor git changes no folder, whatever its words say', 'hg', ['apply', '--directory=up', 'f.diff'], { dir: null, root: null }],
    ['a --directory= before git apply is not an option of apply', 'git', ['--directory=up', 'apply', 'f.diff'], { dir: null, root: null }],
    ['a --directory= after git apply is its root', 'git', ['apply', '--directory=up', 'f.diff'], { dir: null, root: 'up' }],
  ];
  for (const [name, verb, args, expected] of rows) it(name, () => assert.deepEqual(patchPlace(verb, args), expected));
});

describe('the names a patch writes, from absolute header names', () => {
  it('an absolute name is kept and so is each name with its leading folders stripped, as -p does', () => {
    assert.deepEqual(patchedPaths('--- /w/.claude/settings.json\n'), ['/w/.claude/settings.json', 'w/.claude/settings.json', '.claude/settings.json', 'settings.json']);
  });
});
