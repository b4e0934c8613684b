// The guard's reading of Bash commands (analyzeBash): the word forms each rule takes apart, case by
// case. Each row is a command and every finding it must give, in order (kind, how, target; WS
// stands for the workspace). The scripts the rows run are files written in the workspace first.
// Mutation testing found each of these rules unguarded by the guard's other tests.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

const w = workspace();
const place = (s: string) => s.replace(/^WS/, w.ws);
const SCRIPT = 'a script naming the meter\'s files';

describe('the guard reads the word forms of a Bash command', () => {
  // protectedPaths is product code (src/hooks): computed before each test, not while the file
  // loads, so a mutant in it is live while the test runs.
  let scope: BashScope;
  beforeEach(() => {
    scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
    writeFileSync(join(w.ws, 'fix.sh'), 'rm -rf .claude/proofmeter\n');
    writeFileSync(join(w.ws, 'tidy.py'), 'open(".claude/settings.json", "w").write("{}")\n');
  });
  const cases: Array<[string, Array<[string, string, string]>]> = [
    // dd run by find -exec or xargs writes the paths it is handed (of={}).
    ['find .claude -exec dd if=/dev/zero of={} \\;', [['state', 'find -exec dd', '.claude']]],
    ['echo .claude/proofmeter | xargs -I{} dd if=/dev/zero of={}', [['state', 'xargs dd', '.claude/proofmeter']]],
    // sh -c: every word after the flag is read as a command (here the command and its $0), no word before it.
    ['sh -c \'rm -rf .claude/proofmeter\' sh', [['state', 'rm', '.claude/proofmeter']]],
    ['bash -c \'rm -rf .claude/proofmeter\' bash x', [['state', 'rm', '.claude/proofmeter']]],
    ['bash \'rm -rf .claude/proofmeter\' -c ls', []],
    // A flag that only starts like -c (-c1) is not -c: the script file named after it is read.
    ['sh -c1 fix.sh', [['state', 'rm', '.claude/proofmeter']]],
    // An interpreter's script file naming the meter's files is refused, and named in the finding;
    // a file that is only read (cat, less) is not.
    ['python3 tidy.py', [['state', 'python3 tidy.py', SCRIPT]]],
    ['node tidy.py', [['state', 'node tidy.py', SCRIPT]]],
    ['cat tidy.py', []],
    ['less tidy.py', []],
    ['wc -l tidy.py fix.sh', []],
    // git -C DIR rm: the operands after the subcommand are read from DIR, the words before it are not operands.
    ['git -C .claude/proofmeter rm run-1.json', [['state', 'git rm', '.claude/proofmeter/run-1.json']]],
    // ~ is the home folder only as a word's first letter: an editor's backup `name~` is a file of that name.
    ['rm .claude/proofmeter/run-1.json~', [['state', 'rm', '.claude/proofmeter/run-1.json~']]],
    ['rm -rf .claude/proofmeter/~', [['state', 'rm', '.claude/proofmeter/~']]],
  ];
  for (const [command, findings] of cases) {
    const says = findings.length ? findings.map(([kind, how]) => `${kind} (${how})`).join(', ') : 'nothing';
    it(`${JSON.stringify(command)} finds ${says}`, () => {
      const got = analyzeBash(command, scope).map((f) => [f.kind, f.how, f.target]);
      assert.deepEqual(got, findings.map(([kind, how, target]) => [kind, how, place(target)]));
    });
  }
});
