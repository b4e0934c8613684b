// Doctor's headline, one sentence for its report's first line and VS Code's notification alike, so
// the headline never says more than the report below it: the gates armed, then what else is wrong
// (a broken seal, a goal sealed on another machine, a missing runner).

export interface DoctorFacts {
  armed: number;
  total: number;
  /** The seal's state as the report gives it: tampered, sealed-elsewhere, sealed, none, ... */
  sealState: string | null;
  runnerPresent: boolean;
  /** The stop gate's faults in a row, newest last (health.jsonl); absent: none known. */
  stopFaults?: number;
}

export function doctorHeadline(f: DoctorFacts): string {
  const problems: string[] = [];
  if (f.sealState === 'tampered') problems.push('the seal is broken');
  if (f.sealState === 'sealed-elsewhere') problems.push('the goal was sealed on another machine');
  if (!f.runnerPresent) problems.push('the hook runner is missing');
  if (f.stopFaults) problems.push(`the stop gate faulted ${f.stopFaults} time${f.stopFaults === 1 ? '' : 's'} in a row`);
  const gates = f.total > 0 && f.armed === f.total ? `All ${f.total} gates armed` : `${f.armed} of ${f.total} gates armed`;
  return problems.length ? `${gates}, but ${problems.join(' and ')}.` : `${gates}.`;
}
