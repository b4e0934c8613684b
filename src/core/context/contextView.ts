// What the meter says about one session's context, from its scan state. The estimate is this
// meter's own (characters / 4, images by their pixels). The calibrated figure is the input the
// provider reported for the latest request, plus what was added since, scaled by that request's
// ratio of reported to estimated input: Claude models count more tokens than characters / 4, and
// the transcript lacks parts of each request (the system prompt before Claude Code 2.1.332, its
// reminders). The ratio is clamped to 1.0-2.0 (the compaction proxy's bounds) and a request under
// 1,000 estimated tokens is too small to set it. The context only grows between compactions, so
// the calibrated figure is never below the report; a compaction clears the report (contextScan.ts)
// and the figure waits for the next one.
import { estimateOf, type CompactionEvent, type ContextState } from './contextScan';

export const ONE_MILLION = 1_000_000;
export const MIN_RATIO = 1;
export const MAX_RATIO = 2;
export const MIN_SAMPLE = 1000;

export interface ContextSummary {
  sessionId: string | null;
  model: string | null;
  /** Estimated tokens of the next request. */
  estimate: number;
  /** The provider's input (with cache creation and reads) for the latest request; null before any, and after a compaction until the next. */
  reported: number | null;
  /** The ratio the calibration used: reported / estimated input of that request, clamped. */
  ratio: number | null;
  /** The reported input carried forward to now; null before any report. */
  calibrated: number | null;
  /** The context window in tokens, when known; null otherwise. */
  window: number | null;
  /** Of the window, for the calibrated figure (the estimate when nothing was reported); null without a window. */
  percent: number | null;
  requests: number;
  compactionCount: number;
  compactions: CompactionEvent[];
  lastTime: string | null;
}

export function calibrationRatio(reported: number, estimate: number): number {
  if (estimate < MIN_SAMPLE) return 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, reported / estimate));
}

/**
 * `window`: the size Claude Code's status line reported for the session, when it was seen; else
 * the 1M window when the latest recorded request asked for it, else unknown.
 */
export function contextSummary(state: ContextState, window: number | null = null): ContextSummary {
  const estimate = estimateOf(state);
  const r = state.report;
  const ratio = r ? calibrationRatio(r.tokens, r.estimate) : null;
  const calibrated = r && ratio !== null ? Math.round(r.tokens + ratio * Math.max(0, estimate - r.estimate)) : null;
  const win = window ?? (state.oneMillion ? ONE_MILLION : null);
  return {
    sessionId: state.sessionId,
    model: state.model,
    estimate,
    reported: r?.tokens ?? null,
    ratio: ratio === null ? null : Math.round(ratio * 1000) / 1000,
    calibrated,
    window: win,
    percent: win ? percentOf(calibrated ?? estimate, win) : null,
    requests: state.requests,
    compactionCount: state.compactionCount,
    compactions: state.compactions.map((c) => ({ ...c })),
    lastTime: state.lastTime,
  };
}

/** A share of the window to one decimal. */
export function percentOf(tokens: number, window: number): number {
  return Math.round((1000 * tokens) / window) / 10;
}
