// A script a command writes and then runs (`echo … > a.sh; sh a.sh`, `base64 -d > x.py && python3
// x.py`, `curl -o i.sh … && sh i.sh`): the guard reads a script file before the command runs, so a
// file the same command writes, or one that is not there yet, runs text the guard never saw. Such a
// run is refused; written in one command and run in the next, the script is read as any other.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { allCommands, type AndOr } from '../core/shell/parse';
import { COPY, WRITE_ALL, stripPrefix, verbName } from '../core/shell/verbs';
import type { BashFinding } from './bashWrites';
import { expand, type BashScope } from './bashScope';
import { isWriteRedirect, operands } from './bashWords';

export const UNSEEN = 'script made by the same command';
export const UNSEEN_SCRIPT: BashFinding = { target: 'a script this command writes or makes before running it', kind: 'state', how: UNSEEN };

/**
 * The absolute paths a list writes by the plainest means: a redirection, `tee` and the other
 * writers of every operand, the last operand of `cp`, `mv` and their kind, `dd of=`. Read from the
 * folder the list starts in; a path reached after a `cd` is caught as missing instead.
 */
export function writtenPaths(list: readonly AndOr[], scope: BashScope): string[] {
  const out: string[] = [];
  const add = (word: string | undefined) => {
    if (word && !/[$`*?[]/.test(word)) out.push(resolve(scope.cwd, expand(word, scope)));
  };
  for (const c of allCommands([...list])) {
    // `<>` opens a file to read and write without emptying it: what it holds is what runs.
    for (const r of c.redirects) if (r.target && isWriteRedirect(r.op, r.target.value) && !r.op.endsWith('<>')) add(r.target.value);
    if (c.kind !== 'simple') continue;
    const [verb = '', ...args] = stripPrefix(c.words.map((w) => w.value));
    const name = verbName(verb);
    const ops = operands(args);
    if (WRITE_ALL.has(name)) ops.forEach(add);
    else if (COPY.has(name) || name === 'mv') add(ops.at(-1));
    else if (name === 'dd') for (const a of args) if (a.startsWith('of=')) add(a.slice(3));
    for (const [k, a] of args.entries()) if (a === '-o' || a === '--output') add(args[k + 1]);
  }
  return out;
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
