// A proof that names a program its shell will not find: `check-docs.sh` when the script sits in
// scripts/ and not on PATH fails as "command not found", which reads as the item failing. Warned on
// the item's line, with the path to write when the file is in the folder. Kept free of the vscode
// module (the lookups are passed in) for the unit tests.
import { proofPrograms } from '../core/plan/proofCommands';
import type { PlanItem } from '../core/types';

export const NOT_ON_PATH = 'not-on-path';

export interface PathWarning {
  id: string;
  line: number;
  message: string;
}

/**
 * found: whether a bare program name is on PATH; nearby: the folder's own file of that name, as a
 * path to write in the proof (`./scripts/check-docs.sh`), or null. Names with a slash are run by
 * path, not looked up, so they are left to the run.
 */
export function pathWarnings(items: readonly PlanItem[], found: (name: string) => boolean, nearby: (name: string) => string | null): PathWarning[] {
  const out: PathWarning[] = [];
  for (const item of items) {
    if (item.proof?.kind !== 'command') continue;
    for (const name of proofPrograms(item.proof.command)) {
      if (name.includes('/') || found(name)) continue;
      const local = nearby(name);
      const fix = local ? `; write its path, \`${local}\`` : '; install it, or write the path of the script';
      out.push({ id: item.id, line: item.line, message: `${item.id}: \`${name}\` is not on PATH here, so the proof would fail with "command not found"${fix}.` });
    }
  }
  return out;
}
