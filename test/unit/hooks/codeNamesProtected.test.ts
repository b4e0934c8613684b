// Code given to an interpreter (inline, on standard input, or in a script file it runs) names the
// meter's files when it writes one out, names the `.claude` folder whole in a string, or joins a
// protected name to it from parts; code naming only a file below `.claude/` does not.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash } from '../../../src/hooks/bashWrites';
import { codeNamesProtected, protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

// [the code, whether it names the meter's files]
const code: Array<[string, boolean]> = [
  ['shutil.rmtree(".claude")', true],
  ["shutil.rmtree('.claude/')", true],
  ['fs.rmSync(`.claude`, { recursive: true })', true],
  ["os.remove(os.path.join('.claude', 'settings.json'))", true],
  ["path.join(root, '.claude', 'proofmeter')", true],
  ['open(".claude/settings.local.json", "w")', true],
  ["open('.claude/agents/a.md').read()", false],
  ["print('settings.json')", false],
  ['x = ".claudex"', false],
];

describe('code that names the meter\'s files', () => {
  for (const [text, names] of code) {
    it(`${text} ${names ? 'names them' : 'does not'}`, () => assert.equal(codeNamesProtected(text), names));
  }

  // [the command, whether the guard refuses it]
  const commands: Array<[string, boolean]> = [
    [`python3 -c 'import shutil; shutil.rmtree(".claude")'`, true],
    [`node -e 'require("fs").rmSync(".claude",{recursive:true})'`, true],
    [`python3 - <<'EOF'\nimport shutil; shutil.rmtree(".claude")\nEOF`, true],
    ['python3 tidy.py', true],
    [`python3 -c "print(open('.claude/agents/a.md').read())"`, false],
    ['python3 build.py', false],
  ];
  for (const [command, refused] of commands) {
    it(`${JSON.stringify(command)} is ${refused ? 'refused' : 'let through'}`, () => {
      const w = workspace();
      writeFileSync(join(w.ws, 'tidy.py'), 'import os, shutil\nshutil.rmtree(os.path.join(".claude", "proofmeter"))\n');
      writeFileSync(join(w.ws, 'build.py'), 'print("built")\n');
      const found = analyzeBash(command, { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) });
      assert.equal(found.length > 0, refused, JSON.stringify(found));
    });
  }
});
