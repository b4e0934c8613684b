// What the proxy would have sent for each recorded request of a session, with no provider called.
// The prompt cache is modelled as perfect: a request reads from the cache the longest run of leading
// messages it shares with the request before it and writes the rest.
import { objectTokens } from './estimate';
import type { Engine } from './engine';
import type { Message } from './messages';
import { hashChain } from './prefixCache';
import { forEachRequest } from './rebuild';
import { pairingViolations } from './turns';

export interface ReplayReport {
  requests: number;
  /** Requests sent smaller (a new compaction or a reused prefix). */
  compacted: number;
  /** Of those, requests that reused the previous compacted prefix byte for byte. */
  reusedPrefix: number;
  peakBefore: number;
  peakAfter: number;
  /** Tool calls without their result (or results without their call) in what would be sent. */
  pairingViolations: number;
  estCacheRead: number;
  estCacheWrite: number;
}

export interface ReplayDetail extends ReplayReport {
  /** Requests still over their threshold after the harshest pass, and the highest threshold applied. */
  overThreshold: number;
  peakThreshold: number;
  newCompactions: number;
}

type Unit = [key: string, tokens: number];

export function replayRecords(records: Iterable<unknown>, engine: Engine, hash: (s: string) => string): ReplayDetail {
  const r: ReplayDetail = {
    requests: 0, compacted: 0, reusedPrefix: 0, peakBefore: 0, peakAfter: 0, pairingViolations: 0,
    estCacheRead: 0, estCacheWrite: 0, overThreshold: 0, peakThreshold: 0, newCompactions: 0,
  };
  let prevUnits: Unit[] = [];
  forEachRequest(records, ({ messages, model }) => {
    r.requests++;
    const d = engine.decideParsed({ messages, model }, { upstream: 'replay' });
    const chain = hashChain(messages, hash);
    let sent: Message[] = messages;
    let units: Unit[];
    if (d && d.messages && d.cut !== undefined && d.headSent !== undefined && (d.action === 'compact' || d.action === 'reuse')) {
      sent = d.messages;
      r.compacted++;
      if (d.action === 'reuse') r.reusedPrefix++;
      else r.newCompactions++;
      if (d.over) r.overThreshold++;
      const summaryKey = 'S' + hash(d.summary ?? '');
      units = [];
      for (let i = 0; i < d.headSent - 1; i++) units.push([chain[i + 1]!, objectTokens(sent[i]!)]);
      units.push([summaryKey + chain[d.headSent - 1]!, objectTokens(sent[d.headSent - 1]!)]);
      for (let j = d.cut; j < messages.length; j++) units.push([chain[j + 1]!, objectTokens(messages[j]!)]);
    } else {
      units = messages.map((m, i) => [chain[i + 1]!, objectTokens(m)] as Unit);
    }
    const before = d?.estBefore ?? units.reduce((s, u) => s + u[1], 0);
    const after = d && d.messages && sent !== messages ? d.estAfter : before;
    r.peakBefore = Math.max(r.peakBefore, before);
    r.peakAfter = Math.max(r.peakAfter, after);
    r.peakThreshold = Math.max(r.peakThreshold, d?.threshold ?? 0);
    r.pairingViolations += pairingViolations(sent);
    let k = 0;
    while (k < units.length && k < prevUnits.length && units[k]![0] === prevUnits[k]![0]) k++;
    for (let i = 0; i < units.length; i++) {
      if (i < k) r.estCacheRead += units[i]![1];
      else r.estCacheWrite += units[i]![1];
    }
    prevUnits = units;
  });
  return r;
}

export function reportJson(r: ReplayReport): ReplayReport {
  const { requests, compacted, reusedPrefix, peakBefore, peakAfter, pairingViolations: pv, estCacheRead, estCacheWrite } = r;
  return { requests, compacted, reusedPrefix, peakBefore, peakAfter, pairingViolations: pv, estCacheRead, estCacheWrite };
}
