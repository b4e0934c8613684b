// Under guard only, find and git's discarding commands are refused only when the meter's files can
// be among what they reach: find by its roots, -name/-path tests and -prune against what is on disk,
// git stash/checkout/restore by what git's index holds. A refusal of a folder that only holds the
// state names it as such, never as the meter's state.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash } from '../../../src/hooks/bashWrites';
import { bashReason } from '../../../src/hooks/guardReasons';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

/** A git project with the meter installed: its state holds a goal and the runner; `track` adds the state to the index. */
function project(track: boolean) {
  const w = workspace();
  mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
  mkdirSync(join(w.ws, 'src'));
  writeFileSync(join(w.ws, '.claude', 'settings.json'), '{}');
  writeFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), '{}');
  writeFileSync(join(w.ws, '.claude', 'proofmeter', 'proofmeter.js'), '');
  writeFileSync(join(w.ws, 'src', 'a.ts'), '');
  execFileSync('git', ['init', '-q'], { cwd: w.ws });
  execFileSync('git', ['add', 'src', ...(track ? ['.claude'] : [])], { cwd: w.ws });
  return w;
}

function read(command: string, track = false) {
  const w = project(track);
  const prot = protectedPaths(w.ws, w.env);
  const found = analyzeBash(command, { cwd: w.ws, home: w.home, prot });
  return { found, reason: found.length ? bashReason(found[0]!, prot) : null, ws: w.ws };
}

// [the command, whether the state is tracked, what the guard names (null: let through)]
const rows: Array<[string, boolean, string | null]> = [
  ["find . -name '*.pyc' -delete", false, null],
  ['find . -type d -name __pycache__ -exec rm -rf {} +', false, null],
  ["find . -name '*.log' -print0 | xargs -0 rm -f", false, null],
  ["find src -name '*.ts' | xargs rm", false, null],
  ["find . -path ./node_modules -prune -o -name '*.tmp' -exec rm {} +", false, null],
  ['find .claude -delete', false, '.claude'],
  ["find . -path '*proofmeter*' -delete", false, '.claude/proofmeter'],
  ["find . -name '*.json' -delete", false, '.claude/proofmeter/goal.json'],
  ["find . -iname 'GOAL.JSON' -exec rm {} \\;", false, '.claude/proofmeter/goal.json'],
  ["find . -name '*.js' | xargs rm", false, '.claude/proofmeter/proofmeter.js'],
  ['find . | xargs rm', false, '.'],
  ['find . -delete', false, '.'],
  // -prune does nothing beside -delete (it implies -depth): the pruned folder is still walked.
  ["find . -path ./.claude -prune -o -name '*.json' -delete", false, '.claude/proofmeter/goal.json'],
  ["find . -path ./.claude -prune -o -name '*.json' -exec rm {} +", false, null],
  // A negation or a group is not read: the roots are, as before.
  ["find . ! -name '*.pyc' -delete", false, '.'],
  ['find . -name x -exec rm -rf .claude \\;', false, '.claude'],
  ['git stash', false, null],
  ['git checkout -- .', false, null],
  ['git restore .', false, null],
  ['git stash', true, '.'],
  ['git checkout -- .', true, '.'],
  ['git restore .', true, '.'],
  ['git stash -u', false, '.'],
  ['git checkout HEAD~3 -- .', false, '.'],
  ['git restore --source=HEAD~3 .', false, '.'],
  ['git checkout -- .claude/settings.json', false, '.claude/settings.json'],
];

describe('find and git reach the meter only where its files can be among what they reach', () => {
  for (const [command, track, target] of rows) {
    it(`${command}${track ? ' (state tracked)' : ''}: ${target === null ? 'let through' : `refused, naming ${target}`}`, () => {
      const { found, ws } = read(command, track);
      assert.deepEqual(found.slice(0, 1).map((f) => (f.target === ws ? '.' : f.target)), target === null ? [] : [target]);
    });
  }

  it('names the workspace as the folder that holds the state, not as the state', () => {
    const { reason, ws } = read('find . -delete');
    assert.ok(reason?.includes(`would remove ${ws} (find -delete), which holds .claude/proofmeter, the meter's own state`), reason ?? '');
    assert.ok(!reason?.includes(`change ${ws} (`), reason ?? '');
  });

  it('names a file inside the state as the state', () => {
    const { reason } = read("find . -name '*.json' -delete");
    assert.match(reason ?? '', /would change \.claude\/proofmeter\/goal\.json \(find -delete\), the meter's own state/);
  });

  it('suggests a git command that leaves .claude out for git', () => {
    const { reason } = read('git stash', true);
    assert.match(reason ?? '', /which holds .*`git stash push -- src\/`/);
  });
});
