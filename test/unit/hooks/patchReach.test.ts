// Patches the guard once let through: one stripped of more than one folder (`-p2`), one applied
// from another folder (`patch -d`, `git -C`, `git apply --directory=`), and one that comes down a
// pipe or in a here-document rather than from a file. Each is refused when it writes the settings.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { patchedPaths, patchFiles, patchPlace } from '../../../src/hooks/bashWords';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const diff = (name: string) => `diff --git a/${name} b/${name}\n--- a/${name}\n+++ b/${name}\n@@ -1 +1 @@\n-{}\n+{"x":1}\n`;
const SETTINGS = diff('.claude/settings.json');
const PATCHED: BashFinding = { target: '.claude/settings.json', kind: 'settings', how: 'applied patch' };

function prepare(ws: string): void {
  mkdirSync(join(ws, 'sub'));
  writeFileSync(join(ws, 'p.diff'), SETTINGS);
  // A plain unified patch (no `diff --git` line, whose names git gives without their a/ and b/).
  writeFileSync(join(ws, 'p2.diff'), '--- a/x/.claude/settings.json\n+++ b/x/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{"x":1}\n');
  writeFileSync(join(ws, 'bare.diff'), diff('settings.json'));
  writeFileSync(join(ws, 'ok.diff'), diff('src/x.ts'));
}

describe('the names a patch writes, for any number of folders stripped', () => {
  const rows: Array<[string, string, string[]]> = [
    ['a name three folders deep is also read without one, two and three of them', '+++ a/b/c/d.txt\n', ['a/b/c/d.txt', 'b/c/d.txt', 'c/d.txt', 'd.txt']],
    ['a name ending in a slash adds no empty name', '+++ a/b/\n', ['a/b/', 'b/']],
  ];
  for (const [name, text, expected] of rows) it(name, () => assert.deepEqual(patchedPaths(text), expected));
});

describe('where a patch command applies its patch', () => {
  const rows: Array<[string, string, string[], { dir: string | null; root: string | null }]> = [
    ['patch -d names the folder', 'patch', ['-d', 'sub', '-p1'], { dir: 'sub', root: null }],
    ['patch -d glued to its folder names it', 'patch', ['-dsub'], { dir: 'sub', root: null }],
    ['patch --directory= names the folder', 'patch', ['--directory=sub'], { dir: 'sub', root: null }],
    ['patch --directory followed by a word names it', 'patch', ['--directory', 'sub'], { dir: 'sub', root: null }],
    ['patch -d with nothing after it names none', 'patch', ['-d'], { dir: null, root: null }],
    ['patch with no -d applies where it runs', 'patch', ['-p1'], { dir: null, root: null }],
    ['git -C names the folder of git apply', 'git', ['-C', 'sub', 'apply', 'x.diff'], { dir: 'sub', root: null }],
    ['git apply --directory= puts a folder before each name', 'git', ['apply', '--directory=.claude', 'x.diff'], { dir: null, root: '.claude' }],
    ['git am --directory followed by a word puts it before each name', 'git', ['am', '--directory', '.claude', 'x.mbox'], { dir: null, root: '.claude' }],
    ['a --directory before the subcommand is not apply’s', 'git', ['--directory=x', 'status'], { dir: null, root: null }],
    ['another git subcommand applies no patch anywhere', 'git', ['-C', 'sub', 'status'], { dir: null, root: null }],
    ['another verb applies no patch anywhere', 'cat', ['-d', 'sub'], { dir: null, root: null }],
  ];
  for (const [name, verb, args, expected] of rows) it(name, () => assert.deepEqual(patchPlace(verb, args), expected));
});

describe('the patch file after options that take a value', () => {
  const rows: Array<[string, string, string[], string[]]> = [
    ['the folder after patch -d is not the file to patch', 'patch', ['-d', 'sub', 'x.txt', 'p.diff'], ['p.diff']],
    ['the number after patch -p is not the file to patch', 'patch', ['-p', '1', 'x.txt', 'p.diff'], ['p.diff']],
    ['the folder after git apply --directory is not a patch', 'git', ['apply', '--directory', 'sub', 'p.diff'], ['p.diff']],
  ];
  for (const [name, verb, args, expected] of rows) it(name, () => assert.deepEqual(patchFiles(verb, args, undefined), expected));
});

describe('the guard against a patch that reaches the settings another way', () => {
  const rows: Array<[string, string, BashFinding[]]> = [
    ['a patch stripped of two folders', 'patch -p2 < p2.diff', [PATCHED]],
    ['git apply from a subfolder pointed back with -C', 'cd sub && git -C .. apply p.diff', [PATCHED]],
    ['patch from a subfolder pointed back with -d, its input opened where the shell is', 'cd sub && patch -d .. -p1 < ../p.diff', [PATCHED]],
    ['git apply putting .claude before each name', 'git apply --directory=.claude bare.diff', [PATCHED]],
    ['a patch file printed down a pipe into patch', 'cat p.diff | patch -p1', [PATCHED]],
    ['a patch file printed down a pipe into git apply', 'cat p.diff | git apply', [PATCHED]],
    ['a patch printed by printf into git apply', `printf '${SETTINGS.replace(/\n/g, '\\n')}' | git apply`, [PATCHED]],
    ['a patch in a here-document', `git apply <<'EOF'\n${SETTINGS}EOF`, [PATCHED]],
    ['an ordinary patch down a pipe goes through', 'cat ok.diff | git apply', []],
    ['an ordinary patch from another folder goes through', 'cd sub && git -C .. apply ok.diff', []],
    ['a pipe into git that applies nothing goes through', 'cat p.diff | git hash-object --stdin', []],
  ];
  for (const [name, command, expected] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, prepare).found, expected));
});
