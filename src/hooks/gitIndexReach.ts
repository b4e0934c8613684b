// `git stash`, `git checkout -- PATH` and `git restore PATH` put back what git's index (or HEAD)
// holds, so they reach only the files of the meter's that git tracks or has staged: with `.claude/`
// untracked, `git checkout -- .` leaves it as it is. Asked of git itself; when it cannot answer,
// or the command takes its files from elsewhere (another commit, untracked files), they may reach
// any, as the guard read them before.
import { findRepoRoot, indexedFiles } from '../workspace/git';
import type { GitAction } from '../core/findings/gitActions';
import { expand, knownWhenRun, located, type BashScope } from './bashScope';
import { isWithin, realish } from './protectedPaths';

/** Whether the discard puts back only what the index holds: no other commit, no untracked files. */
export function fromIndexOnly(a: Extract<GitAction, { kind: 'discard' }>, args: readonly string[]): boolean {
  if (a.sub === 'clean') return false;
  if (a.sub === 'stash') return !args.some((w) => /^(?:--include-untracked|--all|-[A-Za-z]*[ua][A-Za-z]*)$/.test(w));
  if (a.sub === 'restore') return !args.some((w) => /^(?:-s|--source(?:=.*)?|-[A-Za-z]*s[A-Za-z]*)$/.test(w));
  // `git checkout REV -- PATH` writes PATH as REV has it.
  const dd = args.indexOf('--');
  const sub = args.indexOf('checkout');
  return dd < 0 || args.slice(sub + 1, dd).every((w) => w.startsWith('-'));
}

/** Whether git's index holds a file of the meter's at or below `path`; true when git cannot say. */
export function indexReaches(path: string, scope: BashScope): boolean {
  if (knownWhenRun(path)) return true;
  const abs = located(expand(path, scope), scope);
  const root = findRepoRoot(scope.cwd);
  if (root === null) return true;
  const roots = [root, realish(root)];
  const mine = [...scope.prot.stateDirs, ...scope.prot.settingsFiles].filter((d) => [abs, realish(abs)].some((p) => isWithin(d, p)) && roots.some((r) => isWithin(d, r)));
  const files = indexedFiles(root, [...new Set(mine)]);
  return files === null || files.length > 0;
}
