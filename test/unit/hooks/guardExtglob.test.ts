// Extglob paths past the guard: an agent can turn `shopt -s extglob` on, and then bash expands
// `@(…)`, `!(…)`, `+(…)`, `*(…)` and `?(…)` into names like any glob, a leading dot included when an
// alternative starts with one. The guard reads each as the glob it is, so a path of the meter's
// named through one is refused, and one that cannot reach the meter's files goes through.
import { strict as assert } from 'node:assert';
import { guardRead, withMeter } from './guardRead';

describe('a path of the meter\'s named through an extglob group is refused', () => {
  // [what the row shows, the command, the target, how]
  const rows: Array<[string, string, string, string]> = [
    ['an @ group in the folder, after shopt', 'shopt -s extglob\nrm -rf .claude/@(proofmeter|x)', '.claude', 'rm'],
    ['a + group', 'rm -rf .claude/+(proofmeter)', '.claude', 'rm'],
    ['a ! group', 'rm -rf .claude/!(nothing)', '.claude', 'rm'],
    ['a * group', 'rm -rf .claude/*(settings.json)', '.claude', 'rm'],
    ['a ? group', 'rm -rf .claude/?(settings.json)', '.claude', 'rm'],
    ['a group quoted inside', 'rm -rf .claude/@("settings.json")', '.claude', 'rm'],
    ['a redirection into a group', "echo '{}' > .claude/settings@(.json)", '.claude', '> redirect'],
    ['a copy onto a group', 'cp x .claude/@(settings.json)', '.claude', 'cp'],
    ['a move out of a group', 'mv .claude/+(proofmeter) /tmp/pm-gone', '.claude', 'mv'],
    ['sed -i on a group', 'sed -i s/a/b/ .claude/@(settings.json)', '.claude', 'sed -i'],
    ['a ! group after a cd into .claude', 'cd .claude && rm -rf !(nothing)', '.claude', 'rm'],
    ['a cd through a group into .claude', 'cd .cl@(aude) && rm -rf proofmeter', '.claude/proofmeter', 'rm'],
    ['a cd through a group led by the dot', 'cd @(.claude) && rm -rf proofmeter', '.claude/proofmeter', 'rm'],
  ];
  for (const [name, command, target, how] of rows) {
    it(`${name}: ${JSON.stringify(command)}`, () => {
      const { found } = guardRead(command, withMeter);
      assert.deepEqual(found.map((f) => [f.target, f.how]), [[target, how]]);
    });
  }
  it('a group leading the workspace\'s names with a dot reaches the workspace, and is refused there', () => {
    const { found, ws } = guardRead('rm -rf @(.claude)', withMeter);
    assert.deepEqual(found.map((f) => [f.target, f.how]), [[ws, 'rm']]);
  });
});

describe('an extglob group that cannot reach the meter\'s files goes through', () => {
  const rows: Array<[string, string]> = [
    ['logs named by a group', 'rm -f @(a|b).log'],
    ['a group in another folder', 'rm -rf src/@(a|b)'],
    ['a ! group in another folder', 'cd src && rm -f !(*.ts)'],
    ['a + group over logs in the workspace', 'rm -f +(*.log)'],
    ['a group listing a dot file that is not the meter\'s', 'rm -f @(.eslintcache|x)'],
    ['a negated subshell in an if', 'if !(grep -q x f); then echo no; fi'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, withMeter).found, []));
});
