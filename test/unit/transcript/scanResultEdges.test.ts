// How a Bash result ends its own run and moves the folder of calls still waiting, and which runs
// and notices a prune keeps (src/core/transcript/scan.ts).
import { strict as assert } from 'node:assert';
import { newScanState, pruneHistory, scanBytes, KEEP_PER_COMMAND } from '../../../src/core/transcript/scan';
import type { BashRun, Position, RunEnd, TaskNotice, TranscriptEvents } from '../../../src/core/types';

const lines = (xs: string[]): Buffer => Buffer.from(xs.map((l) => l + '\n').join(''));
const scan = (xs: string[]): TranscriptEvents => scanBytes(newScanState('t.jsonl', 'main'), lines(xs)).events;

/** One assistant message with several tool calls, as Claude Code writes calls made together. */
function calls(ids: string[], fields: Record<string, unknown> = {}, name = 'Bash'): string {
  const content = ids.map((id) => ({ type: 'tool_use', id, name, input: { command: `cmd ${id}` } }));
  return JSON.stringify({ type: 'assistant', message: { content }, ...fields });
}

function result(id: string, fields: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): string {
  const toolUseResult = { stdout: 'ok', stderr: '', interrupted: false, ...extra };
  return JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: id, content: 'ok', is_error: false }] }, toolUseResult, ...fields });
}

describe('scan: a Bash result ends the run of its own call', () => {
  it('the result of the first of two calls ends the first, not the last', () => {
    const e = scan([calls(['A', 'B']), result('A')]);
    assert.deepEqual(e.runs.map((r) => r.end?.kind ?? 'none'), ['passed', 'none']);
  });
  it('a run that did not go to the background carries no background fields', () => {
    const run = scan([calls(['A']), result('A')]).runs[0]!;
    assert.deepEqual(['backgroundTaskId' in run, 'backgroundedByUser' in run], [false, false]);
  });
  it('a run the person sent to the background is marked so', () => {
    const run = scan([calls(['A']), result('A', {}, { backgroundTaskId: 'task1', backgroundedByUser: true })]).runs[0]!;
    assert.deepEqual([run.backgroundTaskId, run.backgroundedByUser], ['task1', true]);
  });
  it('a run Claude sent to the background is not marked as sent by the person', () => {
    const run = scan([calls(['A']), result('A', {}, { backgroundTaskId: 'task1' })]).runs[0]!;
    assert.deepEqual([run.backgroundTaskId, 'backgroundedByUser' in run], ['task1', false]);
  });
});

describe('scan: a result in another folder makes the start folder of calls still waiting unknown', () => {
  it('every call still waiting gets an unknown folder, not only the last', () => {
    const e = scan([calls(['A', 'B', 'C'], { cwd: '/a' }), result('A', { cwd: '/b' })]);
    assert.deepEqual(e.runs.map((r) => r.cwd), ['/a', null, null]);
  });
  it('a result in the same folder leaves the waiting calls their folder', () => {
    const e = scan([calls(['A', 'B'], { cwd: '/a' }), result('A', { cwd: '/a' })]);
    assert.deepEqual(e.runs.map((r) => r.cwd), ['/a', '/a']);
  });
  it('a waiting call whose record named no folder keeps having none', () => {
    const e = scan([calls(['A', 'B']), result('A', { cwd: '/b' })]);
    assert.equal('cwd' in e.runs[1]!, false);
  });
  it('an open question that reuses the id of a finished run does not touch that run', () => {
    // Ids are forged here on purpose: only Bash calls still waiting may lose their folder.
    const e = scan([calls(['X'], { cwd: '/a' }), result('X', { cwd: '/a' }), calls(['X'], {}, 'AskUserQuestion'), calls(['Y'], { cwd: '/a' }), result('Y', { cwd: '/b' })]);
    assert.deepEqual(e.runs.map((r) => r.cwd), ['/a', '/a']);
  });
});

const at = (line: number): Position => ({ file: 't.jsonl', line, time: null });
const run = (toolUseId: string, line: number, end?: RunEnd): BashRun => ({ toolUseId, command: 'npm test', at: at(line), source: 'main', sidechain: false, ...(end ? { end } : {}) });
const notice = (taskId: string, line: number): TaskNotice => ({ taskId, status: 'completed', exitCode: 0, at: at(line) });

describe('pruneHistory: a run still waiting is kept however old', () => {
  // The oldest run comes first; KEEP_PER_COMMAND newer finished runs of the same command follow,
  // so only waiting can keep it.
  const newer = (): BashRun[] => Array.from({ length: KEEP_PER_COMMAND }, (_, i) => run(`n${i}`, 100 + i, { kind: 'passed' }));
  const keptOldest = (oldest: BashRun, open: Record<string, { kind: 'bash' }> = {}, notices: TaskNotice[] = []): boolean => {
    const state = newScanState('t.jsonl', 'main');
    state.events.runs = [oldest, ...newer()];
    state.events.notices = notices;
    state.open = open;
    pruneHistory(state);
    return state.events.runs.some((r) => r.toolUseId === 'old');
  };
  it('a background run with no notice yet is kept', () => {
    assert.equal(keptOldest(run('old', 1, { kind: 'pending', taskId: 't1' })), true);
  });
  it('a background run whose notice came is dropped', () => {
    assert.equal(keptOldest(run('old', 1, { kind: 'pending', taskId: 't1' }), {}, [notice('t1', 5)]), false);
  });
  it('a finished run whose call id is open again is kept', () => {
    assert.equal(keptOldest(run('old', 1, { kind: 'passed' }), { old: { kind: 'bash' } }), true);
  });
  it('a finished run with no open call is dropped', () => {
    assert.equal(keptOldest(run('old', 1, { kind: 'passed' })), false);
  });
});

describe('pruneHistory: a background run keeps the notices of its own task from its position on', () => {
  const kept = (notices: TaskNotice[]): string[] => {
    const state = newScanState('t.jsonl', 'main');
    state.events.runs = [run('bg', 10, { kind: 'pending', taskId: 't1' })];
    state.events.notices = notices;
    pruneHistory(state);
    return state.events.notices.map((n) => `${n.taskId}@${n.at.line}`);
  };
  it('a notice of another task is dropped', () => {
    assert.deepEqual(kept([notice('t2', 11), notice('t1', 12)]), ['t1@12']);
  });
  it('a notice at the very position of the run is kept, one before it is dropped', () => {
    assert.deepEqual(kept([notice('t1', 9), notice('t1', 10)]), ['t1@10']);
  });
});
