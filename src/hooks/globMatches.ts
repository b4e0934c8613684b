// The files a glob names, for the guard's reading of a script before it runs: bash expands
// `sh ./t*.sh` (or `python3 $PWD/t@(idy).py`) before the shell sees it and runs the first match,
// so a reader that skips such a word runs a script it never read.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hasShellGlob, partMayMatch } from '../core/shell/globReach';
import { expand, type BashScope } from './bashScope';

/** More matches than any script operand needs; a glob naming more is read by its first ones. */
const MATCH_LIMIT = 64;

/**
 * The paths an absolute glob names now, in the order bash lists them (by name, folder by folder).
 * A part JavaScript cannot read is taken to match every name, which can only add to what is read.
 */
export function globMatches(abs: string, dotglob: boolean): string[] {
  let paths = ['/'];
  for (const part of abs.split('/').filter(Boolean)) {
    paths = hasShellGlob(part) ? paths.flatMap((p) => namesIn(p).filter((n) => partMayMatch(part, n, dotglob)).map((n) => join(p, n))).slice(0, MATCH_LIMIT) : paths.map((p) => join(p, part));
  }
  return paths.filter((p) => existsSync(p));
}

/**
 * The files an operand names when the command runs: the word with what the guard knows expanded
 * (`$PWD`, `~`, a variable the command set), and a glob matched against the folders now. Bash runs
 * a glob's first match, but its order follows the locale, so every match is given. Null for a
 * word known only when it runs (`$f`).
 */
export function operandPaths(operand: string, scope: BashScope): string[] | null {
  const word = expand(operand, scope);
  if (/[$`]/.test(word)) return null;
  const abs = resolve(scope.cwd, word);
  return hasShellGlob(word) ? globMatches(abs, scope.dotglob === true) : [abs];
}

/**
 * Whether two absolute paths, either of which may hold glob parts, may name the same file: part by
 * part, each the same name or a glob that may match the other's (two globs are taken to meet).
 */
export function pathsMayMeet(a: string, b: string): boolean {
  const pa = a.split('/');
  const pb = b.split('/');
  return pa.length === pb.length && pa.every((x, k) => {
    const y = pb[k]!;
    const gx = hasShellGlob(x);
    const gy = hasShellGlob(y);
    return x === y || (gx && gy) || (gx && partMayMatch(x, y, true)) || (gy && partMayMatch(y, x, true));
  });
}

function namesIn(folder: string): string[] {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
}
