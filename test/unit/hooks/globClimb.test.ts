// A glob that climbs back out with `..` names what the shell expands it to: the guard reads
// `src/*/../../.claude/proofmeter` as the meter's state folder, not as somewhere in `src/`.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

// [the command, the targets the guard names (empty: let through)]
const cases: Array<[string, string[]]> = [
  ['rm -rf src/*/../../.claude/proofmeter', ['.claude/proofmeter']],
  ['echo x > src/*/../../.claude/settings.json', ['.claude/settings.json']],
  ['rm -rf src/**/../../.claude', ['.']],
  ['rm -rf src/.*/.claude/proofmeter', ['.']],
  ['rm -rf src/*/../build', []],
  ['echo x > src/*/../notes.txt', []],
];

describe('the guard reads a glob that climbs out with `..` where the shell sends it', () => {
  for (const [command, targets] of cases) {
    it(`${command}: ${targets.length ? `denied, naming ${targets.join(', ')}` : 'let through'}`, () => {
      const w = workspace();
      mkdirSync(join(w.ws, 'src', 'x'), { recursive: true });
      const found = analyzeBash(command, { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) });
      // The workspace itself is named by its absolute path.
      assert.deepEqual(found.map((f) => (f.target === w.ws ? '.' : f.target)), targets);
    });
  }
});
