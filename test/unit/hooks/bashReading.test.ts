// The guard's reading of Bash commands (analyzeBash), case by case: each row is a command and every
// finding it must give, in order (kind, how, target; WS and HOME stand for the workspace and home).
// Mutation testing found each of these rules unguarded by the guard's own tests.
import { strict as assert } from 'node:assert';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

const w = workspace();
const place = (s: string) => s.replace(/^WS/, w.ws).replace(/^HOME/, w.home);

describe('the guard reads a Bash command', () => {
  // protectedPaths is product code (src/hooks): computed before each test, not while the file
  // loads, so a mutant in it is live while the test runs.
  let scope: BashScope;
  beforeEach(() => {
    scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
  });
  const cases: Array<[string, Array<[string, string, string]>]> = [
    // Redirections: only an output one writes, and `>&` writes a file unless its target is a descriptor.
    ['cat < .claude/settings.json', []],
    ['echo x >& .claude/settings.json', [['settings', '>& redirect', '.claude/settings.json']]],
    ['echo x >& .claude/proofmeter/run-1', [['state', '>& redirect', '.claude/proofmeter/run-1']]],
    ['echo x >& 1/../.claude/settings.json', [['settings', '>& redirect', '.claude/settings.json']]],
    // A script on standard input is read; a file named on `<` is not.
    ['sh 0<<< \'rm -rf .claude/proofmeter\'', [['state', 'rm', '.claude/proofmeter']]],
    ['sh < \'echo > .claude/settings.json\'', []],
    // Options end at `--`; a word after it is an operand even when it starts with a dash.
    ['rm -x/../.claude/settings.json', []],
    ['rm -- -x/../.claude/settings.json', [['settings', 'rm', '.claude/settings.json']]],
    // Inline interpreter code that names the meter's files.
    ['gawk \'{print}\' .claude/settings.json', [['state', 'gawk inline code', 'an inline script naming the meter\'s files']]],
    ['node -pe x .claude/settings.json', [['state', 'node inline code', 'an inline script naming the meter\'s files']]],
    ['node --eval \'x(".claude/settings.json")\'', [['state', 'node inline code', 'an inline script naming the meter\'s files']]],
    ['node --print \'.claude/settings.json\'', [['state', 'node inline code', 'an inline script naming the meter\'s files']]],
    ['node --eval=\'.claude/settings.json\'', [['state', 'node inline code', 'an inline script naming the meter\'s files']]],
    ['node -ex \'.claude/settings.json\'', []],
    ['node x-e \'.claude/settings.json\'', []],
    // Nesting: read four levels deep, beyond that only the text counts.
    ['eval eval eval eval rm -rf .claude/proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    ['eval eval eval eval eval rm -rf .claude/proofmeter', [['state', 'nested shell', 'a command nested deeper than the guard reads']]],
    // Past what the guard reads, a command is refused whatever it names: no honest command nests so deep.
    ['eval eval eval eval eval ls', [['state', 'nested shell', 'a command nested deeper than the guard reads']]],
    ['echo $(echo $(echo $(echo $(echo $(rm -rf .claude/proofmeter)))))', [['state', 'nested shell', 'a command nested deeper than the guard reads']]],
    // One finding per fact.
    ['rm .claude/settings.json; rm .claude/settings.json', [['settings', 'rm', '.claude/settings.json']]],
    // Where the shell is: a cd counts after `&&` and `;`, not from a pipeline stage or the background.
    ['cd /tmp && rm -rf .claude', []],
    ['cd /tmp | cat && rm -rf .claude', [['state', 'rm', '.claude']]],
    ['cd .claude; rm -rf proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    ['cd .claude & rm -rf proofmeter', []],
    ['pushd .claude && rm -rf proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    ['cd $X && rm -rf .claude', [['state', 'rm', '.claude']]],
    // Copies into a folder, dd, in-place editors.
    ['cp -t .claude settings.json', [['settings', 'cp', '.claude/settings.json']]],
    ['cp --target-directory=.claude settings.json', [['settings', 'cp', '.claude/settings.json']]],
    ['cp --target-directory .claude settings.json', [['settings', 'cp', '.claude/settings.json']]],
    ['cp .claude/settings.json', []],
    ['cp a.txt .claude/proofmeter', [['state', 'cp', '.claude/proofmeter'], ['state', 'cp', '.claude/proofmeter/a.txt']]],
    ['cp a.txt settings.json .claude', [['settings', 'cp', '.claude/settings.json']]],
    ['dd if=.claude/settings.json of=/tmp/x', []],
    ['sed \'s/a-i/b/\' .claude/settings.json', []],
    ['sed --in-place=.bak \'s/a/b/\' .claude/settings.json', [['settings', 'sed -i', '.claude/settings.json']]],
    // sh -c: the flag may share its dash with others, and its command is read however it is nested.
    ['sh x-c \'rm -rf .claude/proofmeter\'', []],
    ['sh -cx \'rm -rf .claude/proofmeter\'', [['state', 'rm', '.claude/proofmeter']]],
    ['bash -xc \'rm -rf .claude/proofmeter\'', [['state', 'rm', '.claude/proofmeter']]],
    ['sh -ec \'rm -rf .claude/proofmeter\'', [['state', 'rm', '.claude/proofmeter']]],
    ['sh \'rm -rf .claude/proofmeter\'', []],
    ['sh -c', []],
    ['sh -c -e \'rm -rf .claude/proofmeter\'', [['state', 'rm', '.claude/proofmeter']]],
    ['bash -c -o pipefail \'rm -rf .claude/proofmeter\'', [['state', 'rm', '.claude/proofmeter']]],
    ['sh -c \'eval eval eval eval rm -rf .claude/proofmeter\'', [['state', 'nested shell', 'a command nested deeper than the guard reads']]],
    ['sh <<< \'eval eval eval eval rm -rf .claude/proofmeter\'', [['state', 'nested shell', 'a command nested deeper than the guard reads']]],
    ['eval rm -rf .claude/proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    // find: the roots before the first expression, destructive only with -delete or -exec rm.
    ['find .claude -execdir rm {} +', [['state', 'find -exec rm', '.claude']]],
    ['find .claude -exec rm {} +', [['state', 'find -exec rm', '.claude']]],
    ['find .claude -name rm', []],
    ['find src -name .claude -delete', []],
    ['find src -delete', []],
    ['find src ( .claude -o -name x ) -delete', []],
    ['find src ! .claude -delete', []],
    ['find src \\( .claude -o -name x \\) -delete', []],
    // git: rm/mv operands, discarding commands and the pathspecs that leave .claude out.
    ['git rm .claude/settings.json', [['settings', 'git rm', '.claude/settings.json']]],
    ['git mv .claude/settings.json x', [['settings', 'git mv', '.claude/settings.json']]],
    ['git checkout -- . -e.claude', [['state', 'git checkout --', 'WS']]],
    ['git checkout -- \':!src\'', [['state', 'git checkout --', 'WS']]],
    ['git checkout -- . \'x:!.claude\'', [['state', 'git checkout --', 'WS']]],
    ['git checkout -- . \':!.claudex\'', [['state', 'git checkout --', 'WS']]],
    ['git stash push -- . \':!.claude/\'', []],
    ['git clean -fd . src-e.claude', [['state', 'git clean', 'WS']]],
    ['git clean -fd --exclude=.claude', []],
    ['git clean -fd --exclude=/.claude', []],
    ['git checkout -- $D/.claude/x', [['claude-dir', 'git checkout --', 'git checkout --']]],
    ['git -C .claude checkout -- commands', [['claude-dir', 'git checkout --', 'git checkout --']]],
    // Words the shell expands, unexpanded variables and globs.
    ['rm -rf ~', [['state', 'rm', 'HOME']]],
    ['rm -rf $CLAUDE_PROJECT_DIR/.claude/proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    ['rm -rf ${CLAUDE_PROJECT_DIR}/.claude/proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    ['rm -rf $PWD/.claude/proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    ['rm -rf ${PWD}/.claude/proofmeter', [['state', 'rm', '.claude/proofmeter']]],
    ['rm \'\'', []],
    ['rm -rf $X/.claude/proofmeter', [['state', 'rm', '$X/.claude/proofmeter']]],
    ['echo > $X/.claude/settings.json', [['settings', '> redirect', '$X/.claude/settings.json']]],
    ['rm -rf *', []],
    ['shopt -s dotglob; rm -rf *', [['state', 'rm', 'WS']]],
    ['GLOBIGNORE=x rm -rf *', [['state', 'rm', 'WS']]],
    ['rm -f *.log', []],
    ['mv *.txt docs/', []],
    ['rm -rf */node_modules', []],
    ['rm -rf [.]claude', [['state', 'rm', 'WS']]],
    ['rm -f .claude/proofmeter/*.json', [['state', 'rm', '.claude/proofmeter']]],
    ['mv a.txt .', []],
    ['mv -t . a.txt', []],
    ['mv settings.json .claude/', [['settings', 'mv', '.claude/settings.json']]],
    ['mv -T x .claude', [['state', 'mv', '.claude']]],
    ['mv .claude x', [['state', 'mv', '.claude']]],
    ['echo x > .cl*/proofmeter', [['state', '> redirect', 'WS']]],
    ['rm -rf .claude/*', [['state', 'rm', '.claude']]],
    ['rm -rf src/a*', []],
    ['rm -rf .cl*', [['state', 'rm', 'WS']]],
  ];
  for (const [command, findings] of cases) {
    const says = findings.length ? findings.map(([kind, how]) => `${kind} (${how})`).join(', ') : 'nothing';
    it(`${JSON.stringify(command)} finds ${says}`, () => {
      const got = analyzeBash(command, scope).map((f) => [f.kind, f.how, f.target]);
      assert.deepEqual(got, findings.map(([kind, how, target]) => [kind, how, place(target)]));
    });
  }
});
