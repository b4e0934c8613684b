// `proofmeter context` in words: a few lines per session, newest first.
import type { CompactionEvent } from './contextScan';
import type { ContextSummary } from './contextView';
import { tokensText } from './format';

export interface ListedContext extends ContextSummary {
  file: string;
  updatedAt: string;
}

function compactionText(c: CompactionEvent): string {
  const before = c.preTokens ?? c.reportedBefore;
  const after = c.postTokens ?? c.reportedAfter;
  const sizes = before !== null ? `${tokensText(before)} → ${after !== null ? tokensText(after) : '?'}` : `~${tokensText(c.estimateBefore)} → ${c.estimateAfter !== null ? `~${tokensText(c.estimateAfter)}` : '?'}`;
  return `${c.trigger} ${sizes}${c.time ? ` at ${c.time.slice(0, 19).replace('T', ' ')}` : ''}`;
}

export function sessionLines(s: ListedContext): string[] {
  const name = s.sessionId ?? s.file.replace(/^.*[\\/]/, '').replace(/\.jsonl$/, '');
  const head = `${name}  ${s.updatedAt.slice(0, 16).replace('T', ' ')}${s.model ? `  ${s.model}` : ''}`;
  const parts = [`estimate ~${tokensText(s.estimate)}`];
  parts.push(s.reported !== null ? `reported ${tokensText(s.reported)}` : 'nothing reported yet');
  if (s.calibrated !== null) parts.push(`calibrated ${tokensText(s.calibrated)}${s.ratio !== null && s.ratio !== 1 ? ` (x${s.ratio})` : ''}`);
  parts.push(s.window ? `window ${tokensText(s.window)}, ${s.percent}% used` : 'window unknown');
  const lines = [head, `  ${parts.join(' · ')}`];
  if (s.compactionCount) {
    const shown = s.compactions.slice(-3).map(compactionText).join('; ');
    lines.push(`  compactions: ${s.compactionCount} (${s.compactionCount > 3 ? 'newest: ' : ''}${shown})`);
  } else lines.push('  compactions: none');
  return lines;
}

export function contextText(sessions: ListedContext[]): string {
  if (!sessions.length) return 'No sessions of this workspace yet.';
  const out = ['Context per session, newest first (estimates at 4 characters per token, images by their pixels; calibrated by the usage the provider reported)', ''];
  for (const s of sessions) out.push(...sessionLines(s), '');
  return out.join('\n').trimEnd();
}
