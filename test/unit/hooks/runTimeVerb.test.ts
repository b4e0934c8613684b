// A command whose name the shell works out only when it runs (`$x`, `$(…)`, a glob such as
// `/bin/r?`) cannot be told apart from rm: what it is given is read as written to, and a `.claude`
// folder among it as removed.
import { strict as assert } from 'node:assert';
import { guardRead } from './guardRead';

// [the command, the targets the guard names (empty: let through)]
const cases: Array<[string, string[]]> = [
  ['x=rm; $x -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['${RM:-rm} -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['$(echo rm) -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['`echo rm` -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['/bin/r? -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['/usr/bin/r[m] -rf .claude', ['.claude']],
  ['r* -rf .claude/settings.json', ['.claude/settings.json']],
  ['sudo /bin/r? -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['$x -rf .clau{d..d}e', ['.claude']],
  ['$x -rf .claude/agents/a.md', []],
  ['find . -exec /bin/r? {} +', ['.']],
  // find hands it only what its tests let through: no file of the meter's is named *.tmp.
  ['find . -name "*.tmp" -exec /bin/r? {} +', []],
  ['find src -name "*.tmp" -exec /bin/r? {} +', []],
  ['$(npm bin)/eslint .', []],
  ['$EDITOR notes.txt', []],
  ['$PYTHON -m pytest tests', []],
  ['[ -f notes.txt ] && echo yes', []],
  ['[[ -f notes.txt ]] && echo yes', []],
];

describe('the guard reads a command named at run time as one that may write what it is given', () => {
  for (const [command, targets] of cases) {
    it(`${command}: ${targets.length ? `denied, naming ${targets.join(', ')}` : 'let through'}`, () => {
      const { found, ws } = guardRead(command);
      assert.deepEqual(found.map((f) => (f.target === ws ? '.' : f.target)), targets);
    });
  }

  it('the finding says the command is named when it runs', () => {
    const { found } = guardRead('/bin/r? -rf .claude/proofmeter');
    assert.deepEqual(found.map((f) => [f.kind, f.how]), [['state', '/bin/r? (a command named when it runs)']]);
  });
});
