// More of the guard's reading of Bash commands (analyzeBash), each row a rule mutation testing found
// unguarded: which tar and unzip calls unpack into a folder, which links are hard ones, what a
// command after `xargs` is handed down the pipe, and how far a script file is read. Each row is a
// command and every finding it must give, in order (kind, how, target).
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

const w = workspace();
mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
mkdirSync(join(w.ws, 'src'), { recursive: true });
// The guard reads a script file of up to 256 KiB (SCRIPT_BYTES): one exactly that size is read,
// one a byte larger is left to the seal check. Both remove the state folder on their first line.
const LINE = 'rm -rf .claude/proofmeter\n';
writeFileSync(join(w.ws, 'limit.sh'), LINE + '#'.repeat(256 * 1024 - LINE.length - 1) + '\n');
writeFileSync(join(w.ws, 'over.sh'), LINE + '#'.repeat(256 * 1024 - LINE.length) + '\n');
// A script file is one level deeper than its caller: four evals in it go past what the guard reads.
writeFileSync(join(w.ws, 'deep.sh'), 'eval eval eval eval rm -rf .claude/proofmeter\n');

const STATE = '.claude/proofmeter';
const UNREAD = 'a command nested deeper than the guard reads';

describe('the guard reads a Bash command (archives, links, xargs, script files)', () => {
  // protectedPaths is product code (src/hooks): computed before each test, not while the file loads.
  let scope: BashScope;
  beforeEach(() => {
    scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
  });
  const cases: Array<[string, Array<[string, string, string]>]> = [
    // tar unpacks only when told to extract: -x in a dash cluster, an old-style first word, --extract or --get.
    ['tar --extract -f /tmp/a.tar -C .claude/proofmeter', [['state', 'tar extract', STATE]]],
    ['tar --get -f /tmp/a.tar -C .claude/proofmeter', [['state', 'tar extract', STATE]]],
    ['tar -x -f /tmp/a.tar --directory .claude/proofmeter', [['state', 'tar extract', STATE]]],
    ['bsdtar -xf /tmp/a.tar -C .claude/proofmeter', [['state', 'bsdtar extract', STATE]]],
    ['unzip /tmp/a.zip --directory=.claude/proofmeter', [['state', 'unzip extract', STATE]]],
    // Creating an archive from the folder reads it; an x in a file name or a later word is no -x.
    ['tar -c -f /tmp/x.tar -C .claude/proofmeter .', []],
    ['tar -cf /tmp/out.tar -C .claude/proofmeter .', []],
    ['tar cf /tmp/out.tar -C .claude/proofmeter .', []],
    ['tar -c -f /tmp/out.tar -C .claude/proofmeter index', []],
    ['tar -c -f /tmp/out.tar -C .claude/proofmeter foo-x', []],
    ['tar -c -f./x.tar -C .claude/proofmeter .', []],
    ['tar --exclude=.git -cf /tmp/out.tar -C .claude/proofmeter .', []],
    ['tar cf/tmp/x.tar -C .claude/proofmeter .', []],
    // ln without -s (in a dash cluster of letters only) and cp -l/--link make hard links.
    ['ln .claude/proofmeter/goal.json goal-s', [['state', 'ln (hard link)', `${STATE}/goal.json`]]],
    ['ln -S.sav .claude/proofmeter/goal.json hard.json', [['state', 'ln (hard link)', `${STATE}/goal.json`]]],
    ['ln --symbolic .claude/proofmeter/goal.json soft.json', []],
    ['cp --link .claude/proofmeter/goal.json /tmp/g.json', [['state', 'cp (hard link)', `${STATE}/goal.json`]]],
    ['cp -r .claude/proofmeter /tmp/copy', []],
    ['rsync -l .claude/proofmeter/goal.json /tmp/g.json', []],
    // What xargs runs gets the words of the stages before it; other stages get nothing down the pipe.
    ['echo .claude/proofmeter/goal.json | tee /tmp/x', []],
    ['echo .claude/proofmeter/goal.json | xargs cat', []],
    ['ls src | xargs rm | cat .claude/settings.json', []],
    ['~/.claude/shell-snapshots/snap.sh | xargs rm', []],
    ['echo .claude | xargs rm -rf', [['state', 'xargs rm', '.claude']]],
    // A script file is read up to 256 KiB, one level deeper than its caller.
    ['sh limit.sh', [['state', 'rm', STATE]]],
    ['sh over.sh', []],
    ['sh deep.sh', [['state', 'nested shell', UNREAD]]],
  ];
  for (const [command, findings] of cases) {
    const says = findings.length ? findings.map(([kind, how]) => `${kind} (${how})`).join(', ') : 'nothing';
    it(`${JSON.stringify(command)} finds ${says}`, () => {
      const got = analyzeBash(command, scope).map((f) => [f.kind, f.how, f.target]);
      assert.deepEqual(got, findings);
    });
  }
});
