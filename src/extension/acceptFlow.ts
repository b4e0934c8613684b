// The dashboard's Accept button for an integrity finding: the person's decision, so only in a
// trusted workspace, only for an error the tally shows now, and only after a modal confirmation
// naming the finding, with the change it is about open beside when the seal kept its text, and
// with a default button that accepts nothing. Recorded by the CLI's `proofmeter accept` (the host runs it; the person-only
// path, which also writes the witness the tally asks for) in .claude/proofmeter/acceptances.json
// with the time and the source `dashboard`; the tally then reads it as accepted. No vscode
// import: the host passes its window, trust and CLI in (acceptFinding.ts), tests pass fakes.
import type { ViewState } from '../protocol';
import { acceptQuestion, type Question } from './remedyQuestions';

export type AcceptOutcome = 'ok' | 'refused' | 'cancelled';

export interface AcceptDeps {
  trusted: () => boolean;
  /** The modal, whose default changes nothing (confirm.ts); true only for the action's button. */
  confirm: (q: Question) => PromiseLike<boolean>;
  /** Opens the change the finding is about (the sealed text beside the file now); whether there was one to show. */
  showChange?: (file: string) => PromiseLike<boolean>;
  warn: (message: string) => void;
  /** Records the acceptance (`proofmeter accept ID --cwd WS`); null when recorded, else why not, in one line. */
  record: (workspace: string, id: string) => PromiseLike<string | null>;
}

export async function acceptFindingFlow(cwd: string | null, id: string, shown: ViewState['seal'], deps: AcceptDeps, file: string | null = null): Promise<AcceptOutcome> {
  if (!deps.trusted()) {
    deps.warn('Proofmeter: accepting a finding needs a trusted workspace.');
    return 'refused';
  }
  const f = shown.find((x) => x.id === id);
  if (!cwd || !f || f.severity !== 'error' || f.accepted) {
    deps.warn(`Proofmeter: ${id} is not an open error finding of this workspace's tally.`);
    return 'refused';
  }
  const diffShown = file !== null && deps.showChange ? await deps.showChange(file) : false;
  const ok = await deps.confirm(acceptQuestion({ id, message: f.message, diffShown }));
  if (!ok) return 'cancelled';
  const failed = await deps.record(cwd, id);
  if (failed !== null) {
    deps.warn(`Proofmeter: ${id} was not accepted: ${failed}`);
    return 'refused';
  }
  return 'ok';
}
