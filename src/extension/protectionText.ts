// The status bar tooltip's line on what keeps the agent off the meter's files
// (core/install/protection.ts), kept free of the vscode module.
import type { Protection } from '../core/install/protection';

function md(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => '\\' + c);
}

/** One line, or none for a tally nothing read the settings for. */
export function protectionTooltipLines(p: Protection | null | undefined): string[] {
  if (!p) return [];
  if (p.level === 'kernel, locked') return ['', '$(lock) Protection: kernel, locked'];
  // kernel: the one thing left is the lock, which only `proofmeter run` gives.
  if (p.level === 'kernel') return ['', `$(shield) Protection: kernel${p.remedy ? ` · ${md(p.remedy)}` : ''}`];
  const why = p.reasons.length ? `: ${md(p.reasons.join('; '))}` : '';
  return ['', `$(warning) Protection: guard only${why}${p.remedy ? `\\. To fix it: ${md(p.remedy)}\\.` : ''}`];
}
