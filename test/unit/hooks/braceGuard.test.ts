// The guard reads a command after bash's brace expansion: `{…}` makes several words of one before
// anything runs, so the words as written may name neither the verb nor the paths bash uses.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { guardRead } from './guardRead';

// [the command, the targets the guard names (empty: let through)]
const cases: Array<[string, string[]]> = [
  ['rm -rf src/{x,..}/.claude/proofmeter', ['.claude/proofmeter']],
  ['rm -rf {src,.claude}', ['.claude']],
  ['rm -rf .clau{d..d}e/proofmeter', ['.claude/proofmeter']],
  ['{rm,-rf,.claude/proofmeter}', ['.claude/proofmeter']],
  ['r{m,} -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['echo {} > .clau{d..d}e/settings.json', ['.claude/settings.json']],
  ['(echo x) > .clau{d..d}e/settings.json', ['.claude/settings.json']],
  ['echo x | tee {notes.txt,.claude/settings.json}', ['.claude/settings.json']],
  ['cd .clau{d..d}e && rm -rf proofmeter', ['.claude/proofmeter']],
  ['echo {src,.claude/proofmeter} | xargs rm -rf', ['.claude/proofmeter']],
  ['bash -c "rm -rf {x,.claude}"', ['.claude']],
  ['eval rm -rf \\{x,.claude\\}', ['.claude']],
  ['sed -i s/a/b/ src/{x,../.claude/settings.json}', ['.claude/settings.json']],
  ['rm -rf x{1..5000}/../.claude', ['a brace expansion larger than the guard reads']],
  ['echo x > x{1..5000}', ['a brace expansion larger than the guard reads']],
  ["rm -rf '{x,..}/.claude'", []],
  ['rm -rf \\{x,..\\}/.claude', []],
  ['rm -rf build/{a,b}', []],
  ['find src -name "*.tmp" -exec rm {} +', []],
  ['find src -name "*.tmp" -exec rm {} \\;', []],
  // Past BRACE_WORDS nothing is read, whatever the verb: no honest command line brace-expands that far.
  ['echo {1..5000}', ['a brace expansion larger than the guard reads']],
  ['cat <<< {1..5000}', []],
  ['mkdir -p src/{a,b}/c && touch src/{a,b}/c/x.txt', []],
];

describe('the guard reads a command after brace expansion', () => {
  for (const [command, targets] of cases) {
    it(`${command}: ${targets.length ? `denied, naming ${targets.join(', ')}` : 'let through'}`, () => {
      const { found, ws } = guardRead(command, (root) => mkdirSync(join(root, 'src', 'x'), { recursive: true }));
      // The workspace itself is named by its absolute path.
      assert.deepEqual([...new Set(found.map((f) => (f.target === ws ? '.' : f.target)))], targets);
    });
  }
});
