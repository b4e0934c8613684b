// The goal tally: the ▰▱ bar as text, a real progress element, done/total, what the two numbers
// are made of (Claude's items, then commit and push where they apply), and the verdict.
import { bar } from '../../src/core/tally/format';
import { headlineParts, partsSentence } from '../../src/core/tally/headlineParts';
import type { TallyView } from '../../src/protocol';
import type { Severity } from '../../src/core/tally/severity';
import { verdictText } from '../labels';

/** Whole percent of the bar filled, 0 for an empty total. */
export function fillPercent(done: number, total: number): number {
  return total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
}

/** severity: the status bar's, so the verdict line is red whenever the status bar is. */
export function TallySummary({ tally, severity = 'ok' }: { tally: TallyView; severity?: Severity }) {
  const { done, total } = tally.headline;
  const label = `Claude’s part: ${done} of ${total} done`;
  const parts = headlineParts(tally);
  return (
    <div class="pm-tally">
      <div class="pm-tally-line">
        <span class="pm-cells" aria-hidden="true">
          {bar(done, total)}
        </span>
        {/* A drawn bar, not <progress>: Chromium drew the native one with no visible fill in the Dark theme. */}
        <div class="pm-progress" role="progressbar" aria-valuenow={done} aria-valuemin={0} aria-valuemax={total} aria-label={label}>
          <div class="pm-progress-fill" data-fill={fillPercent(done, total)} style={{ width: `${fillPercent(done, total)}%` }} />
        </div>
        <span class="pm-count" title={label}>
          {`${done}/${total}`}
        </span>
      </div>
      <p class="pm-muted pm-count-parts" data-parts={`${parts.itemsDone}/${parts.items}+${parts.stepsDone}/${parts.steps}`}>
        {partsSentence(tally)}
      </p>
      <p role="status" class={`pm-verdict pm-verdict-${tally.verdict} pm-verdict-sev-${severity}`} data-severity={severity}>
        <span class="pm-verdict-mark" aria-hidden="true">
          {severity === 'error' ? '✗' : tally.verdict === 'done' ? '✓' : '○'}
        </span>
        {verdictText(tally)}
      </p>
    </div>
  );
}
