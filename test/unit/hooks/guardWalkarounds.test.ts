// The guard against the ways around it an agent with a shell would try first, for the seal's
// outside copy (~/.local/state/proofmeter/<key>/, sealRecord/paths.ts) and the workspace's state
// alike: operands handed over by `find -exec` and `xargs`, a hard link made first, an archive
// unpacked into the folder, inline code that names the folder in another spelling, a script file
// written first and run second, and a command nested past what the guard reads. The
// real-CLI walk of the same classes is test/realcli/sealOutside.test.ts.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { outsideSealDir } from '../../../src/workspace/sealRecord/paths';
import { denyReason, gate, payload, workspace } from './helpers';

const w = workspace();
mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
writeFileSync(join(w.ws, 'fix.sh'), 'rm -rf .claude\n');
writeFileSync(join(w.ws, 'ok.py'), "print('ok')\n");
writeFileSync(join(w.ws, 'ok.sh'), 'rm -rf build\n');
// A small stand-in for the runner, which names the meter's state throughout.
writeFileSync(join(w.ws, '.claude', 'proofmeter', 'proofmeter.js'), "const STATE = '.claude/proofmeter/goal.json';\n");
// The frozen goal: find reaches what is on disk, so a find after goal.json needs one there.
writeFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), '{}\n');

describe('guard: the ways around it', () => {
  // The outside copy's folder name is a digest (product code) and protectedPaths is src/hooks:
  // both are computed before each test, not while the file loads, so a mutant in them is live while
  // the test runs. The tables name the copy as <seal> (~/-relative) and <outside> (absolute), which
  // also keeps the test titles free of the run's temporary folder.
  let scope: BashScope;
  let outside = '';
  let seal = '';
  const spelled = (cmd: string) => cmd.replaceAll('<seal>', seal).replaceAll('<outside>', outside);
  beforeEach(() => {
    outside = outsideSealDir(w.ws, w.env);
    seal = `~/${join(outside, 'seal.json').slice(w.home.length + 1)}`;
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'seal.json'), '{}\n');
    // A script written first, to be run second.
    writeFileSync(join(w.ws, 'tidy.py'), `import os\nos.remove(os.path.expanduser('${seal}'))\n`);
    scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
  });
  const denied: Array<[string, string]> = [
    [`find ~/.local/state/proofmeter -name seal.json -exec truncate -s0 {} +`, 'find -exec truncate'],
    [`find ~/.local/state/proofmeter -name seal.json -exec sh -c 'echo x > "$1"' _ {} \\;`, 'find -exec sh'],
    [`find .claude -name goal.json -execdir env cp /tmp/g {} \\;`, 'find -exec cp'],
    ['echo <seal> | xargs truncate -s0', 'xargs truncate'],
    [`ls ~/.local/state/proofmeter/*/seal.json | xargs -I{} cp /tmp/x {}`, 'xargs cp'],
    ['printf .claude/proofmeter/goal.json | nice xargs -0 rm', 'xargs rm'],
    ['ln <seal> hard.json', 'ln (hard link)'],
    ['ln -f .claude/proofmeter/goal.json', 'ln (hard link)'],
    ['link <seal> hard.json', 'link (hard link)'],
    ['cp -al .claude/proofmeter /tmp/mirror', 'cp (hard link)'],
    ['tar -xf /tmp/x.tar -C ~/.local/state/proofmeter', 'tar extract'],
    ['tar xzf /tmp/x.tgz --directory=.claude/proofmeter', 'tar extract'],
    ['unzip -o /tmp/x.zip -d .claude/proofmeter', 'unzip extract'],
    [`python3 -c "open('<outside>/seal.json', 'w').write('{}')"`, 'python3 inline code'],
    [`node -e "require('fs').rmSync(process.env.HOME + '/.local/state/proofmeter', { recursive: true })"`, 'node inline code'],
    [`python3 - <<'PY'\nimport os\nos.remove(os.environ['XDG_STATE_HOME'] + '/proofmeter/k/seal.json')\nPY`, 'python3 inline code'],
    ["python3 -c \"open('.claude//proofmeter/goal.json', 'w')\"", 'python3 inline code'],
    ["node -e \"require('fs').writeFileSync('.claude/./settings.json', '{}')\"", 'node inline code'],
    // A substitution inside a parameter expansion runs: `${x:-$(…)}` is read like `$(…)`.
    ['echo ${x:-$(cp /tmp/g .claude/proofmeter/goal.json)}', 'cp'],
    [': "${x:=`rm -f .claude/proofmeter/goal.json`}"', 'rm'],
    // A case pattern's `)` does not end the substitution it stands in.
    ['echo $(case x in x) rm -f .claude/proofmeter/goal.json;; esac)', 'rm'],
    ['python3 tidy.py', 'python3 tidy.py'],
    ['cd .. && node proj/tidy.py', 'node proj/tidy.py'],
    ['sh fix.sh', 'rm'],
    ['bash -e ./fix.sh', 'rm'],
    ['. ./fix.sh', 'rm'],
    ['source fix.sh', 'rm'],
    // Past what the guard reads, whatever it names: nested deeper than any honest command, or so deep the reading overflows.
    ['echo $(echo $(echo $(echo $(echo $(rm -rf .claude)))))', 'nested shell'],
    [`${'('.repeat(5000)}rm -rf .claude${')'.repeat(5000)}`, 'nested shell'],
  ];
  for (const [cmd, how] of denied) {
    it(`denies ${JSON.stringify(cmd.length > 200 ? `${cmd.slice(0, 40)}… (${cmd.length} characters)` : cmd)} (${how})`, () => {
      const f = analyzeBash(spelled(cmd), scope);
      assert.ok(f.length > 0, 'expected a finding');
      assert.equal(f[0]!.how, how);
    });
  }

  // The same verbs on the agent's own files stay allowed.
  const allowed = [
    'find src -name "*.ts" -exec grep -l TODO {} +',
    'find src -name "*.bak" -exec rm {} +',
    'git ls-files src | xargs sed -i s/foo/bar/',
    'echo build | xargs rm -rf',
    'ls | xargs wc -l',
    'ln -s .claude/proofmeter/goal.json goal-link.json',
    'ln -sf ../notes.md docs/notes.md',
    'ln notes.md notes-hard.md',
    'cp -r src /tmp/src-copy',
    'tar -xf /tmp/x.tar -C build',
    'tar -cf /tmp/state.tar -C .claude proofmeter',
    'unzip -l /tmp/x.zip',
    "python3 -c \"print(open('src/state/proofmeters.txt').read())\"",
    'echo $(git rev-parse $(git merge-base $(git rev-parse HEAD) $(git rev-parse main)))',
    'python3 ok.py',
    'python3 -m http.server',
    'sh ok.sh',
    'python3 missing.py',
    'node .claude/proofmeter/proofmeter.js tally',
  ];
  for (const cmd of allowed) {
    it(`allows ${JSON.stringify(cmd)}`, () => assert.deepEqual(analyzeBash(cmd, scope), []));
  }

  const tool = (tool_name: string, tool_input: Record<string, unknown>) => payload('pretool-bash', { cwd: w.ws, tool_name, tool_input });
  for (const [name, p] of [
    ['Write', () => tool('Write', { file_path: join(outside, 'seal.json'), content: '{}' })],
    ['Edit', () => tool('Edit', { file_path: join(outside, 'seal.json'), old_string: '{}', new_string: '{ }' })],
    ['Write through a spelling with .. and //', () => tool('Write', { file_path: `${outside}/..//${basename(outside)}/seal.json`, content: '{}' })],
  ] as const) {
    it(`denies a ${name} of the seal's outside copy`, async () => {
      const r = await gate('guard', p(), w);
      assert.equal(r.answer.outcome, 'deny');
      assert.match(denyReason(r), /^Proofmeter guard: \S+seal\.json is the meter's own state/);
    });
  }
});
