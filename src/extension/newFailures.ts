// The items that failed since the last state: failed in the session, or taken back by a re-run.
// Kept free of the vscode module for the unit tests.
import type { ViewState } from '../protocol';

export function newFailures(before: ViewState | null, after: ViewState): string[] {
  const failedIds = (s: ViewState | null): Set<string> =>
    new Set([...(s?.tally?.items.filter((i) => i.state === 'failed').map((i) => i.id) ?? []), ...(s?.tally?.verifier?.reopened ?? [])]);
  const was = failedIds(before);
  return [...failedIds(after)].filter((id) => !was.has(id));
}
