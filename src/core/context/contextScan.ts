// Reads a main transcript's lines into the size of its context: what the next request carries
// (every message since the latest compact boundary, plus the messages that boundary kept), the
// provider's reported input of the latest request with the estimate of that same request, and the
// compactions. The state is plain data and holds sizes and counts only, never message text, so a
// caller can save it and feed only the bytes appended since (contextBytes).
//
// The context is summed in file order. A rewound conversation leaves its abandoned branch in the
// file, so the estimate runs high after a rewind; the next reported usage corrects the calibrated
// figure (contextView.ts), and the next compaction resets the sum.
import { splitLines } from '../transcript/lineSplitter';
import { addSize, contentSize, stringChars, tokensOf, ZERO, type Size } from './estimate';
import { apiRequestShape, assistantShape, attachmentShape, compactBoundaryShape, promptSnapshot, userShape, type CompactBoundaryShape } from './records';

export interface CompactionEvent {
  line: number;
  time: string | null;
  /** What Claude Code wrote: "manual" (/compact) or "auto"; "unknown" when it wrote none. */
  trigger: string;
  /** Claude Code's own count of the context before and after, when it wrote them. */
  preTokens: number | null;
  postTokens: number | null;
  /** This meter's estimate at the boundary, and the latest reported input before it. */
  estimateBefore: number;
  reportedBefore: number | null;
  /** The estimate and the reported input of the first request after it; null until one is reported. */
  estimateAfter: number | null;
  reportedAfter: number | null;
}

export interface UsageReport {
  /** input + cache creation + cache read tokens, as the provider reported them. */
  tokens: number;
  /** This meter's estimate of the same request: the context just before its response. */
  estimate: number;
  line: number;
  time: string | null;
}

export interface ContextState {
  offset: number;
  lineNo: number;
  pendingBytes: number;
  sessionId: string | null;
  model: string | null;
  /** The latest recorded request carried a context-1m beta header. */
  oneMillion: boolean;
  /** The messages since the latest compact boundary. */
  messages: Size;
  /** The latest recorded system prompt and tools (Claude Code 2.1.332 writes them as a snapshot). */
  system: Size;
  /** The assistant message whose usage was taken last: its later records repeat the same usage. */
  messageId: string | null;
  report: UsageReport | null;
  requests: number;
  /** The newest compactions, at most MAX_COMPACTIONS; compactionCount counts them all. */
  compactions: CompactionEvent[];
  compactionCount: number;
  /** [uuid, chars, image tokens] of the newest sized records, for the messages a boundary keeps. */
  recent: Array<[string, number, number]>;
  lastTime: string | null;
  unreadable: number;
}

export const MAX_COMPACTIONS = 20;
export const RECENT = 256;

/** Attachments Claude Code keeps for itself and drops before a request (2.1.332). */
const NOT_SENT = new Set([
  'prompt_snapshot',
  'prompt_render_point',
  'deferred_tools_record',
  'tool_offer_record',
  'thinking_drop',
  'tool_results_cut',
  'credential_org',
  'whole_texts_withdrawn',
]);

export function newContextState(): ContextState {
  return {
    offset: 0,
    lineNo: 0,
    pendingBytes: 0,
    sessionId: null,
    model: null,
    oneMillion: false,
    messages: ZERO,
    system: ZERO,
    messageId: null,
    report: null,
    requests: 0,
    compactions: [],
    compactionCount: 0,
    recent: [],
    lastTime: null,
    unreadable: 0,
  };
}

/** The estimated tokens of the next request: the messages and the recorded system prompt. */
export function estimateOf(state: ContextState): number {
  return tokensOf(addSize(state.messages, state.system));
}

/** Feeds the file's bytes from state.offset; only complete lines are consumed. Mutates and returns the state. */
export function contextBytes(state: ContextState, chunk: Uint8Array): ContextState {
  const { lines, consumed } = splitLines(chunk, state.offset);
  for (const line of lines) {
    state.lineNo += 1;
    contextLine(state, line.bytes);
  }
  state.offset += consumed;
  state.pendingBytes = chunk.length - consumed;
  return state;
}

const enc = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
const WANTED = ['"type":"user"', '"type":"assistant"', '"type":"attachment"', '"compact_boundary"', '"type":"api-request",', '"type": "'].map((s) => enc.encode(s));

// Node's Buffer searches natively; the engine stays usable where there is no Buffer.
const nativeIndexOf: ((this: Uint8Array, needle: Uint8Array) => number) | null =
  // Narrowed to a Function, Buffer's prototype is typed `any`: the cast says what is used of it.
  typeof Buffer === 'function' ? (Buffer.prototype as { indexOf: (this: Uint8Array, needle: Uint8Array) => number }).indexOf : null;

function includes(hay: Uint8Array, needle: Uint8Array): boolean {
  if (nativeIndexOf) return nativeIndexOf.call(hay, needle) >= 0;
  outer: for (let i = hay.indexOf(needle[0]!); i >= 0 && i <= hay.length - needle.length; i = hay.indexOf(needle[0]!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export function contextLine(state: ContextState, bytes: Uint8Array): void {
  // Queue operations, file snapshots and Claude Code's request logs are most lines and none is a message.
  if (bytes.length === 0 || !WANTED.some((w) => includes(bytes, w))) return;
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(bytes));
  } catch {
    state.unreadable += 1;
    return;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return;
  const rec = json as { type?: unknown; subtype?: unknown; isSidechain?: unknown; sessionId?: unknown; timestamp?: unknown };
  // A subagent's records once lived in the main file; they are its own context, not this one.
  if (rec.isSidechain === true) return;
  if (state.sessionId === null && typeof rec.sessionId === 'string') state.sessionId = rec.sessionId;
  if (typeof rec.timestamp === 'string') state.lastTime = rec.timestamp;
  switch (rec.type) {
    case 'assistant': {
      const r = assistantShape.safeParse(json);
      if (r.success) onAssistant(state, r.data);
      else state.unreadable += 1;
      return;
    }
    case 'user': {
      const r = userShape.safeParse(json);
      if (r.success) addRecord(state, r.data.uuid, contentSize(r.data.message.content));
      else state.unreadable += 1;
      return;
    }
    case 'attachment': {
      const r = attachmentShape.safeParse(json);
      if (!r.success) {
        state.unreadable += 1;
        return;
      }
      const a = r.data.attachment;
      if (a.type === 'prompt_snapshot') {
        const s = promptSnapshot.safeParse(a);
        if (s.success) state.system = snapshotSize(s.data.systemPrompt, s.data.tools);
      } else if (!NOT_SENT.has(a.type)) addRecord(state, r.data.uuid, { chars: stringChars(a), imageTokens: 0 });
      return;
    }
    case 'system': {
      if (rec.subtype !== 'compact_boundary') return;
      const r = compactBoundaryShape.safeParse(json);
      if (r.success) onBoundary(state, r.data);
      else state.unreadable += 1;
      return;
    }
    case 'api-request': {
      const r = apiRequestShape.safeParse(json);
      if (!r.success) return;
      if (r.data.params?.model) state.model = r.data.params.model;
      // Claude Code asks for the 1M window with this beta header; the model name alone never says so.
      if (r.data.params?.betas) state.oneMillion = r.data.params.betas.some((b) => b.startsWith('context-1m'));
      return;
    }
  }
}

function snapshotSize(systemPrompt: unknown[], tools: Array<{ schema?: unknown }>): Size {
  let chars = 0;
  for (const p of systemPrompt) chars += stringChars(p);
  for (const t of tools) chars += t.schema === undefined ? 0 : JSON.stringify(t.schema).length;
  return { chars, imageTokens: 0 };
}

function addRecord(state: ContextState, uuid: string | null | undefined, size: Size): void {
  state.messages = addSize(state.messages, size);
  if (!uuid || (size.chars === 0 && size.imageTokens === 0)) return;
  state.recent.push([uuid, size.chars, size.imageTokens]);
  if (state.recent.length > RECENT) state.recent.splice(0, state.recent.length - RECENT);
}

function onAssistant(state: ContextState, r: ReturnType<typeof assistantShape.parse>): void {
  const m = r.message;
  const id = m.id ?? null;
  const u = m.usage;
  // Claude Code writes one record per content block, each with the message's usage; the request
  // is the context before the first of them. Its own notices (model "<synthetic>") had no request.
  if (u && m.model !== '<synthetic>' && (id === null || id !== state.messageId)) {
    const tokens = (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
    if (tokens > 0) {
      const estimate = estimateOf(state);
      state.report = { tokens, estimate, line: state.lineNo, time: r.timestamp ?? null };
      state.requests += 1;
      const last = state.compactions[state.compactions.length - 1];
      if (last && last.estimateAfter === null) {
        last.estimateAfter = estimate;
        last.reportedAfter = tokens;
      }
    }
    state.messageId = id;
  }
  if (m.model && m.model !== '<synthetic>') state.model = m.model;
  addRecord(state, r.uuid, contentSize(m.content));
}

/** The size of the messages a boundary kept verbatim, from the newest sized records. */
function preservedSize(state: ContextState, meta: NonNullable<CompactBoundaryShape['compactMetadata']>): Size {
  const ids = meta.preservedMessages?.allUuids ?? meta.preservedMessages?.uuids;
  let s = ZERO;
  if (ids && ids.length) {
    const keep = new Set(ids);
    for (const [u, chars, img] of state.recent) if (keep.has(u)) s = addSize(s, { chars, imageTokens: img });
    return s;
  }
  const head = meta.preservedSegment?.headUuid;
  const tail = meta.preservedSegment?.tailUuid;
  if (!head || !tail) return s;
  const from = state.recent.findIndex(([u]) => u === head);
  if (from < 0) return s;
  for (let i = from; i < state.recent.length; i++) {
    const [u, chars, img] = state.recent[i]!;
    s = addSize(s, { chars, imageTokens: img });
    if (u === tail) break;
  }
  return s;
}

function onBoundary(state: ContextState, r: CompactBoundaryShape): void {
  const meta = r.compactMetadata ?? {};
  const event: CompactionEvent = {
    line: state.lineNo,
    time: r.timestamp ?? null,
    trigger: meta.trigger || 'unknown',
    preTokens: meta.preTokens ?? null,
    postTokens: meta.postTokens ?? null,
    estimateBefore: estimateOf(state),
    reportedBefore: state.report?.tokens ?? null,
    estimateAfter: null,
    reportedAfter: null,
  };
  state.messages = preservedSize(state, meta);
  // The latest report measured a context that is gone; calibration waits for the next one.
  state.report = null;
  state.compactions.push(event);
  state.compactionCount += 1;
  if (state.compactions.length > MAX_COMPACTIONS) state.compactions.splice(0, state.compactions.length - MAX_COMPACTIONS);
}
