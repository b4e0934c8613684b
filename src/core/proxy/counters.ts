// What the proxy counts: requests and estimated tokens, never their text.
import { z } from 'zod';

export const countersSchema = z.object({
  requests: z.number(),
  messages: z.number(),
  compacted: z.number(),
  reused: z.number(),
  passed: z.number(),
  shadow: z.number(),
  failOpen: z.number(),
  rejectedRewrites: z.number(),
  lengthRetries: z.number(),
  overAfter: z.number(),
  refusedHosts: z.number(),
  upstreamErrors: z.number(),
  /** Estimated tokens of the requests sent smaller, before and after. */
  estBefore: z.number(),
  estAfter: z.number(),
});
export type Counters = z.infer<typeof countersSchema>;

export function zeroCounters(): Counters {
  return {
    requests: 0, messages: 0, compacted: 0, reused: 0, passed: 0, shadow: 0, failOpen: 0, rejectedRewrites: 0,
    lengthRetries: 0, overAfter: 0, refusedHosts: 0, upstreamErrors: 0, estBefore: 0, estAfter: 0,
  };
}

export function addCounters(a: Counters, b: Counters): Counters {
  const out = zeroCounters();
  for (const k of Object.keys(out) as Array<keyof Counters>) out[k] = a[k] + b[k];
  return out;
}

export function savedTokens(c: Counters): number {
  return Math.max(0, c.estBefore - c.estAfter);
}
