// The findings the person accepted: an `error` finding keeps the verdict NOT DONE until they do.
// Written by the prompt hook for the person's typed "accept F-…" (a genuine hook of a top-level
// session, hooks/personDecisions.ts) and by the VS Code dashboard after a confirmation, with the
// time and where it came from. The meter's own state: the guard refuses the agent's writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { acceptanceSchema, type Acceptance } from '../core/findings/acceptance';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';

const FILE = join(STATE_DIR, 'acceptances.json');
const fileSchema = z.object({ version: z.literal(1), accepted: z.array(z.unknown()) });

/** Every well-formed acceptance; one of the wrong shape is skipped, never the whole file. */
export function readAcceptances(workspace: string): Acceptance[] {
  try {
    const r = fileSchema.safeParse(JSON.parse(readFileSync(join(workspace, FILE), 'utf8')));
    if (!r.success) return [];
    return r.data.accepted.flatMap((a) => {
      const one = acceptanceSchema.safeParse(a);
      return one.success ? [one.data] : [];
    });
  } catch {
    return [];
  }
}

/** Adds an acceptance; accepting an id again keeps the first (its time and source stand). */
export function recordAcceptance(workspace: string, a: Acceptance): 'recorded' | 'already' {
  const list = readAcceptances(workspace);
  if (list.some((x) => x.id === a.id)) return 'already';
  writeFileAtomic(join(workspace, FILE), JSON.stringify({ version: 1, accepted: [...list, a] }, null, 1) + '\n');
  return 'recorded';
}
