// The dashboard's Dismiss button for an integrity warning: the person's decision, recorded the way an
// error is accepted (`proofmeter accept`, the person-only CLI path that writes the witness the tally
// asks for), so the agent cannot dismiss one: only in a trusted workspace, only for a warning the
// tally shows now, and only after a modal confirmation naming it. A dismissed warning is then listed
// as info, "dismissed by you". No vscode import: the host passes its window, trust and CLI in
// (dismissFinding.ts), tests pass fakes.
import { METER_STATE_DIR } from '../core/meterStateDir';
import type { ViewState } from '../protocol';

export type DismissOutcome = 'ok' | 'refused' | 'cancelled';

export interface DismissDeps {
  trusted: () => boolean;
  confirm: (message: string, detail: string) => PromiseLike<boolean>;
  warn: (message: string) => void;
  /** Records the decision (`proofmeter accept ID --cwd WS`); null when recorded, else why not, in one line. */
  record: (workspace: string, id: string) => PromiseLike<string | null>;
}

/** The modal's button: the only answer that dismisses. */
export const DISMISS_BUTTON = 'Dismiss';

export async function dismissFindingFlow(cwd: string | null, id: string, shown: ViewState['seal'], deps: DismissDeps): Promise<DismissOutcome> {
  if (!deps.trusted()) {
    deps.warn('Proofmeter: dismissing a finding needs a trusted workspace.');
    return 'refused';
  }
  const f = shown.find((x) => x.id === id);
  if (!cwd || !f || f.severity !== 'warning' || f.accepted) {
    deps.warn(`Proofmeter: ${id} is not an open warning of this workspace's tally.`);
    return 'refused';
  }
  const ok = await deps.confirm(
    `Dismiss warning ${id}?`,
    `${f.message}\n\nA dismissed warning is listed as info, dismissed by you. It is recorded as your decision, with its time, in ${METER_STATE_DIR}/acceptances.json (the same record as accepting an error).`,
  );
  if (!ok) return 'cancelled';
  const failed = await deps.record(cwd, id);
  if (failed !== null) {
    deps.warn(`Proofmeter: ${id} was not dismissed: ${failed}`);
    return 'refused';
  }
  return 'ok';
}
