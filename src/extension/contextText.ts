// The context meter's lines in the status bar tooltip, kept free of the vscode module.
import { tokensText } from '../core/context/format';
import type { SessionContextView } from '../protocolContext';

function md(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => '\\' + c);
}

/** One line for a session: its size (of its window), what the provider reported, its compactions. */
export function contextLine(s: SessionContextView): string {
  const name = (s.sessionId ?? s.file.replace(/^.*[\\/]/, '')).slice(0, 8);
  const size = s.calibrated ?? s.estimate;
  const parts = [`~${tokensText(size)}${s.window ? ` of ${tokensText(s.window)} (${s.percent}%)` : ''}`];
  parts.push(s.reported !== null ? `reported ${tokensText(s.reported)}` : 'nothing reported yet');
  const last = s.compactions[s.compactions.length - 1];
  if (last) {
    const before = last.preTokens !== null ? tokensText(last.preTokens) : `~${tokensText(last.estimateBefore)}`;
    const afterN = last.postTokens ?? last.reportedAfter;
    const after = afterN !== null ? tokensText(afterN) : '?';
    parts.push(`${s.compactionCount} compaction${s.compactionCount === 1 ? '' : 's'}, last ${last.trigger} ${before} → ${after}`);
  } else parts.push('no compaction');
  return `- \`${name}\` ${md(parts.join(' · '))}`;
}

/** The tooltip's context section; nothing when no session was read. */
export function contextTooltipLines(sessions: readonly SessionContextView[] | undefined): string[] {
  if (!sessions?.length) return [];
  return ['', '**Context**, newest session first (estimated at 4 characters a token, calibrated by reported usage)', '', ...sessions.map(contextLine)];
}
