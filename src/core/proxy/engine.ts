// One proxy's memory: the compacted prefixes it sent and what it learned of each upstream's token
// count. Given a request body it says what to send; it never throws (an internal error means the
// original bytes go out), so a broken engine can only cost the compaction, never the request.
import { addSample, calibratedThreshold, UNCALIBRATED, type Calibration } from './calibration';
import { chatRequestSchema, chatView, type ChatView } from './chat';
import { requestSchema, type MessagesRequest } from './messages';
import { declares1m, windowThreshold, type ProxyOptions } from './options';
import { hashChain, PrefixCache } from './prefixCache';
import { retryThreshold } from './rejection';
import { decide, type Decision } from './rule';
import { pairingViolations } from './turns';

export type FailOpen = 'unparseable' | 'compressed' | 'internal' | 'unpaired';

export interface Outcome {
  /** The body to send; null means the client's original bytes. */
  body: string | null;
  decision: Decision | null;
  failOpen: FailOpen | null;
  /** Shadow mode: what would have been sent, logged only. */
  shadowed: boolean;
  model: string;
  /** Estimated tokens of what is sent (for calibration against the reported count). */
  sentEstimate: number;
}

export interface RequestMeta {
  anthropicBeta?: string | string[];
  contentEncoding?: string;
  /** Calibration is kept per upstream and model. */
  upstream: string;
  /** Default anthropic-messages. */
  dialect?: 'anthropic-messages' | 'openai-chat';
}

export class Engine {
  readonly cache: PrefixCache;
  private readonly calibration = new Map<string, Calibration>();

  constructor(readonly opts: ProxyOptions, private readonly hash: (s: string) => string, cacheSize = 64) {
    this.cache = new PrefixCache(cacheSize);
  }

  /** The threshold a request to this upstream and model gets, before the head rule. */
  thresholdFor(meta: RequestMeta, model: string): number {
    const t = windowThreshold(this.opts, declares1m(meta.anthropicBeta));
    return calibratedThreshold(t, this.calibration.get(calKey(meta.upstream, model)), this.opts.calibrate);
  }

  handle(raw: string, meta: RequestMeta): Outcome {
    return this.run(raw, meta, null);
  }

  /**
   * The decision for a request already parsed (replay), remembering its new prefix as serve would.
   * Null when the rewrite would unpair a tool call (then the original would be sent).
   */
  decideParsed(req: MessagesRequest, meta: RequestMeta): Decision | null {
    const d = decide(req, { threshold: this.thresholdFor(meta, req.model ?? ''), opts: this.opts, chain: hashChain(req.messages, this.hash), cache: this.cache });
    if (d.messages && pairingViolations(d.messages) > pairingViolations(req.messages)) return null;
    if (d.entry) this.cache.remember(d.entry);
    return d;
  }

  /** One further compaction after the provider rejected `sentEstimate` tokens as too long. */
  retryForLength(raw: string, meta: RequestMeta, sentEstimate: number, errorBody: string): Outcome {
    return this.run(raw, meta, { sentEstimate, errorBody });
  }

  /** A response's reported input (input + cache creation + cache read) for a request sent at `estimated`. */
  observe(upstream: string, model: string, estimated: number, reported: number): void {
    const k = calKey(upstream, model);
    this.calibration.set(k, addSample(this.calibration.get(k) ?? UNCALIBRATED, estimated, reported));
  }

  calibrationOf(upstream: string, model: string): Calibration {
    return this.calibration.get(calKey(upstream, model)) ?? UNCALIBRATED;
  }

  private run(raw: string, meta: RequestMeta, retry: { sentEstimate: number; errorBody: string } | null): Outcome {
    const none = (failOpen: FailOpen | null, model = ''): Outcome => ({ body: null, decision: null, failOpen, shadowed: false, model, sentEstimate: 0 });
    if (meta.contentEncoding && meta.contentEncoding !== 'identity') return none('compressed');
    let req: MessagesRequest;
    let chat: ChatView | null = null;
    try {
      // The parsed object itself is rewritten, not zod's copy: key order inside kept messages stays the client's.
      const value: unknown = JSON.parse(raw);
      if (meta.dialect === 'openai-chat') {
        if (!chatRequestSchema.safeParse(value).success) return none('unparseable');
        const v = value as { messages: Parameters<typeof chatView>[0] } & Record<string, unknown>;
        chat = chatView(v.messages);
        req = { ...v, messages: chat.messages };
      } else {
        if (!requestSchema.safeParse(value).success) return none('unparseable');
        req = value as MessagesRequest;
      }
    } catch {
      return none('unparseable');
    }
    const model = req.model ?? '';
    try {
      let threshold = this.thresholdFor(meta, model);
      if (retry) threshold = retryThreshold(retry.sentEstimate, threshold, retry.errorBody);
      const chain = hashChain(req.messages, this.hash);
      const d = decide(req, { threshold, opts: this.opts, chain, cache: this.cache, force: retry !== null });
      if (d.action === 'pass' || !d.messages) return { ...none(null, model), decision: d, sentEstimate: d.estBefore };
      // The rewritten request must pair every call with its result, or it is not sent.
      if (pairingViolations(d.messages) > pairingViolations(req.messages)) return { ...none('unpaired', model), decision: d, sentEstimate: d.estBefore };
      // Shadow remembers too, so its log shows the reuse a live proxy would make.
      if (d.entry) this.cache.remember(d.entry);
      if (this.opts.shadow) return { ...none(null, model), decision: d, shadowed: true, sentEstimate: d.estBefore };
      const messages = chat ? chat.back(d.messages, d.headSent ?? 0) : d.messages;
      return { body: JSON.stringify({ ...req, messages }), decision: d, failOpen: null, shadowed: false, model, sentEstimate: d.estAfter };
    } catch {
      return none('internal', model);
    }
  }
}

function calKey(upstream: string, model: string): string {
  return upstream + '\u0000' + model;
}
