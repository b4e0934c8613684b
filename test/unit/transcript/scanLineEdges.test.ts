// Which lines the scan reads, which edits it records and which session ids and folders it notes
// (src/core/transcript/scan.ts). Records are written by hand so each field is under the test's control.
import { strict as assert } from 'node:assert';
import { newScanState, scanBytes, scanLine } from '../../../src/core/transcript/scan';
import type { TranscriptEvents, TranscriptSource } from '../../../src/core/types';

const lines = (xs: string[]): Buffer => Buffer.from(xs.map((l) => l + '\n').join(''));
const scan = (xs: string[], source: TranscriptSource = 'main'): TranscriptEvents => scanBytes(newScanState('t.jsonl', source), lines(xs)).events;

function toolUse(name: string, input: Record<string, unknown>, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: 'assistant', message: { content: [{ type: 'tool_use', id: `id_${name}`, name, input }] }, ...fields });
}

describe('scan: lines cut off mid-record count as unreadable only when they could have mattered', () => {
  // A line that cannot be parsed is skipped unread when its bytes say it cannot matter.
  const cutUser = '{"type":"user","message":{"content":"S1 is do';
  const cutResult = '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_other"';
  const cutQueued = '{"type":"attachment","attachment":{"type":"queued_command","prompt":"S1 is do';
  const cases: [string, string[], TranscriptSource, number][] = [
    ['a cut prompt in a subagent transcript is skipped', [cutUser], 'subagent', 0],
    ['a cut prompt in the main transcript is unreadable', [cutUser], 'main', 1],
    ['a cut queued prompt in a subagent transcript is skipped', [cutQueued], 'subagent', 0],
    ['a cut queued prompt in the main transcript is unreadable', [cutQueued], 'main', 1],
    ['a cut result when no call is open is skipped', [cutResult], 'main', 0],
    ['a cut result of a call other than the open one is skipped', [toolUse('Bash', { command: 'npm test' }), cutResult], 'main', 0],
    ['a cut result naming the open call is unreadable', [toolUse('Bash', { command: 'npm test' }), cutResult.replace('toolu_other', 'id_Bash')], 'main', 1],
  ];
  for (const [name, xs, source, unreadable] of cases) {
    it(name, () => {
      assert.equal(scan(xs, source).unreadable, unreadable);
    });
  }
});

describe('scan: only file edits of the main agent in the main transcript are recorded', () => {
  const cases: [string, string[], TranscriptSource, { path: string; tool: string }[]][] = [
    ['an Edit of the main agent is an edit', [toolUse('Edit', { file_path: '/p/a.ts' })], 'main', [{ path: '/p/a.ts', tool: 'Edit' }]],
    ['a Read is no edit, though it names a file', [toolUse('Read', { file_path: '/p/a.ts' })], 'main', []],
    ['a Read in a sidechain is no edit', [toolUse('Read', { file_path: '/p/a.ts' }, { isSidechain: true })], 'main', []],
    ['an Edit in a sidechain is no edit', [toolUse('Edit', { file_path: '/p/a.ts' }, { isSidechain: true })], 'main', []],
    ['an Edit in a subagent transcript is no edit', [toolUse('Edit', { file_path: '/p/a.ts' })], 'subagent', []],
    ['a NotebookEdit names its file by notebook_path', [toolUse('NotebookEdit', { notebook_path: '/p/n.ipynb' })], 'main', [{ path: '/p/n.ipynb', tool: 'NotebookEdit' }]],
  ];
  for (const [name, xs, source, edits] of cases) {
    it(name, () => {
      assert.deepEqual(scan(xs, source).edits.map((e) => ({ path: e.path, tool: e.tool })), edits);
    });
  }
});

describe('scan: the session id and folder are the first ones seen', () => {
  it('a Bash call alone names the session', () => {
    const e = scan([toolUse('Bash', { command: 'ls' }, { sessionId: 's-1', cwd: '/a' })]);
    assert.deepEqual([e.sessionId, e.cwd], ['s-1', '/a']);
  });
  it('a later call in another folder does not change the folder of the session', () => {
    const e = scan([toolUse('Bash', { command: 'ls' }, { cwd: '/a' }), toolUse('Bash', { command: 'ls' }, { cwd: '/b' })]);
    assert.equal(e.cwd, '/a');
  });
  it('a record read only for its session id gives the folder when none is known', () => {
    const e = scan([JSON.stringify({ type: 'system', sessionId: 's-2', cwd: '/c' })]);
    assert.deepEqual([e.sessionId, e.cwd], ['s-2', '/c']);
  });
  it('a record read only for its session id keeps the folder seen before', () => {
    const e = scan([toolUse('Bash', { command: 'ls' }, { cwd: '/a' }), JSON.stringify({ type: 'system', sessionId: 's-3', cwd: '/c' })]);
    assert.deepEqual([e.sessionId, e.cwd], ['s-3', '/a']);
  });
  it('a call whose record names no folder gives its run no folder', () => {
    const run = scan([toolUse('Bash', { command: 'ls' })]).runs[0]!;
    assert.equal('cwd' in run, false);
  });
});

describe('scanLine: a line read without its offset gives events no byte span', () => {
  it('a run read with no offset has no byteOffset nor byteLength', () => {
    const state = newScanState('t.jsonl', 'main');
    scanLine(state, Buffer.from(toolUse('Bash', { command: 'ls' })));
    const at = state.events.runs[0]!.at;
    assert.deepEqual(['byteOffset' in at, 'byteLength' in at], [false, false]);
  });
});
