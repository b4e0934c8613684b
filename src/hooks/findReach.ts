// Whether a `find` reaches the meter's files with what it does: deletes them, hands them to an
// -exec that writes, or prints them to a pipe that writes (`| xargs rm`). find walks what is on
// disk, so the paths asked about are the real ones: the folders from each root down to a
// protected path, and what that path holds now (core/shell/findExpr.ts reads the expression).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mayActOn, mayHold, printsByDefault, prunes, readFind, type FindExpr, type FindItem } from '../core/shell/findExpr';
import { expand, knownWhenRun, located, type BashScope } from './bashScope';
import { classifyPath, isWithin, realish, type PathKind } from './protectedPaths';

/** What find is read as doing: acting (delete, -exec) or printing to a pipe. */
export type FindUse = { acts: (item: FindItem) => boolean } | 'print';

/** The most entries of a protected folder looked at by name; past it any name may be there. */
const LISTED = 2000;

/** The paths of a folder's tree, the folder first; null past LISTED. */
function treeOf(dir: string): string[] | null {
  const out = [dir];
  for (let k = 0; k < out.length; k++) {
    let names: string[];
    try {
      names = readdirSync(out[k]!);
    } catch {
      continue;
    }
    for (const n of names) out.push(join(out[k]!, n));
    if (out.length > LISTED) return null;
  }
  return out;
}

/** The folders from `root` down to `target`, both included. */
function chain(root: string, target: string): string[] {
  const parts = relative(root, target).split('/').filter(Boolean);
  return [root, ...parts.map((_, k) => join(root, ...parts.slice(0, k + 1)))];
}

const PRINTS = new Set(['-print', '-print0', '-printf', '-ls']);

export interface FindHit {
  /** The path of the meter's find may reach, absolute. */
  path: string;
  kind: PathKind;
}

/**
 * The first path of the meter's the find may act on or print, or null when none can be among what
 * it reaches; `unread` (a root known only when it runs, an expression that negates or groups) when
 * the reading cannot tell, for the caller to read the roots as before.
 */
export function findReach(args: readonly string[], use: FindUse, scope: BashScope): FindHit | 'unread' | null {
  const expr = readFind(args);
  if (!expr || expr.roots.some(knownWhenRun)) return 'unread';
  const acts = (items: FindExpr, printed: string) =>
    use === 'print' ? (printsByDefault(items) ? mayHold(items, printed) : mayActOn(items, printed, (t) => PRINTS.has(t.action ?? ''))) : mayActOn(items, printed, use.acts);
  const { stateDirs, settingsFiles, managedDirs, recordDirs } = scope.prot;
  const targets = [...stateDirs, ...settingsFiles, ...managedDirs, ...recordDirs];
  for (const rootWord of expr.roots.length ? expr.roots : ['.']) {
    const given = located(expand(rootWord, scope), scope);
    // Everything under a root inside the meter's files is the meter's.
    const inside = classifyPath(given, scope.prot, 'write');
    if (inside) return { path: given, kind: inside };
    const shownRoot = rootWord.length > 1 ? rootWord.replace(/\/+$/, '') : rootWord;
    const printedOf = (root: string, p: string) => (p === root ? rootWord : `${shownRoot}/${relative(root, p)}`);
    for (const root of new Set([given, realish(given)])) {
      for (const t of targets.filter((d) => d !== root && isWithin(d, root))) {
        const way = chain(root, t);
        // find never walks into a folder it prunes on the way.
        if (way.slice(0, -1).some((p) => prunes(expr, printedOf(root, p)))) continue;
        const tree = treeOf(t);
        if (tree === null) return { path: t, kind: classifyPath(t, scope.prot, 'write') ?? 'state' };
        const below = tree.length > 1 && prunes(expr, printedOf(root, t)) ? [t] : tree;
        for (const p of [...way, ...below.slice(1)]) {
          if (acts(expr, printedOf(root, p))) return { path: p, kind: classifyPath(p, scope.prot, 'destroy') ?? 'state' };
        }
      }
    }
  }
  return null;
}
