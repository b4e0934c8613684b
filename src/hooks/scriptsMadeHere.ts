// A script a command writes and then runs (`echo … > a.sh; sh a.sh`, `base64 -d > x.py && python3
// x.py`, `curl -o i.sh … && sh i.sh`): the guard reads a script file before the command runs, so a
// file the same command writes, or one that is not there yet, runs text the guard never saw. Such a
// run is refused; written in one command and run in the next, the script is read as any other.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BashFinding } from './bashWrites';
import { expand, type BashScope } from './bashScope';
import { operandPaths, pathsMayMeet } from './globMatches';

export const UNSEEN = 'script made by the same command';
/** Noted for a write whose path is known only when it runs (`> "$out"`): it may be any script run after it. */
const ANY_PATH = '\0a path known only when the command runs';

export const UNSEEN_SCRIPT: BashFinding = { target: 'a script this command writes or makes before running it', kind: 'state', how: UNSEEN };
export const UNNAMED = 'script named when it runs';
/** A script whose name the command makes as it runs (`sh "$(ls t*.sh)"`, `f=$(mktemp); … sh $f`): the guard cannot read a file it cannot name. */
export const UNNAMED_SCRIPT: BashFinding = { target: 'a script named only when the command runs', kind: 'state', how: UNNAMED };

/**
 * Notes a path the command writes, as the guard's reading reaches each write in turn (every
 * redirection, writer, copy, move and output option goes through checkInto): a script run after it
 * in the same command is one the guard could not read.
 */
export function noteWritten(token: string, how: string, scope: BashScope): void {
  // `<>` opens a file to read and write without emptying it: what it holds is what runs.
  if (!token || /^\d*<> redirect$/.test(how)) return;
  const word = expand(token, scope);
  scope.written?.push(/[$`]/.test(word) ? ANY_PATH : resolve(scope.cwd, word));
}

/**
 * What is wrong with running `operand` as a script, when it runs text the guard cannot have read:
 * a name the command makes as it runs, a file this command
 * writes (a glob on either side is matched against the other), or (`mustExist`, for shells and
 * `source`, which run nothing but a file) one not there now, in a command with another in front
 * that may make it, and that reads as a script's path (`./x`, `x.sh`; not a word an option took,
 * as in `bash -o pipefail`).
 */
export function unseenScript(operand: string | undefined, scope: BashScope, mustExist: boolean): BashFinding | null {
  if (!operand) return null;
  const now = operandPaths(operand, scope);
  if (now === null) return UNNAMED_SCRIPT;
  return madeHere(operand, now, scope, mustExist) ? UNSEEN_SCRIPT : null;
}

function madeHere(operand: string, now: readonly string[], scope: BashScope, mustExist: boolean): boolean {
  const target = resolve(scope.cwd, expand(operand, scope));
  if ((scope.written ?? []).some((w) => w === ANY_PATH || pathsMayMeet(w, target))) return true;
  return mustExist && scope.madeFirst === true && /\/|\.(?:sh|bash|zsh|ksh)$/.test(operand) && !now.some(existsSync);
}
