// What a plan item's CodeLens says, the way the Testing view marks a test: "✓ proved · exit 0 ·
// 10:42", "✗ failed on re-run", "○ ran in a subagent (passed there): did not count". Kept free of the vscode module.
import { notCountedRunText, ranNotCounted } from '../core/tally/notCounted';
import type { ItemJson, Tally } from '../core/tally/tally';

function clock(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : ` · ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export interface Lens {
  title: string;
  /** The run to open on a click, when one decides or was seen. */
  run: { file: string; line: number } | null;
}

export function lensFor(item: ItemJson, t: Pick<Tally, 'ledger'> & { verifier?: { reopened: readonly string[] } | null }): Lens {
  const run = item.run ? { file: item.run.file, line: item.run.line } : null;
  const exit = item.run?.exit !== null && item.run?.exit !== undefined ? ` · exit ${item.run.exit}` : '';
  switch (item.state) {
    case 'proved':
      return { title: `✓ proved${exit}${clock(item.run?.time ?? null)}`, run };
    case 'failed': {
      const rerun = t.verifier?.reopened.includes(item.id) ?? false;
      return { title: rerun ? '✗ failed on re-run' : `✗ failed${exit}${clock(item.run?.time ?? null)}`, run };
    }
    case 'pending':
      return { title: '◷ waiting for its completion notice', run };
    case 'closed':
      // Closed through Close… (proofmeter close): the person's word has no transcript line to open.
      if (item.closedBy?.source === 'close') return { title: '✓ closed by you', run: null };
      return { title: '✓ closed by your words', run: item.closedBy ? { file: item.closedBy.file, line: item.closedBy.line } : null };
    case 'handed-over':
      return { title: '◷ handed over to you', run: null };
    case 'open':
      return { title: item.owner === 'later' ? '○ waits for a later event' : '○ waits for you', run: null };
    case 'unrun': {
      const nc = ranNotCounted(item, t.ledger);
      if (nc) return { title: `○ ${notCountedRunText(nc.reason, nc.run.outcome)}`, run: { file: nc.run.file, line: nc.run.line } };
      return { title: '○ not run yet', run: null };
    }
  }
}
