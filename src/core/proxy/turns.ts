// Where a request may be cut. The head is every message before the first assistant message; after it
// a turn is a run of consecutive assistant messages with the user (and system) messages that follow
// (their tool results, and any words the person added). Claude Code can record one step as two assistant
// messages (calls, then text) and the API merges them, so cutting between them would separate the
// calls from their results. A cut is also never placed between a tool_use and its tool_result,
// wherever they are, so no history, however odd, can lose a pair at a cut.
import { toolResultIds, toolUseIds, type Message } from './messages';

export interface Span { start: number; end: number }

export interface TurnSplit {
  /** messages[0, headEnd) are the head. */
  headEnd: number;
  /** Consecutive spans covering messages[headEnd, length). */
  turns: Span[];
}

export function splitTurns(messages: Message[]): TurnSplit {
  let headEnd = messages.findIndex((m) => m.role === 'assistant');
  if (headEnd < 0) headEnd = messages.length;
  const starts: number[] = [];
  for (let i = headEnd; i < messages.length; i++) {
    if (messages[i]!.role === 'assistant' && (i === headEnd || messages[i - 1]!.role !== 'assistant')) starts.push(i);
  }
  // A boundary at b is forbidden when some tool_use before b is answered at or after b: each pair
  // covers the boundaries in (call, result], counted with a difference array so this stays linear.
  const callAt = new Map<string, number>();
  messages.forEach((m, i) => { for (const id of toolUseIds(m)) if (!callAt.has(id)) callAt.set(id, i); });
  const cover = new Int32Array(messages.length + 2);
  messages.forEach((m, i) => {
    for (const id of toolResultIds(m)) {
      const c = callAt.get(id);
      if (c === undefined || c >= i) continue;
      // Not `cover[x]!++`: StrykerJS's instrumenter throws on an update of a non-null assertion.
      cover[c + 1] = cover[c + 1]! + 1;
      cover[i + 1] = cover[i + 1]! - 1;
    }
  });
  const forbidden = new Set<number>();
  let depth = 0;
  for (let b = 0, k = 0; b <= messages.length && k < starts.length; b++) {
    depth += cover[b]!;
    if (starts[k] === b) { if (depth > 0) forbidden.add(b); k++; }
  }
  const allowed = starts.filter((b, k) => k === 0 || !forbidden.has(b));
  const turns = allowed.map((start, k) => ({ start, end: allowed[k + 1] ?? messages.length }));
  return { headEnd, turns };
}

/**
 * Tool calls and results that the API would reject as unpaired: after merging consecutive messages
 * of one role, every tool_result must answer a tool_use of the assistant message just before it, and
 * every tool_use must be answered by the user message just after it (a final assistant message, which
 * the model continues, is exempt).
 */
export function pairingViolations(messages: Message[]): number {
  const merged: Array<{ role: string; uses: string[]; results: string[] }> = [];
  for (const m of messages) {
    if (m.role === 'system') continue; // carries no calls or results, and the API sets it apart
    const last = merged[merged.length - 1];
    if (last && last.role === m.role) {
      last.uses.push(...toolUseIds(m));
      last.results.push(...toolResultIds(m));
    } else {
      merged.push({ role: m.role, uses: [...toolUseIds(m)], results: [...toolResultIds(m)] });
    }
  }
  let bad = 0;
  merged.forEach((m, i) => {
    if (m.role === 'user') {
      const prev = new Set(merged[i - 1]?.uses ?? []);
      for (const id of m.results) if (!prev.has(id)) bad++;
    } else if (i < merged.length - 1) {
      const next = new Set(merged[i + 1]?.results ?? []);
      for (const id of m.uses) if (!next.has(id)) bad++;
    }
  });
  return bad;
}
