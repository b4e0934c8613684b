// The status bar tooltip's context section: one line per session, newest first, from context
// states read off real recordings.
import { strict as assert } from 'node:assert';
import { contextSummary } from '../../../src/core/context/contextView';
import { contextView } from '../../../src/extension/contextSource';
import { contextTooltipLines } from '../../../src/extension/contextText';
import { progressView } from '../../../src/extension/statusText';
import { readContextResumed } from '../../../src/workspace/contextRead';
import { labTranscript, recordedTranscript } from '../../unit/helpers/fixtures';
import { underWayTally } from '../../webview/fixtures';

const sessionOf = (path: string, window: number | null = null) =>
  contextView({ ...contextSummary(readContextResumed(path, null)!.saved.state, window), file: path, updatedAt: '2026-11-29T23:00:00.000Z' });

describe('the context in the status bar tooltip', () => {
  const compacted = sessionOf(labTranscript('main'));
  const demo = sessionOf(recordedTranscript('demo'), 200_000);

  const cases: Array<[string, ReturnType<typeof sessionOf>, RegExp]> = [
    // The tooltip is Markdown: dots and brackets come escaped.
    ['a compacted session names its last compaction and its sizes', compacted, /^- `f10e432c` ~[\d\\.]+k · nothing reported yet · 1 compaction, last manual 120 → 2\\\.7k$/],
    ['a session with a known window says how much of it is used', demo, /^- `5f7bb7e8` ~\d+ of 200k \\\(\d+(\\\.\d)?%\\\) · reported 100 · no compaction$/],
  ];
  for (const [what, s, want] of cases) it(what, () => assert.match(contextTooltipLines([s]).at(-1)!, want));

  it('the progress tooltip carries the section before its last line, and leaves it out without sessions', () => {
    const t = underWayTally();
    const tip = progressView(t, { fault: null, trusted: true, context: [compacted, demo] }).tooltip;
    assert.match(tip, /\*\*Context\*\*, newest session first[^\n]*\n\n- `f10e432c`[^\n]*\n- `5f7bb7e8`[^\n]*\n\n_Click to open the dashboard\._$/);
    assert.ok(!progressView(t, { fault: null, trusted: true }).tooltip.includes('**Context**'));
  });
});
