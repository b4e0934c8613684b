// Findings from the session's own commands: no-verify and history-rewritten, for the main
// session's clean runs after the freeze only, each naming its transcript line.
import { strict as assert } from 'node:assert';
import { isSessionCommandOfNote, sessionCommandFindings } from '../../../src/core/findings/sessionCommands';
import type { BashRun, TranscriptEvents } from '../../../src/core/types';

const FROZEN = '2026-12-01T10:00:00.000Z';
let n = 0;

function run(command: string, over: Partial<BashRun> = {}): BashRun {
  n += 1;
  return { toolUseId: `toolu_${n}`, command, at: { file: '/t/s.jsonl', line: n * 2, time: '2026-12-01T10:05:00.000Z' }, source: 'main', sidechain: false, end: { kind: 'passed' }, ...over };
}

function events(runs: BashRun[]): TranscriptEvents[] {
  return [{ file: '/t/s.jsonl', runs, notices: [], words: [], edits: [], unreadable: 0, lines: 100, sessionId: 's', cwd: '/p' }];
}

const kinds = (runs: BashRun[]) => sessionCommandFindings(events(runs), FROZEN).map((f) => `${f.kind}:${f.severity}`);

describe("findings from the session's own commands", () => {
  const cases: Array<[string, BashRun, string[]]> = [
    ['git commit --no-verify', run('git add -A && git commit --no-verify -m "wip"'), ['no-verify:warning']],
    ['a force push', run('git push --force origin main'), ['history-rewritten:warning']],
    ['git reset --hard', run('git reset --hard HEAD~2'), ['history-rewritten:warning']],
    ['git checkout -- on tests', run('git checkout HEAD~1 -- test/parser.test.ts'), ['history-rewritten:warning']],
    ['git checkout -- on a source file', run('git checkout -- src/parser.ts'), []],
    ['git reset --hard inside a subshell', run('(cd sub && git reset --hard)'), ['history-rewritten:warning']],
    ['a plain commit', run('git commit -m "feat"'), []],
    ['--no-verify before the freeze', run('git commit --no-verify -m x', { at: { file: '/t/s.jsonl', line: 3, time: '2026-12-01T09:00:00.000Z' } }), []],
    ['--no-verify at the very moment of the freeze', run('git commit --no-verify -m x', { at: { file: '/t/s.jsonl', line: 3, time: FROZEN } }), ['no-verify:warning']],
    ['--no-verify by a subagent', run('git commit --no-verify -m x', { source: 'subagent' }), []],
    ['--no-verify in a sidechain', run('git commit --no-verify -m x', { sidechain: true }), []],
    ['a force push that failed', run('git push -f', { end: { kind: 'failed', reason: 'exit 1', exitCode: 1 } }), []],
    ['--no-verify only mentioned in an echo', run('echo "never use git commit --no-verify"'), []],
    ['git restore on tests', run('git restore test/parser.test.ts'), ['history-rewritten:warning']],
    ['git stash of tests (they can be popped back)', run('git stash push -- test/parser.test.ts'), []],
    ['git reset --hard four substitutions deep', run('echo $(echo $(echo $(echo $(git reset --hard))))'), ['history-rewritten:warning']],
    ['git reset --hard five substitutions deep (past what is read)', run('echo $(echo $(echo $(echo $(echo $(git reset --hard)))))'), []],
  ];
  for (const [what, r, want] of cases) {
    it(`${what}: ${want.join(', ') || 'no finding'}`, () => assert.deepEqual(kinds([r]), want));
  }

  it('names the transcript line, keeps its id for the same run, and gives another run another id', () => {
    const r = run('git commit --no-verify -m x');
    const [f] = sessionCommandFindings(events([r]), FROZEN);
    assert.equal(f!.line, r.at.line);
    assert.equal(f!.evidence, `/t/s.jsonl:${r.at.line}`);
    assert.equal(sessionCommandFindings(events([r]), FROZEN)[0]!.id, f!.id);
    assert.notEqual(sessionCommandFindings(events([run('git commit --no-verify -m x')]), FROZEN)[0]!.id, f!.id);
    assert.match(f!.message, /^The session ran `git commit --no-verify` after the goal was frozen/);
  });

  it('names the first three tests a checkout put back, and how many there were', () => {
    const [f] = sessionCommandFindings(events([run('git checkout -- test/a.test.ts test/b.test.ts test/c.test.ts test/d.test.ts')]), FROZEN);
    assert.match(f!.message, /\(test\/a\.test\.ts, test\/b\.test\.ts, test\/c\.test\.ts, … \(4\)\)/);
  });

  it('a plan evaluated as given reads every run', () => {
    assert.equal(sessionCommandFindings(events([run('git push -f', { at: { file: 'x', line: 1, time: null } })]), null).length, 1);
  });

  it('tells the scan which runs to keep', () => {
    assert.equal(isSessionCommandOfNote('git commit -n -m x'), true);
    assert.equal(isSessionCommandOfNote('git status'), false);
    assert.equal(isSessionCommandOfNote('npm test'), false);
  });
});
