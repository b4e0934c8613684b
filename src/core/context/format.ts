// The context meter's words: token counts kept short, and the status line's optional segment.

/** 850, 8.5k, 85k, 1.2M: a status line has room for three digits. */
export function tokensText(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 10_000) return `${trim(n / 1000)}k`;
  if (n < 999_500) return `${Math.round(n / 1000)}k`;
  return `${trim(n / 1_000_000)}M`;
}

function trim(x: number): string {
  return x.toFixed(1).replace(/\.0$/, '');
}

export interface SegmentInput {
  tokens: number;
  /** True when the figure is this meter's estimate or calibration, not a count Claude Code reported. */
  estimated: boolean;
  window: number | null;
  percent: number | null;
  /** Compactions in the session so far; null when the transcript was not read. */
  compactions: number | null;
}

/** `ctx 85k/200k 42%`, `ctx ~85k · 2 compacted`: `~` marks an estimate. */
export function contextSegment(s: SegmentInput): string {
  let out = `ctx ${s.estimated ? '~' : ''}${tokensText(s.tokens)}`;
  if (s.window) out += `/${tokensText(s.window)}`;
  if (s.percent !== null) out += ` ${Math.round(s.percent)}%`;
  if (s.compactions) out += ` · ${s.compactions} compacted`;
  return out;
}
