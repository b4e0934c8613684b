// Paths and commands the shell builds before it runs them: a variable set earlier in the command,
// a substitution that only prints a folder (`$(pwd)`), a second name made with `ln -s`, and a
// script fed to a shell down a pipe or from a file. The guard reads what the shell will use.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { guardRead } from './guardRead';
import { workspace } from './helpers';

// [the command, the targets the guard names (empty: let through)]
const cases: Array<[string, string[]]> = [
  ['d=.claude; rm -rf $d/proofmeter', ['.claude/proofmeter']],
  ['d=.claude && rm -rf "${d}/settings.json"', ['.claude/settings.json']],
  ['export d=.claude/proofmeter; rm -rf "$d"', ['.claude/proofmeter']],
  ['declare -x d=.claude; cd $d && rm -rf proofmeter', ['.claude/proofmeter']],
  ['d=.claude; e=$d/proofmeter; rm -rf $e', ['.claude/proofmeter']],
  ['rm -rf "$(pwd)"/.clau"de"', ['.claude']],
  ['rm -rf `pwd`/.claude/proofmeter', ['.claude/proofmeter']],
  ['rm -rf $(git rev-parse --show-toplevel)/.claude', ['.claude']],
  ['ln -s .claude/proofmeter p && rm -rf p/', ['.claude/proofmeter']],
  ['ln -s .claude/settings.json s && echo {} > s', ['.claude/settings.json']],
  ['ln -s ../.claude/settings.json sub/s && echo {} > sub/s', ['.claude/settings.json']],
  ['ln -s ../.claude sub/ && rm -rf sub/.claude/proofmeter', ['.claude/proofmeter']],
  ['ln -sf .claude c; rm -rf c/settings.json', ['.claude/settings.json']],
  ['ln -s .claude/proofmeter && rm -rf proofmeter/goal.json', ['.claude/proofmeter/goal.json']],
  ['ln -s .claude c && ln -s c d && rm -rf d/proofmeter', ['.claude/proofmeter']],
  // A link alone writes nothing; a later call through it meets the guard's reading of where it points.
  ['ln -s .claude/proofmeter/goal.json goal-link.json', []],
  ['cp -al .claude x', ['.claude']],
  ['printf "rm -rf .claude" | sh', ['.claude']],
  ["echo 'rm -rf .claude/proofmeter' | bash", ['.claude/proofmeter']],
  ['cat evil.sh | sh', ['.claude/proofmeter']],
  ['bash < evil.sh', ['.claude/proofmeter']],
  ['d=$(cat f); rm -rf $d/build', []],
  ['d=build; rm -rf $d', []],
  ['FOO=bar; echo $FOO > out.txt', []],
  ['ln -s ../lib/x.js src/x.js', []],
  ['echo hi | sh -c "cat"', []],
  ['cat tidy.sh | sh', []],
  ['bash < tidy.sh', []],
];

describe('the guard reads what the shell builds before it runs', () => {
  for (const [command, targets] of cases) {
    it(`${command}: ${targets.length ? `denied, naming ${targets.join(', ')}` : 'let through'}`, () => {
      const { found } = guardRead(command, (ws) => {
        mkdirSync(join(ws, 'sub'), { recursive: true });
        writeFileSync(join(ws, 'evil.sh'), 'rm -rf .claude/proofmeter\n');
        writeFileSync(join(ws, 'tidy.sh'), 'rm -rf build\n');
      });
      assert.deepEqual([...new Set(found.map((f) => f.target))], targets);
    });
  }

  it('a variable set in one call is not known in the next', () => {
    const w = workspace();
    const scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
    assert.deepEqual(analyzeBash('d=.claude', scope), []);
    assert.deepEqual(analyzeBash('rm -rf $d/proofmeter', scope), []);
  });
});

describe('a variable naming the command', () => {
  // [the command, the findings as [kind, how]]
  const rows: Array<[string, Array<[string, string]>]> = [
    ['x=rm; $x -rf .claude/proofmeter', [['state', 'rm']]],
    ['r=node_modules/.bin/proofmeter; $r unseal', [['gate-change', 'meter command']]],
    ['p=proofmeter; npx $p adopt PLAN.md', [['gate-change', 'meter command']]],
    ['x=ls; $x .claude', []],
  ];
  for (const [command, findings] of rows) {
    it(`${command}: ${findings.length ? findings.map((f) => f.join(' ')).join(', ') : 'let through'}`, () => {
      const { found } = guardRead(command);
      assert.deepEqual(found.map((f) => [f.kind, f.how]), findings);
    });
  }
});

describe('a removal of a `.claude` folder the guard cannot place', () => {
  // [the command, the targets the guard names]
  const rows: Array<[string, string[]]> = [
    ['rm -rf ../$(basename "$PWD")/.claude', ['../$(basename "$PWD")/.claude']],
    ['rm -rf $X/.claude/', ['$X/.claude/']],
    ['rm -rf $X/.claude/agents', []],
    ['echo x > $X/.claude', []],
  ];
  for (const [command, targets] of rows) {
    it(`${command}: ${targets.length ? 'denied' : 'let through'}`, () => {
      const { found, ws } = guardRead(command);
      assert.deepEqual(found.map((f) => f.target.replace(ws, '$PWD')), targets);
    });
  }
});
