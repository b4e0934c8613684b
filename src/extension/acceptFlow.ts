// The dashboard's Accept button for an integrity finding: the person's decision, so only in a
// trusted workspace, only for an error the tally shows now, and only after a modal confirmation
// naming the finding. Recorded by the CLI's `proofmeter accept` (the host runs it; the person-only
// path, which also writes the witness the tally asks for) in .claude/proofmeter/acceptances.json
// with the time and the source `dashboard`; the tally then reads it as accepted. No vscode
// import: the host passes its window, trust and CLI in (acceptFinding.ts), tests pass fakes.
import { METER_STATE_DIR } from '../core/meterStateDir';
import type { ViewState } from '../protocol';

export type AcceptOutcome = 'ok' | 'refused' | 'cancelled';

export interface AcceptDeps {
  trusted: () => boolean;
  confirm: (message: string, detail: string) => PromiseLike<boolean>;
  warn: (message: string) => void;
  /** Records the acceptance (`proofmeter accept ID --cwd WS`); null when recorded, else why not, in one line. */
  record: (workspace: string, id: string) => PromiseLike<string | null>;
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
  const failed = await deps.record(cwd, id);
  if (failed !== null) {
    deps.warn(`Proofmeter: ${id} was not accepted: ${failed}`);
    return 'refused';
  }
  return 'ok';
}
