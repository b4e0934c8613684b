// Which finished runs the scan state must keep: those evidence can still show. A long session runs
// tens of thousands of commands that no proof names; keeping them made the saved state, and every
// status line that loads it, grow with the session.
import type { PlanItem } from '../types';
import { hash64 } from '../text/hash64';
import { normCmd } from '../command/normCmd';
import { parseHandover } from '../evidence/handover';
import { isSessionCommandOfNote } from '../findings/sessionCommands';

export interface ScanKeep {
  /** The frozen goal's proof commands after normCmd with `home`, sorted, no repeats. */
  proofs: readonly string[];
  /** The home folder normCmd is given, the same the tally uses. */
  home: string | null;
}

/** The keep set of a frozen list: its command proofs, normalized as evidence normalizes them. */
export function scanKeepOf(items: readonly PlanItem[], home: string | null): ScanKeep {
  const proofs = new Set<string>();
  for (const i of items) if (i.proof?.kind === 'command') proofs.add(normCmd(i.proof.command, home));
  return { proofs: [...proofs].sort(), home };
}

/**
 * A predicate over run commands: true for a command evidence can show for one of the proofs. It
 * mirrors evaluateEvidence: an exact match decides an item or is superseded, one that contains a
 * proof is listed as "different command" (for any source, so subagent runs too), a handover
 * can hand an item over, and a git command that skips hooks or rewrites history is a finding
 * (findings/sessionCommands.ts).
 */
export function keepsCommand(keep: ScanKeep): (command: string) => boolean {
  return (command) => {
    const n = normCmd(command, keep.home);
    return keep.proofs.some((p) => p === n || (p.length > 0 && n.includes(p))) || parseHandover(command) !== null || isSessionCommandOfNote(command);
  };
}

/**
 * Names the keep set in a saved scan: a state pruned for one set of proofs cannot answer for
 * another, so a changed goal reads its transcripts again. Two 32-bit FNV-style hashes; no crypto
 * in the engine.
 */
export function keepDigest(keep: ScanKeep | null): string {
  // `k2`: what is kept beyond the proofs (the git commands of note); a state pruned without them is read again.
  const text = keep === null ? 'none' : JSON.stringify(['k2', keep.home, keep.proofs]);
  return hash64(text);
}
