// A patch writes the files its headers name: `patch` and `git apply`/`git am` are refused when a
// patch they apply names the settings or the meter's state, wherever the command line points.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { patchedPaths, patchFiles } from '../../../src/hooks/bashWords';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const SETTINGS_PATCH = 'diff --git a/.claude/settings.json b/.claude/settings.json\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{"x":1}\n';
const PATCHED: BashFinding = { target: '.claude/settings.json', kind: 'settings', how: 'applied patch' };

function prepare(ws: string): void {
  writeFileSync(join(ws, 'p.diff'), SETTINGS_PATCH);
  writeFileSync(join(ws, 'ok.diff'), '--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1 +1 @@\n-a\n+b\n');
}

describe('the patch files a command applies', () => {
  const rows: Array<[string, string, string[], string | undefined, string[]]> = [
    ['patch -i names its patch', 'patch', ['-p1', '-i', 'p.diff'], undefined, ['p.diff']],
    ['patch -i glued to its file names it', 'patch', ['-ip.diff'], undefined, ['p.diff']],
    ['patch --input= names its patch', 'patch', ['--input=p.diff'], undefined, ['p.diff']],
    ['patch --input followed by a word names it', 'patch', ['--input', 'p.diff'], undefined, ['p.diff']],
    ['patch with two operands applies the second', 'patch', ['x.txt', 'p.diff'], 'in.diff', ['p.diff']],
    ['patch with one operand reads its patch from standard input', 'patch', ['x.txt'], 'in.diff', ['in.diff']],
    ['patch with no file and no input applies none the guard can read', 'patch', ['-p1'], undefined, []],
    ['git apply applies each operand', 'git', ['apply', '--index', 'a.diff', 'b.diff'], undefined, ['a.diff', 'b.diff']],
    ['git am with no operand reads standard input', 'git', ['am'], 'in.mbox', ['in.mbox']],
    ['git after an option with a value still finds its subcommand', 'git', ['-C', 'sub', 'apply', 'x.diff'], undefined, ['x.diff']],
    ['a word that is the value of git -c is not the subcommand', 'git', ['-c', 'apply', 'status'], undefined, []],
    ['another git subcommand applies no patch', 'git', ['diff', 'x.diff'], 'in.diff', []],
    ['another verb applies no patch', 'cat', ['p.diff'], 'in.diff', []],
  ];
  for (const [name, verb, args, stdin, expected] of rows) it(name, () => assert.deepEqual(patchFiles(verb, args, stdin), expected));
});

describe('the files a patch writes', () => {
  const rows: Array<[string, string, string[]]> = [
    ['a git patch writes both names of its diff line, with and without the first folder', 'diff --git a/x/y.txt b/x/z.txt\n', ['x/y.txt', 'y.txt', 'x/z.txt', 'z.txt']],
    ['a unified patch writes the names of its --- and +++ lines', '--- a/s.json\n+++ b/s.json\n', ['a/s.json', 's.json', 'b/s.json']],
    ['a context patch writes the name of its *** line', '*** notes.txt\n', ['notes.txt']],
    ['a new file from /dev/null writes only its new name', '--- /dev/null\n+++ b/new.txt\n', ['b/new.txt', 'new.txt']],
    ['a header inside a line is not one', 'x --- a/s.json\n', []],
  ];
  for (const [name, text, expected] of rows) it(name, () => assert.deepEqual(patchedPaths(text), expected));
});

describe('the guard against a patch that writes the settings', () => {
  const rows: Array<[string, string, BashFinding[]]> = [
    ['patch on standard input', 'patch -p1 < p.diff', [PATCHED]],
    ['patch -i', 'patch -p1 -i p.diff', [PATCHED]],
    ['git apply', 'git apply p.diff', [PATCHED]],
    ['git apply on standard input', 'git apply < p.diff', [PATCHED]],
    ['git am', 'git am p.diff', [PATCHED]],
    ['an ordinary patch goes through', 'git apply ok.diff', []],
  ];
  for (const [name, command, expected] of rows) it(`${name}: ${command}`, () => assert.deepEqual(guardRead(command, prepare).found, expected));
});
