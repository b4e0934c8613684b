// A run that does the same noted thing twice is one finding; a command is of note when any one of
// its simple commands does a noted thing, and a git action that is no finding makes it of no note.
import { strict as assert } from 'node:assert';
import { isSessionCommandOfNote, sessionCommandFindings } from '../../../src/core/findings/sessionCommands';
import type { BashRun, TranscriptEvents } from '../../../src/core/types';

function run(command: string): BashRun {
  return { toolUseId: 'toolu_r1', command, at: { file: '/t/s.jsonl', line: 4, time: '2026-12-01T10:05:00.000Z' }, source: 'main', sidechain: false, end: { kind: 'passed' } };
}

function events(runs: BashRun[]): TranscriptEvents[] {
  return [{ file: '/t/s.jsonl', runs, notices: [], words: [], edits: [], unreadable: 0, lines: 100, sessionId: 's', cwd: '/p' }];
}

describe('a noted thing done twice in one run', () => {
  const cases: Array<[string, string, string[]]> = [
    ['the same force push twice is one finding', 'git push --force && git push --force', ['history-rewritten /t/s.jsonl:4']],
    ['the same reset twice, once in a subshell, is one finding', 'git reset --hard; (git reset --hard)', ['history-rewritten /t/s.jsonl:4']],
    ['a force push and a reset are two findings', 'git push --force; git reset --hard', ['history-rewritten /t/s.jsonl:4', 'history-rewritten /t/s.jsonl:4']],
  ];
  for (const [what, command, want] of cases) {
    it(`${what}: ${JSON.stringify(command)}`, () => {
      const got = sessionCommandFindings(events([run(command)]), '2026-12-01T10:00:00.000Z');
      assert.deepEqual(got.map((f) => `${f.kind} ${f.evidence}`), want);
      assert.equal(new Set(got.map((f) => f.id)).size, want.length);
    });
  }
});

describe('which commands are of note', () => {
  const cases: Array<[string, string, boolean]> = [
    ['a force push after a command with no git in it is of note', 'echo hi; git push --force', true],
    ['a reset before a command with no git in it is of note', 'git reset --hard && npm test', true],
    ['a checkout of a source file is a git action of no note', 'git checkout -- src/parser.ts', false],
    ['a plain commit is a git action of no note', 'git commit -m "feat"', false],
  ];
  for (const [what, command, want] of cases) {
    it(`${what}: ${JSON.stringify(command)}`, () => assert.equal(isSessionCommandOfNote(command), want));
  }
});
