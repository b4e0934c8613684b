// Code the guard cannot take apart (inline interpreter code, a script it runs) that names the
// `.claude` folder itself removes or replaces the settings and the state with it: refused, as
// `rm -rf .claude` is. A sentence that mentions the folder and a folder below it go through.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { namesClaudeFolder } from '../../../src/hooks/protectedPaths';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

describe('code that names the .claude folder itself', () => {
  const rows: Array<[string, string, boolean]> = [
    ['the folder alone in single quotes', "shutil.rmtree('.claude')", true],
    ['the folder alone in double quotes, with a trailing slash', 'rmSync("./.claude/")', true],
    ['the folder at the end of a command inside a string', 'system("rm -rf .claude")', true],
    ['the folder at the end of an absolute path in backquotes', 'run(`/w/.claude`)', true],
    ['a sentence that mentions the folder', 'print("see the .claude folder")', false],
    ['a folder below it', "os.makedirs('.claude/skills')", false],
    ['a longer name that ends like it', "rmtree('x.claude')", false],
    ['the folder unquoted', 'rm -rf .claude', false],
    ['a quote on another line', "'a\n.claude'", false],
  ];
  for (const [name, text, want] of rows) it(`${name}: ${JSON.stringify(text)} ${want ? 'names' : 'does not name'} it`, () => assert.equal(namesClaudeFolder(text), want));
});

const INLINE: BashFinding = { target: "an inline script naming the meter's files", kind: 'state', how: 'python3 inline code' };

describe('the guard against code that removes the .claude folder whole', () => {
  const rows: Array<[string, string, BashFinding[]]> = [
    ['python3 -c removing it', `python3 -c "import shutil; shutil.rmtree('.claude')"`, [INLINE]],
    ['node -e removing it', `node -e "require('fs').rmSync('.claude', { recursive: true })"`, [{ ...INLINE, how: 'node inline code' }]],
    ['awk running rm on it', `awk 'BEGIN { system("rm -rf .claude") }'`, [{ ...INLINE, how: 'awk inline code' }]],
    ['perl running rm on it', `perl -e 'system("rm -rf .claude")'`, [{ ...INLINE, how: 'perl inline code' }]],
    ['python3 reading a here-document that removes it', "python3 - <<'PY'\nimport shutil\nshutil.rmtree('.claude')\nPY", [INLINE]],
    ['a script file that removes it', 'python3 wipe.py', [{ target: "a script naming the meter's files", kind: 'state', how: 'python3 wipe.py' }]],
    ['inline code making a folder below it goes through', `python3 -c "import os; os.makedirs('.claude/skills', exist_ok=True)"`, []],
    ['inline code that only mentions it goes through', `python3 -c "print('see the .claude folder')"`, []],
  ];
  const prepare = (ws: string) => writeFileSync(join(ws, 'wipe.py'), "import shutil\nshutil.rmtree('.claude')\n");
  for (const [name, command, expected] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, prepare).found, expected));
});
