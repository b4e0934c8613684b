// The compacted prefixes already sent, keyed by a hash chain over the original messages. A request
// whose history starts with the same messages as a remembered cut reuses that cut's summary byte for
// byte, so every request between two compactions shares one prefix and the prompt cache matches.
import type { Span } from './turns';

export interface PrefixEntry {
  /** chain[cut]: the hash of every original message before the cut. */
  key: string;
  /** Index of the first message sent verbatim after the summary. */
  cut: number;
  headEnd: number;
  summary: string;
}

export class PrefixCache {
  private readonly entries = new Map<string, PrefixEntry>();
  constructor(private readonly max = 64) {}

  /** The remembered cut furthest into this history, if any. */
  lookup(chain: string[], headEnd: number, turns: Span[]): PrefixEntry | undefined {
    let best: PrefixEntry | undefined;
    for (const e of this.entries.values()) {
      if (e.headEnd !== headEnd || e.cut >= chain.length - 1 || chain[e.cut] !== e.key) continue;
      if (!turns.some((t) => t.start === e.cut)) continue;
      if (!best || e.cut > best.cut) best = e;
    }
    if (best) this.touch(best);
    return best;
  }

  remember(e: PrefixEntry): void {
    this.entries.delete(e.key);
    this.entries.set(e.key, e);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  private touch(e: PrefixEntry): void {
    this.entries.delete(e.key);
    this.entries.set(e.key, e);
  }
}

/** What a message's hash leaves out: fields the client moves or re-signs without changing the history. */
const VOLATILE = new Set(['cache_control', 'signature']);

/** chain[0] = h(''), chain[i + 1] = h(chain[i] + the message without cache_control and signatures). */
export function hashChain(messages: object[], hash: (s: string) => string): string[] {
  const chain = [hash('')];
  for (const m of messages) {
    const prev = chain[chain.length - 1]!;
    const memo = linkMemo.get(m);
    if (memo && memo[0] === prev) { chain.push(memo[1]); continue; }
    const canon = JSON.stringify(m, (k, v: unknown) => (VOLATILE.has(k) ? undefined : v));
    const link = hash(prev + '\n' + canon);
    linkMemo.set(m, [prev, link]);
    chain.push(link);
  }
  return chain;
}

// Parsed messages are never changed, so a link computed for (previous link, message object) holds.
const linkMemo = new WeakMap<object, [string, string]>();
