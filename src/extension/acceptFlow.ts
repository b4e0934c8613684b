// The dashboard's Accept button for an integrity finding: the person's decision, so only in a
// trusted workspace, only for an error the tally shows now, and only after a modal confirmation
// naming the finding. Recorded in .claude/proofmeter/acceptances.json with the time and the
// source `dashboard`; the tally then reads it as accepted. No vscode import: the host passes its
// window and trust in (acceptFinding.ts), tests pass fakes.
import { METER_STATE_DIR } from '../core/meterStateDir';
import type { ViewState } from '../protocol';
import { recordAcceptance } from '../workspace/acceptances';

export type AcceptOutcome = 'ok' | 'refused' | 'cancelled';

export interface AcceptDeps {
  trusted: () => boolean;
  confirm: (message: string, detail: string) => PromiseLike<boolean>;
  warn: (message: string) => void;
  now: () => Date;
}

export async function acceptFindingFlow(cwd: string | null, id: string, shown: ViewState['seal'], deps: AcceptDeps): Promise<AcceptOutcome> {
  if (!deps.trusted()) {
    deps.warn('Proofmeter: accepting a finding needs a trusted workspace.');
    return 'refused';
  }
  const f = shown.find((x) => x.id === id);
  if (!cwd || !f || f.severity !== 'error' || f.accepted) {
    deps.warn(`Proofmeter: ${id} is not an open error finding of this workspace's tally.`);
    return 'refused';
  }
  const ok = await deps.confirm(
    `Accept finding ${id}?`,
    `${f.message}\n\nAn accepted error no longer keeps the verdict NOT DONE. The acceptance is recorded with its time in ${METER_STATE_DIR}/acceptances.json.`,
  );
  if (!ok) return 'cancelled';
  recordAcceptance(cwd, { id, at: deps.now().toISOString(), source: 'dashboard', session: null, promptId: null });
  return 'ok';
}
