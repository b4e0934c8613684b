// A workspace counts only its own sessions. Its transcript folder is only a folder: a session
// recorded in another project can be copied into it, with honest runs of the same proofs, so each
// main transcript must name this workspace as the folder Claude Code was started in (its first
// record's cwd). One that names another is reported and ignored with its subagent files.
import { realpathSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { namesOtherProject, trimSlash } from '../core/evidence/filters';
import { findingId, type Finding } from '../core/findings/finding';
import type { TranscriptEvents } from '../core/types';
import { METER_STATE_DIR } from '../core/meterStateDir';

/** The workspace folder as Claude Code may have recorded it: as given and with links resolved. */
export function workspaceRoots(cwd: string): string[] {
  const roots = [trimSlash(resolve(cwd))];
  try {
    roots.push(trimSlash(realpathSync(cwd)));
  } catch {
    // a folder that cannot be resolved is only known by the name it was given
  }
  return [...new Set(roots)];
}

export interface OwnSessions {
  kept: TranscriptEvents[];
  findings: Finding[];
}

/**
 * Splits what readTranscripts read for `mainFiles` into this workspace's own sessions and foreign
 * ones. A foreign session is a warning, not an error: it is ignored, so it cannot forge anything,
 * and a blocking finding would let any stray file in the folder hold the verdict.
 */
export function ownSessions(events: TranscriptEvents[], mainFiles: readonly string[], roots: readonly string[]): OwnSessions {
  const mains = new Set(mainFiles);
  const foreign = events.filter((t) => mains.has(t.file) && namesOtherProject(t, roots));
  const dropped = foreign.map((t) => t.file.replace(/\.jsonl$/, '') + sep);
  const kept = events.filter((t) => !foreign.includes(t) && !dropped.some((d) => t.file.startsWith(d)));
  const findings = foreign.map((t): Finding => ({
    id: findingId('foreign-transcript', t.file),
    kind: 'foreign-transcript',
    severity: 'warning',
    message: `Session ${basename(t.file)} in this workspace's transcript folder was recorded in another folder (${t.cwd}); nothing in it counts here.`,
    action: 'Sessions count only in the project they ran in; remove the file if it was copied in.',
    file: t.file,
    line: null,
    evidence: null,
  }));
  return { kept, findings };
}

/**
 * A saved scan state found forged is a warning: it was discarded and the transcript read again, so
 * nothing in it counted; the person should still learn that something wrote the meter's files.
 */
export function forgedCacheFindings(events: TranscriptEvents[]): Finding[] {
  return events.flatMap((t): Finding[] =>
    t.forgedCache === undefined
      ? []
      : [
          {
            id: findingId('meter-tampered', `scan:${t.file}`),
            kind: 'meter-tampered',
            severity: 'warning',
            message: `The saved scan state of ${basename(t.file)} held evidence its transcript does not (${t.forgedCache}); it was discarded and the transcript read again.`,
            action: `Nothing in it counted. Only the meter writes ${METER_STATE_DIR}/scan/: find what else did.`,
            file: t.file,
            line: null,
            evidence: null,
          },
        ],
  );
}
