// Reads transcript lines into runs, notices, the person's words and file edits. The state is plain
// data, so a caller can persist it and feed only the bytes appended since (see scanBytes).
import type { BashRun, PersonWords, Position, TaskNotice, TranscriptEvents, TranscriptSource, WordsSource } from '../types';
import { wordsDigest } from '../evidence/receipt';
import { comparePositions } from '../evidence/evidence';
import { splitLines } from './lineSplitter';
import { decideRunEnd, decideSubagentRunEnd } from './runEnd';
import { parseNotice } from './notice';
import { affirmedIds } from '../evidence/affirmedIds';
import { keepsCommand, type ScanKeep } from './keep';
import { isHarnessText } from './harnessText';
import { countTests, testsRan } from '../evidence/testCount';
import { includesBytes, jsonObjectOf, readAs } from './jsonLine';
import {
  askAnswersResult,
  assistantRecord,
  bashResultObject,
  attachmentRecord,
  queuedCommandAttachment,
  toolResultBlock,
  toolUseBlock,
  userRecord,
  type AssistantRecord,
  type AttachmentRecord,
  type UserRecord,
} from './schemas';

type OpenToolUse = { kind: 'bash' } | { kind: 'ask' };

export interface ScanState {
  file: string;
  source: TranscriptSource;
  /** Bytes consumed so far: always the end of a complete line. */
  offset: number;
  /** Complete lines consumed so far. */
  lineNo: number;
  events: TranscriptEvents;
  open: Record<string, OpenToolUse>;
  /** Bytes after the last newline at the last read: a line still being written. */
  pendingBytes: number;
  /** Runs left by the last prune; the next waits for twice as many, so pruning costs O(1) a run. */
  prunedTo: number;
}

const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

export function newScanState(file: string, source: TranscriptSource): ScanState {
  return {
    file,
    source,
    offset: 0,
    lineNo: 0,
    events: { file, runs: [], notices: [], words: [], edits: [], unreadable: 0, lines: 0, sessionId: null, cwd: null },
    open: {},
    pendingBytes: 0,
    prunedTo: 0,
  };
}

/**
 * Feeds the bytes of the file that start at state.offset. Mutates and returns the state; only
 * complete lines are consumed, so the next call passes the bytes from the new state.offset.
 * `keep` names the proofs whose runs are kept (see pruneHistory); every call on one state must
 * pass the same.
 */
export function scanBytes(state: ScanState, chunk: Uint8Array, keep: ScanKeep | null = null): ScanState {
  const { lines, consumed } = splitLines(chunk, state.offset);
  for (const line of lines) {
    state.lineNo += 1;
    state.events.lines += 1;
    scanLine(state, line.bytes, line.offset);
  }
  state.offset += consumed;
  state.pendingBytes = chunk.length - consumed;
  if (state.events.runs.length > Math.max(PRUNE_AT, 2 * state.prunedTo)) pruneHistory(state, keep);
  return state;
}

/** Runs of one command kept per file; only the newest decides, the rest only fill the ledger. */
export const KEEP_PER_COMMAND = 10;
/** Finished runs kept when no goal names any proof: a bounded newest few, for a caller evaluating a plan it did not pass. */
export const KEEP_UNPLANNED = 100;
export const PRUNE_AT = 400;

/**
 * Keeps the saved state in proportion to what can still matter: the newest runs of each command
 * evidence can show for the goal's proofs (older runs of the same command in the same file can
 * never decide an item again), every run still waiting for its result or notice, the notices those
 * runs need, and one edit per path. Runs of other commands are dropped once finished; with no keep
 * set only the newest KEEP_UNPLANNED finished runs stay.
 */
export function pruneHistory(state: ScanState, keep: ScanKeep | null = null): void {
  const e = state.events;
  const seen = new Map<string, number>();
  const kept: typeof e.runs = [];
  const noticed = new Set(e.notices.map((n) => n.taskId));
  const shown = keep ? keepsCommand(keep) : null;
  let unplanned = 0;
  for (let i = e.runs.length - 1; i >= 0; i--) {
    const r = e.runs[i]!;
    const n = (seen.get(r.command) ?? 0) + 1;
    seen.set(r.command, n);
    // A background run whose notice has come is finished like any other.
    const waiting = !r.end || (r.end.kind === 'pending' && !noticed.has(r.end.taskId)) || state.open[r.toolUseId] !== undefined;
    const wanted = n <= KEEP_PER_COMMAND && (shown ? shown(r.command) : unplanned++ < KEEP_UNPLANNED);
    if (waiting || wanted) kept.push(r);
    else e.prunedRuns = (e.prunedRuns ?? 0) + 1;
  }
  e.runs = kept.reverse();
  state.prunedTo = e.runs.length;
  // A background run is ended by the notices of its task at or after it (see resolveRun: when
  // they disagree a failing one wins, so all are kept); notices before it, or of tasks no kept run
  // started, can end nothing kept.
  const used = new Set<TaskNotice>();
  for (const r of e.runs) {
    const end = r.end;
    if (end?.kind !== 'pending') continue;
    for (const x of e.notices) if (x.taskId === end.taskId && comparePositions(x.at, r.at) >= 0) used.add(x);
  }
  e.notices = e.notices.filter((n) => used.has(n));
  const lastEdit = new Map(e.edits.map((x) => [x.path, x]));
  e.edits = [...lastEdit.values()];
}

function findLast<T>(xs: T[], pred: (x: T) => boolean): T | undefined {
  for (let i = xs.length - 1; i >= 0; i--) if (pred(xs[i]!)) return xs[i];
  return undefined;
}

/** Where the line being read lies in the file, so every event can name its own bytes. */
interface LineSpan {
  offset: number;
  length: number;
}

/** `offset`: the line's byte offset in the file (as splitLines gives it); unknown (-1) leaves events without a span. */
export function scanLine(state: ScanState, bytes: Uint8Array, offset = -1): void {
  const span: LineSpan | null = offset >= 0 ? { offset, length: bytes.length } : null;
  if (bytes.length === 0) return;
  if (!mayMatter(state, bytes)) {
    if (state.events.sessionId === null && includesBytes(bytes, SESSION_ID)) noteSession(state, bytes);
    return;
  }
  const json = jsonObjectOf(bytes);
  if (!json || !readRecord(state, json, span)) state.events.unreadable += 1;
}

/** Reads a record into the state by its type; false when it is not of its type's shape. */
function readRecord(state: ScanState, json: Record<string, unknown>, span: LineSpan | null): boolean {
  switch (json.type) {
    case 'assistant':
      return readAs(assistantRecord, json, (r) => onAssistant(state, r, span));
    case 'user':
      return readAs(userRecord, json, (r) => onUser(state, r, span));
    case 'attachment':
      return readAs(attachmentRecord, json, (r) => onAttachment(state, r, span));
    default:
      // Other record types (queue-operation, system, api-request, ...) carry nothing the meter reads:
      // queue-operation in particular repeats notices and prompts without saying where they came from.
      return true;
  }
}

const enc = new TextEncoder();
const SESSION_ID = enc.encode('"sessionId"');
const ASSISTANT = enc.encode('"type":"assistant"');
const TOOL_USE = enc.encode('"type":"tool_use"');
const USER = enc.encode('"type":"user"');
const TOOL_RESULT = enc.encode('"tool_result"');
const QUEUED = enc.encode('queued_command');
const SPACED = enc.encode('"type": "');

/**
 * Decides from raw bytes, before any decoding or parsing, whether a line can matter: a tool use, a
 * result of a call still open, a prompt or notice of the main session. Most bytes of a transcript
 * (other tools' results, API records, attachments) are skipped here.
 */
function mayMatter(state: ScanState, bytes: Uint8Array): boolean {
  if (includesBytes(bytes, SPACED)) return true; // not the compact form Claude Code writes: read it all
  if (includesBytes(bytes, USER)) {
    if (!includesBytes(bytes, TOOL_RESULT)) return state.source === 'main';
    for (const id in state.open) if (includesBytes(bytes, enc.encode(id))) return true;
    return false;
  }
  if (includesBytes(bytes, ASSISTANT)) return includesBytes(bytes, TOOL_USE);
  return state.source === 'main' && includesBytes(bytes, QUEUED);
}

function noteSession(state: ScanState, bytes: Uint8Array): void {
  const j = jsonObjectOf(bytes);
  if (!j) {
    state.events.unreadable += 1;
    return;
  }
  if (typeof j.sessionId === 'string') state.events.sessionId = j.sessionId;
  if (typeof j.cwd === 'string' && state.events.cwd === null) state.events.cwd = j.cwd;
}

function position(state: ScanState, time: string | null | undefined, span: LineSpan | null): Position {
  const at: Position = { file: state.file, line: state.lineNo, time: time ?? null };
  if (span) {
    at.byteOffset = span.offset;
    at.byteLength = span.length;
  }
  return at;
}

function noteIds(state: ScanState, r: { sessionId?: string | null; cwd?: string | null }): void {
  if (state.events.sessionId === null && r.sessionId) state.events.sessionId = r.sessionId;
  if (state.events.cwd === null && r.cwd) state.events.cwd = r.cwd;
}

function onAssistant(state: ScanState, r: AssistantRecord, span: LineSpan | null): void {
  noteIds(state, r);
  const at = position(state, r.timestamp, span);
  const sidechain = r.isSidechain === true;
  for (const raw of r.message.content) {
    const b = toolUseBlock.safeParse(raw);
    if (!b.success) continue;
    const { id, name, input } = b.data;
    if (name === 'Bash') {
      const command = typeof input.command === 'string' ? input.command : '';
      const run: BashRun = { toolUseId: id, command, at, source: state.source, sidechain };
      // The folder the shell is in as the call is written; Claude Code keeps it between calls.
      if (r.cwd) run.cwd = r.cwd;
      state.events.runs.push(run);
      state.open[id] = { kind: 'bash' };
    } else if (name === 'AskUserQuestion' && !sidechain) {
      state.open[id] = { kind: 'ask' };
    } else if (EDIT_TOOLS.has(name) && !sidechain && state.source === 'main') {
      const path = typeof input.file_path === 'string' ? input.file_path : input.notebook_path;
      if (typeof path === 'string') state.events.edits.push({ path, tool: name, at });
    }
  }
}

function onUser(state: ScanState, r: UserRecord, span: LineSpan | null): void {
  noteIds(state, r);
  const at = position(state, r.timestamp, span);
  const content = r.message.content;
  if (Array.isArray(content)) {
    let sawResult = false;
    for (const raw of content) {
      const b = toolResultBlock.safeParse(raw);
      if (!b.success) continue;
      sawResult = true;
      onToolResult(state, r, b.data.tool_use_id, b.data.is_error, b.data.content, at);
    }
    if (sawResult) return;
  }
  if (r.isSidechain === true || state.source !== 'main') return;
  const text = plainText(content);
  if (text === null) return;
  if (r.origin?.kind === 'task-notification') {
    const n = parseNotice(text);
    if (n) state.events.notices.push({ ...n, at });
    return;
  }
  const source = promptSourceOf(r, text);
  if (source) pushWords(state, affirmedIds(text), source, at, { promptId: r.promptId, text });
}

function onToolResult(
  state: ScanState,
  r: UserRecord,
  toolUseId: string,
  isError: boolean | null | undefined,
  content: unknown,
  at: Position,
): void {
  const open = state.open[toolUseId];
  if (!open) return;
  delete state.open[toolUseId];
  if (open.kind === 'bash') {
    if (r.cwd) movedFolder(state, r.cwd);
    const run = findLast(state.events.runs, (r) => r.toolUseId === toolUseId);
    if (!run) return;
    const facts = { isError, toolUseResult: r.toolUseResult, content };
    const decided = state.source === 'subagent' ? decideSubagentRunEnd(facts) : decideRunEnd(facts);
    run.end = decided.end;
    run.endAt = at;
    if (r.cwd) run.endCwd = r.cwd;
    if (decided.backgroundTaskId) run.backgroundTaskId = decided.backgroundTaskId;
    if (decided.backgroundedByUser) run.backgroundedByUser = true;
    // A pass that printed a runner's summary keeps how many tests ran: the re-run is held to it.
    if (decided.end.kind === 'passed') {
      const tests = testsRan(countTests(bashOutputOf(r.toolUseResult)));
      if (tests) run.tests = tests;
    }
    return;
  }
  // A question box: only the answers the person chose or typed, never the text, which quotes the question.
  if (r.isSidechain === true || state.source !== 'main' || isError === true) return;
  const answers = askAnswersResult.safeParse(r.toolUseResult);
  if (!answers.success) return;
  const text = Object.values(answers.data.answers)
    .map((v) => (typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('\n') : ''))
    .filter((v) => v !== '')
    .join('\n');
  if (text) pushWords(state, affirmedIds(text), 'answer', at, { toolUseId });
}

/**
 * A Bash call ended with the shell in `cwd`. Calls written in one message run one after another
 * (their records all name the folder from before the first ran), so a call still waiting may start
 * in this folder instead: where it started can then not be told, and it is marked unknown (null),
 * which never counts. A call made after this result names the new folder itself.
 */
function movedFolder(state: ScanState, cwd: string): void {
  for (const id in state.open) {
    if (state.open[id]!.kind !== 'bash') continue;
    const waiting = findLast(state.events.runs, (x) => x.toolUseId === id);
    if (waiting && waiting.cwd !== undefined && waiting.cwd !== cwd) waiting.cwd = null;
  }
}

function onAttachment(state: ScanState, r: AttachmentRecord, span: LineSpan | null): void {
  noteIds(state, r);
  if (r.isSidechain === true || state.source !== 'main') return;
  const q = queuedCommandAttachment.safeParse(r.attachment);
  if (!q.success) return;
  const text = plainText(q.data.prompt);
  if (text === null) return;
  const at = position(state, r.timestamp ?? (r.attachment as { timestamp?: string }).timestamp, span);
  const kind = q.data.origin?.kind;
  if (kind === 'task-notification' || (!q.data.origin && q.data.commandMode === 'task-notification')) {
    const n = parseNotice(text);
    if (n) state.events.notices.push({ ...n, at });
    return;
  }
  // A prompt typed while Claude was busy is stored only here.
  if (kind === 'human' && q.data.commandMode === 'prompt') {
    pushWords(state, affirmedIds(text), 'queued', at, { text });
  }
}

/** What ties words to their receipt (evidence/witness.ts): the text itself is only digested. */
interface WordsRef {
  promptId?: string | null;
  toolUseId?: string;
  text?: string;
}

// Words that name no id can close nothing; keeping them would only grow the saved state.
function pushWords(state: ScanState, ids: string[], source: WordsSource, at: Position, ref: WordsRef = {}): void {
  if (!ids.length) return;
  const w: PersonWords = { ids, source, at };
  if (ref.promptId) w.promptId = ref.promptId;
  if (ref.toolUseId) w.toolUseId = ref.toolUseId;
  if (ref.text !== undefined) w.digest = wordsDigest(ref.text);
  state.events.words.push(w);
}

/** A Bash result's stdout and stderr as Claude Code recorded them, read only for the test count. */
function bashOutputOf(toolUseResult: unknown): string {
  const parsed = bashResultObject.safeParse(toolUseResult);
  if (!parsed.success) return '';
  const { stdout, stderr } = parsed.data;
  return `${typeof stdout === 'string' ? stdout : ''}\n${typeof stderr === 'string' ? stderr : ''}`;
}

function plainText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts: string[] = [];
  for (const b of content) {
    if (b && typeof b === 'object' && (b as { type?: unknown }).type === 'text') {
      const t = (b as { text?: unknown }).text;
      if (typeof t === 'string') parts.push(t);
    }
  }
  return parts.length ? parts.join('\n') : null;
}

function promptSourceOf(r: UserRecord, text: string): WordsSource | null {
  if (r.isMeta === true || r.isCompactSummary === true || r.isVisibleInTranscriptOnly === true) return null;
  if (isHarnessText(text)) return null;
  const origin = r.origin?.kind;
  if (origin && origin !== 'human') return null;
  if (r.promptSource === 'typed' || origin === 'human') return 'typed';
  if (r.promptSource === 'sdk' || r.entrypoint === 'sdk-cli') return 'sdk';
  // The VS Code panel writes its prompts without promptSource or origin; its entrypoint says where.
  if (!r.promptSource && r.entrypoint === 'claude-vscode') return 'typed';
  return null;
}
