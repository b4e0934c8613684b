// The detail each item's evidence carries, and which words, handovers and notices decide it: the
// earliest words that name an item close it, the latest handover of an item is the one that counts
// (and only words after it close the item), and among several notices of one task a failing one wins.
import { strict as assert } from 'node:assert';
import { evaluateEvidence, resolveRun } from '../../../src/core/evidence/evidence';
import type { BashRun, PersonWords, PlanItem, Position, Proof, TaskNotice, TranscriptEvents, WordsSource } from '../../../src/core/types';

const A = '/home/dev/.claude/projects/p/a.jsonl';
const B = '/home/dev/.claude/projects/p/b.jsonl';

const at = (file: string, line: number, time: string | null): Position => ({ file, line, time });
const T = (s: number) => `2026-12-01T10:00:${String(s).padStart(2, '0')}.000Z`;

function item(id: string, proof: Proof): PlanItem {
  return { id, list: 'Steps', text: `${id}.`, key: `steps ${id.toLowerCase()}.`, owner: proof.kind === 'command' ? 'claude' : proof.kind, proof, line: 3 };
}

function run(command: string, pos: Position, end: BashRun['end'] = { kind: 'passed' }): BashRun {
  return { toolUseId: `toolu_${pos.line}`, command, at: pos, source: 'main', sidechain: false, end };
}

function words(ids: string[], source: WordsSource, pos: Position): PersonWords {
  return { ids, source, at: pos };
}

function transcript(file: string, parts: Partial<Pick<TranscriptEvents, 'runs' | 'words' | 'notices'>>): TranscriptEvents {
  return { file, runs: [], notices: [], words: [], edits: [], unreadable: 0, lines: 10, sessionId: null, cwd: null, ...parts };
}

const OPTS = { home: '/home/dev', countSdkPrompts: true };
const NPM = { kind: 'command', command: 'npm test' } as const;

describe('the detail of items closed by words or waiting', () => {
  interface Case {
    name: string;
    item: () => PlanItem;
    transcripts: () => TranscriptEvents[];
    want: { state: string; detail: string; closedAt: Position | null };
  }
  const cases: Case[] = [
    {
      name: 'an item for the person with no words yet is waiting for you',
      item: () => item('S1', { kind: 'human', what: 'sign off' }),
      transcripts: () => [transcript(A, {})],
      want: { state: 'open', detail: 'waiting for you', closedAt: null },
    },
    {
      name: 'an item for a later event with no words yet is waiting for a later event',
      item: () => item('S1', { kind: 'later', event: 'the release' }),
      transcripts: () => [transcript(A, {})],
      want: { state: 'open', detail: 'waiting for a later event', closedAt: null },
    },
    {
      name: 'the earliest words that name an item close it, though their transcript is read last',
      item: () => item('S1', { kind: 'human', what: 'sign off' }),
      transcripts: () => [transcript(A, { words: [words(['S1'], 'typed', at(A, 4, T(30)))] }), transcript(B, { words: [words(['S1'], 'answer', at(B, 2, T(10)))] })],
      want: { state: 'closed', detail: 'closed by your words (answer)', closedAt: at(B, 2, T(10)) },
    },
    {
      name: 'a command item never run has not been run',
      item: () => item('S1', NPM),
      transcripts: () => [transcript(A, { runs: [run('npm run build', at(A, 2, T(1)))] })],
      want: { state: 'unrun', detail: 'its proof has not been run', closedAt: null },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const [e] = evaluateEvidence([c.item()], c.transcripts(), OPTS).items;
      assert.deepEqual({ state: e!.state, detail: e!.detail, closedAt: e!.closedBy?.at ?? null }, c.want);
    });
  }
});

describe('handovers and the words after them', () => {
  const ho = (id: string, why: string, pos: Position) => run(`proofmeter handover ${id} --why "${why}"`, pos);
  interface Case {
    name: string;
    transcripts: () => TranscriptEvents[];
    want: { state: string; detail: string; why: string | null; closedAt: Position | null };
  }
  const cases: Case[] = [
    {
      name: 'the latest of two handovers of an item is the one it shows',
      transcripts: () => [transcript(A, { runs: [ho('S1', 'first reason', at(A, 2, T(1))), ho('S1', 'second reason', at(A, 5, T(5)))] })],
      want: { state: 'handed-over', detail: 'handed over: waiting for your words', why: 'second reason', closedAt: null },
    },
    {
      name: 'words after the handover close the item',
      transcripts: () => [transcript(A, { runs: [ho('S1', 'needs a person', at(A, 2, T(1)))], words: [words(['S1'], 'typed', at(A, 6, T(9)))] })],
      want: { state: 'closed', detail: 'closed by your words after the handover', why: 'needs a person', closedAt: at(A, 6, T(9)) },
    },
    {
      name: 'words at the handover’s own position are not after it',
      transcripts: () => [transcript(A, { runs: [ho('S1', 'needs a person', at(A, 2, null))], words: [words(['S1'], 'typed', at(A, 2, null))] })],
      want: { state: 'handed-over', detail: 'handed over: waiting for your words', why: 'needs a person', closedAt: null },
    },
    {
      name: 'the handover of another item hands nothing of this one over',
      transcripts: () => [transcript(A, { runs: [ho('S2', 'needs a person', at(A, 2, T(1)))] })],
      want: { state: 'unrun', detail: 'its proof has not been run', why: null, closedAt: null },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const [e] = evaluateEvidence([item('S1', NPM)], c.transcripts(), OPTS).items;
      assert.deepEqual({ state: e!.state, detail: e!.detail, why: e!.handover?.why ?? null, closedAt: e!.closedBy?.at ?? null }, c.want);
    });
  }
});

describe('which notice ends a background run', () => {
  const bg = (): BashRun => run('npm test', at(A, 3, T(10)), { kind: 'pending', taskId: 'bg1' });
  const notice = (taskId: string, status: string, exitCode: number | null, line: number, time: string | null): TaskNotice => ({ taskId, status, exitCode, at: at(A, line, time) });

  const cases: Array<[string, () => TaskNotice[], { end: unknown; line: number | null; exitCode: number | null }]> = [
    ['a failing notice after a passing one of the same task wins', () => [notice('bg1', 'completed', 0, 8, T(20)), notice('bg1', 'failed', 1, 9, T(21))], { end: { kind: 'failed', reason: 'background task failed (exit code 1)', exitCode: 1 }, line: 9, exitCode: 1 }],
    ['a notice completed with a non-zero exit after a passing one wins', () => [notice('bg1', 'completed', 0, 8, T(20)), notice('bg1', 'completed', 3, 9, T(21))], { end: { kind: 'failed', reason: 'background task completed (exit code 3)', exitCode: 3 }, line: 9, exitCode: 3 }],
    ['a notice killed with exit code 0 after a passing one wins', () => [notice('bg1', 'completed', 0, 8, T(20)), notice('bg1', 'killed', 0, 9, T(21))], { end: { kind: 'failed', reason: 'background task killed (exit code 0)', exitCode: 0 }, line: 9, exitCode: 0 }],
    ['a task killed with exit code 0 has not passed', () => [notice('bg1', 'killed', 0, 9, T(21))], { end: { kind: 'failed', reason: 'background task killed (exit code 0)', exitCode: 0 }, line: 9, exitCode: 0 }],
    ['a passing notice of the task ends it', () => [notice('bg1', 'completed', 0, 9, T(21))], { end: { kind: 'passed' }, line: 9, exitCode: 0 }],
    ['a failing notice of another task does not end it', () => [notice('bg2', 'failed', 1, 9, T(21))], { end: { kind: 'pending', taskId: 'bg1' }, line: null, exitCode: null }],
    ['a notice at the run’s own position ends it', () => [notice('bg1', 'failed', 4, 3, T(10))], { end: { kind: 'failed', reason: 'background task failed (exit code 4)', exitCode: 4 }, line: 3, exitCode: 4 }],
  ];
  for (const [name, notices, want] of cases) {
    it(name, () => {
      const r = resolveRun(bg(), notices());
      assert.deepEqual({ end: r.end, line: r.endAt?.line ?? null, exitCode: r.exitCode }, want);
    });
  }
});
