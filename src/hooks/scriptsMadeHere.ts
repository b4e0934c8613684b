// A script a command writes and then runs (`echo … > a.sh; sh a.sh`, `base64 -d > x.py && python3
// x.py`, `curl -o i.sh … && sh i.sh`): the guard reads a script file before the command runs, so a
// file the same command writes, or one that is not there yet, runs text the guard never saw. Such a
// run is refused; written in one command and run in the next, the script is read as any other.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BashFinding } from './bashWrites';
import { expand, type BashScope } from './bashScope';

export const UNSEEN = 'script made by the same command';
export const UNSEEN_SCRIPT: BashFinding = { target: 'a script this command writes or makes before running it', kind: 'state', how: UNSEEN };

/**
 * Notes a path the command writes, as the guard's reading reaches each write in turn (every
 * redirection, writer, copy, move and output option goes through checkInto): a script run after it
 * in the same command is one the guard could not read.
 */
export function noteWritten(token: string, how: string, scope: BashScope): void {
  // `<>` opens a file to read and write without emptying it: what it holds is what runs.
  if (token && !/[$`*?[]/.test(token) && !/^\d*<> redirect$/.test(how)) scope.written?.push(resolve(scope.cwd, expand(token, scope)));
}

/**
 * Whether running `operand` as a script runs text the guard cannot have read: a file this command
 * writes, or (`mustExist`, for shells and `source`, which run nothing but a file) one not there now,
 * in a command with another in front that may make it, and that reads as a script's path (`./x`,
 * `x.sh`; not a word an option took, as in `bash -o pipefail`).
 */
export function unseenScript(operand: string | undefined, scope: BashScope, mustExist: boolean): boolean {
  if (!operand || /[$`*?[]/.test(operand)) return false;
  const path = resolve(scope.cwd, expand(operand, scope));
  return (scope.written ?? []).includes(path) || (mustExist && scope.madeFirst === true && /\/|\.(?:sh|bash|zsh|ksh)$/.test(operand) && !existsSync(path));
}
