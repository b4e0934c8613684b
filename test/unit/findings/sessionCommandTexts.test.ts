// The exact message and action of each finding from the session's own git commands.
import { strict as assert } from 'node:assert';
import { sessionCommandFindings } from '../../../src/core/findings/sessionCommands';
import type { BashRun, TranscriptEvents } from '../../../src/core/types';

const FROZEN = '2026-12-01T10:00:00.000Z';

function run(command: string): BashRun {
  return { toolUseId: 'toolu_t1', command, at: { file: '/t/s.jsonl', line: 4, time: '2026-12-01T10:05:00.000Z' }, source: 'main', sidechain: false, end: { kind: 'passed' } };
}

function events(runs: BashRun[]): TranscriptEvents[] {
  return [{ file: '/t/s.jsonl', runs, notices: [], words: [], edits: [], unreadable: 0, lines: 100, sessionId: 's', cwd: '/p' }];
}

const texts = (command: string) => sessionCommandFindings(events([run(command)]), FROZEN).map((f) => [f.message, f.action]);

describe("the exact texts of findings from the session's own commands", () => {
  const cases: Array<[string, string[][]]> = [
    ['git commit --no-verify -m x', [["The session ran `git commit --no-verify` after the goal was frozen: the repository's hooks did not check that commit or push.", 'Run the hooks on it yourself (for example `git commit --amend --no-edit`, or the pre-commit command), or accept this finding.']]],
    ['git push --force origin main', [["The session ran `git push --force` after the goal was frozen: the remote's history was rewritten.", "Compare the remote with its reflog or a colleague's copy, or accept this finding."]]],
    ['git reset --hard HEAD~1', [['The session ran `git reset --hard` after the goal was frozen: commits or uncommitted work were thrown away.', 'Check `git reflog` for what was reset, or accept this finding.']]],
    ['git checkout -- a.test.ts b.test.ts c.test.ts', [['The session ran `git checkout --` on tests after the goal was frozen (a.test.ts, b.test.ts, c.test.ts): those tests were put back to another version.', 'Check with `git diff` that the tests still check what the plan needs, or accept this finding.']]],
    ['git checkout -- a.test.ts b.test.ts c.test.ts d.test.ts', [['The session ran `git checkout --` on tests after the goal was frozen (a.test.ts, b.test.ts, c.test.ts, … (4)): those tests were put back to another version.', 'Check with `git diff` that the tests still check what the plan needs, or accept this finding.']]],
  ];
  for (const [command, want] of cases) {
    it(`\`${command}\` gives exactly its message and action`, () => {
      assert.deepEqual(texts(command), want);
    });
  }

  it('two discards of different tests in one run are two findings, even when their names run together', () => {
    const found = sessionCommandFindings(events([run('git checkout -- a.test.ts b.test.ts; git checkout -- a.test.tsb.test.ts')]), FROZEN);
    assert.equal(found.length, 2);
  });
});
