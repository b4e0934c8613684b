// The compaction rule for one Anthropic Messages request. Past the threshold the head goes verbatim,
// then one mechanical summary of the older turns, then the newest turns verbatim. Between
// compactions the same summary is reused, so the provider's prompt cache keeps matching; a new
// compaction always starts again from the original history the client resent, never from a summary.
import { CHARS_PER_TOKEN, estimateTokens, objectTokens } from './estimate';
import { blocksOf, str, type Block, type Message, type MessagesRequest } from './messages';
import { fitNewest, SIGNATURE_MAX_CHARS, SUMMARY_HEADER, summaryText, turnLines, wordLines } from './summary';
import { splitTurns, type Span } from './turns';
import type { PrefixCache, PrefixEntry } from './prefixCache';

export interface RuleOptions {
  /** Newest turns always sent verbatim (at least 1). */
  keepRecent: number;
  /** 0-60: older whole turns are also kept while the summary and kept turns fit in this share of the room. */
  keepTailPercent: number;
  resultMaxChars: number;
  /** Words carried from turns earlier compactions summarized; 0 turns carrying off. */
  carryMaxChars: number;
}

export const DEFAULT_RULE: RuleOptions = { keepRecent: 3, keepTailPercent: 0, resultMaxChars: 500, carryMaxChars: 24_000 };

export interface Decision {
  action: 'pass' | 'compact' | 'reuse';
  /** Why a request over the threshold went out unchanged. */
  reason?: 'under-threshold' | 'no-older-turns';
  /** The messages to send instead (compact, reuse). */
  messages?: Message[];
  estBefore: number;
  estAfter: number;
  /** The threshold applied: the given one, raised when the head alone is large. */
  threshold: number;
  headTokens: number;
  summarizedTurns: number;
  keptTurns: number;
  /** 0 for the configured settings, higher for each harsher pass that was needed. */
  pass: number;
  /** Still over the threshold after the harshest pass. */
  over: boolean;
  /** A new compacted prefix to remember. */
  entry?: PrefixEntry;
  /** compact, reuse: the first original message sent verbatim after the summary, and the summary. */
  cut?: number;
  summary?: string;
  /** compact, reuse: how many messages before `cut` are sent (the head, with the summary in its last). */
  headSent?: number;
}

export interface DecideArgs {
  /** Estimated-token threshold for this request (already chosen for its window and calibrated). */
  threshold: number;
  opts: RuleOptions;
  /** chain[i] = hash of messages[0, i) (see hashChain). */
  chain: string[];
  cache: PrefixCache;
  /** Compact even under the threshold, with no reuse: the provider said the request is too long. */
  force?: boolean;
}

interface Pass { keep: number; resultMax: number; carryMax: number; keepText: boolean; tailPercent: number }

function passes(o: RuleOptions): Pass[] {
  const k = Math.max(1, Math.floor(o.keepRecent));
  return [
    { keep: k, resultMax: o.resultMaxChars, carryMax: o.carryMaxChars, keepText: true, tailPercent: o.keepTailPercent },
    { keep: Math.min(k, 2), resultMax: Math.min(o.resultMaxChars, 200), carryMax: Math.floor(o.carryMaxChars / 2), keepText: true, tailPercent: 0 },
    { keep: 1, resultMax: 0, carryMax: Math.floor(o.carryMaxChars / 4), keepText: true, tailPercent: 0 },
    { keep: 1, resultMax: 0, carryMax: 0, keepText: false, tailPercent: 0 },
  ];
}

/** The head without summaries an earlier proxy may have left in it. */
function cleanHead(head: Message[]): Message[] {
  const isSummary = (b: Block) => b.type === 'text' && str(b.text).startsWith(SUMMARY_HEADER);
  return head
    .map((m) => (typeof m.content !== 'string' && m.content.some(isSummary) ? { ...m, content: m.content.filter((b) => !isSummary(b)) } : m))
    .filter((m) => typeof m.content === 'string' || m.content.length > 0);
}

/** The head with the summary appended to its last user message, so roles still alternate. */
function withSummary(head: Message[], summary: string): Message[] {
  const block: Block = { type: 'text', text: summary };
  const last = head[head.length - 1];
  if (!last || last.role !== 'user') return [...head, { role: 'user', content: [block] }];
  return [...head.slice(0, -1), { ...last, content: [...blocksOf(last), block] }];
}

export function decide(req: MessagesRequest, a: DecideArgs): Decision {
  const msgs = req.messages;
  const fixed = estimateTokens({ ...req, messages: [] });
  const msgTok = msgs.map((m) => objectTokens(m));
  const sum = (from: number, to: number) => { let s = 0; for (let i = from; i < to; i++) s += msgTok[i]!; return s; };
  const split = splitTurns(msgs);
  const head = cleanHead(msgs.slice(0, split.headEnd));
  const headTokens = fixed + head.reduce((s, m) => s + objectTokens(m), 0);
  const estBefore = fixed + sum(0, msgs.length);
  // A head near the threshold would be compacted on every request for nothing: raise the threshold.
  const threshold = Math.max(a.threshold, headTokens + a.threshold / 2);
  const base = { estBefore, threshold, headTokens, summarizedTurns: 0, keptTurns: split.turns.length, pass: 0, over: false };
  if (estBefore <= threshold && !a.force) return { ...base, action: 'pass', reason: 'under-threshold', estAfter: estBefore };

  const found = a.cache.lookup(a.chain, split.headEnd, split.turns);
  const prev = a.force ? undefined : found;
  if (prev) {
    const headPart = withSummary(head, prev.summary);
    const est = fixed + headPart.reduce((s, m) => s + objectTokens(m), 0) + sum(prev.cut, msgs.length);
    if (est <= threshold) {
      const kept = split.turns.filter((t) => t.start >= prev.cut).length;
      return {
        ...base, action: 'reuse', messages: [...headPart, ...msgs.slice(prev.cut)], estAfter: est,
        summarizedTurns: split.turns.length - kept, keptTurns: kept, cut: prev.cut, summary: prev.summary, headSent: headPart.length,
      };
    }
  }
  return compact(req, a, { msgs, msgTok, sum, turns: split.turns, headEnd: split.headEnd, head, headTokens, prevCut: found?.cut, base });
}

interface Ctx {
  msgs: Message[];
  msgTok: number[];
  sum: (from: number, to: number) => number;
  turns: Span[];
  headEnd: number;
  head: Message[];
  headTokens: number;
  prevCut: number | undefined;
  base: Omit<Decision, 'action' | 'estAfter'>;
}

function compact(req: MessagesRequest, a: DecideArgs, c: Ctx): Decision {
  const { msgs, turns } = c;
  const threshold = c.base.threshold;
  const room = Math.max(0, threshold - c.headTokens);
  let best: Decision | null = null;
  const all = passes(a.opts);
  for (let p = 0; p < all.length; p++) {
    const pass = all[p]!;
    const keep = Math.min(pass.keep, turns.length);
    let cutTurn = turns.length - keep;
    if (cutTurn < 1) continue;
    const limits = { resultMaxChars: pass.resultMax, signatureMaxChars: SIGNATURE_MAX_CHARS, keepText: pass.keepText };
    const build = (ct: number) => buildAt(req, c, ct, limits, Math.min(pass.carryMax, room * CHARS_PER_TOKEN / 4), pass.resultMax);
    let built = build(cutTurn);
    // The tail budget: older whole turns stay verbatim while summary and kept turns fit its share.
    const tailRoom = (room * Math.min(60, Math.max(0, pass.tailPercent))) / 100;
    while (tailRoom > 0 && cutTurn > 1) {
      const wider = build(cutTurn - 1);
      if (wider.est - c.headTokens > tailRoom) break;
      cutTurn--;
      built = wider;
    }
    const d: Decision = {
      ...c.base, action: 'compact', messages: built.messages, estAfter: built.est,
      summarizedTurns: cutTurn, keptTurns: turns.length - cutTurn, pass: p, over: built.est > threshold,
      entry: { key: a.chain[turns[cutTurn]!.start]!, cut: turns[cutTurn]!.start, headEnd: c.headEnd, summary: built.summary },
      cut: turns[cutTurn]!.start, summary: built.summary, headSent: built.messages.length - (msgs.length - turns[cutTurn]!.start),
    };
    if (!best || d.estAfter < best.estAfter) best = d;
    if (!d.over) return d;
  }
  if (!best) return { ...c.base, action: 'pass', reason: 'no-older-turns', estAfter: c.base.estBefore };
  return best;
}

function buildAt(
  req: MessagesRequest, c: Ctx, cutTurn: number,
  limits: { resultMaxChars: number; signatureMaxChars: number; keepText: boolean },
  carryBudget: number, resultMax: number,
): { messages: Message[]; est: number; summary: string } {
  const cutMsg = c.turns[cutTurn]!.start;
  // What earlier compactions summarized is discarded, but its words carry forward.
  const from = c.prevCut !== undefined && c.prevCut > c.headEnd && c.prevCut < cutMsg ? c.prevCut : c.headEnd;
  const carried = from > c.headEnd && carryBudget > 0 ? fitNewest(wordLines(c.msgs.slice(c.headEnd, from)), carryBudget) : [];
  const lines = turnLines(c.msgs.slice(from, cutMsg), limits);
  const turnsSummarized = c.turns.filter((t) => t.start >= from && t.start < cutMsg).length;
  const summary = summaryText({ carried, lines, turns: turnsSummarized, resultMaxChars: resultMax });
  const headPart = withSummary(c.head, summary);
  const messages = [...headPart, ...c.msgs.slice(cutMsg)];
  const est = c.headTokens - c.head.reduce((s, m) => s + objectTokens(m), 0)
    + headPart.reduce((s, m) => s + objectTokens(m), 0) + c.sum(cutMsg, c.msgs.length);
  return { messages, est, summary };
}
