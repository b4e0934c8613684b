// What a git command does that the meter cares about: skip the repository's hooks, rewrite
// history, or throw away work in the tree. One reading for the guard (which denies them) and for
// the findings read from the session's own commands (which report them after the fact).
import { stripPrefix, verbName } from '../shell/verbs';

export type GitAction =
  /** The commit or push runs without the repository's hooks. */
  | { kind: 'no-verify'; what: string }
  /** History the remote or the branch had is gone. */
  | { kind: 'force-push'; what: string }
  | { kind: 'reset-hard'; what: string }
  /** Work in the tree is replaced or removed; `paths` are the operands, empty for the whole tree. */
  | { kind: 'discard'; what: string; sub: 'checkout' | 'restore' | 'stash' | 'clean'; paths: string[] };

export interface GitCall {
  /** `-C DIR` given to git, when there was one. */
  dir: string | null;
  sub: string | null;
  actions: GitAction[];
}

/** git's own options before the subcommand that take the next word. */
const GIT_ARG = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env']);

/** Short options clustered in one word (`-anm`), up to one that takes the rest of the word as its value. */
function shortFlags(word: string, takesValue: string): string[] {
  if (!/^-[A-Za-z]/.test(word) || word.startsWith('--')) return [];
  const out: string[] = [];
  for (const c of word.slice(1)) {
    out.push(c);
    if (takesValue.includes(c)) break;
  }
  return out;
}

function operandsAfter(args: readonly string[], valued: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let opts = true;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (opts && a === '--') {
      opts = false;
      continue;
    }
    if (opts && a.startsWith('-') && a !== '-') {
      if (valued.has(a)) k++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** Operands after a `--`, or null when there is none. */
function afterDashDash(args: readonly string[]): string[] | null {
  const k = args.indexOf('--');
  return k >= 0 ? args.slice(k + 1) : null;
}

function commitActions(args: readonly string[]): GitAction[] {
  const skips = args.some((a) => a === '--no-verify' || shortFlags(a, 'mFCctuS').includes('n'));
  return skips ? [{ kind: 'no-verify', what: 'git commit --no-verify' }] : [];
}

function pushActions(args: readonly string[]): GitAction[] {
  const out: GitAction[] = [];
  if (args.includes('--no-verify')) out.push({ kind: 'no-verify', what: 'git push --no-verify' });
  const force = args.some((a) => a === '--force' || a.startsWith('--force-with-lease') || a === '--mirror' || shortFlags(a, 'o').includes('f'));
  const plusRef = operandsAfter(args, new Set(['-o', '--push-option', '--repo', '--receive-pack', '--exec'])).slice(1).some((r) => r.startsWith('+'));
  if (force || plusRef) out.push({ kind: 'force-push', what: 'git push --force' });
  return out;
}

function discard(sub: 'checkout' | 'restore' | 'stash' | 'clean', args: readonly string[], valued: ReadonlySet<string>): GitAction {
  return { kind: 'discard', what: `git ${sub}`, sub, paths: afterDashDash(args) ?? operandsAfter(args, valued) };
}

function subActions(sub: string, args: readonly string[]): GitAction[] {
  switch (sub) {
    case 'commit':
      return commitActions(args);
    case 'push':
      return pushActions(args);
    case 'reset':
      return args.includes('--hard') ? [{ kind: 'reset-hard', what: 'git reset --hard' }] : [];
    case 'checkout': {
      // `git checkout main` switches branches; with `--`, or an operand that is a path, it overwrites files.
      const dd = afterDashDash(args);
      if (dd) return [{ kind: 'discard', what: 'git checkout --', sub: 'checkout', paths: dd.length ? dd : ['.'] }];
      const ops = operandsAfter(args, new Set(['-b', '-B', '--orphan', '--conflict', '--pathspec-from-file']));
      return ops.length ? [{ kind: 'discard', what: 'git checkout', sub: 'checkout', paths: ops }] : [];
    }
    case 'restore': {
      // --staged alone changes the index only; the work tree is untouched.
      const staged = args.some((a) => a === '--staged' || shortFlags(a, 's').includes('S'));
      const tree = args.some((a) => a === '--worktree' || shortFlags(a, 's').includes('W'));
      if (staged && !tree) return [];
      return [discard('restore', args, new Set(['-s', '--source', '--pathspec-from-file']))];
    }
    case 'stash': {
      const verb = args[0] && !args[0].startsWith('-') ? args[0] : 'push';
      if (verb !== 'push' && verb !== 'save') return [];
      const rest = verb === args[0] ? args.slice(1) : args;
      // `git stash save MESSAGE` takes a message, not paths.
      const paths = verb === 'save' ? [] : afterDashDash(rest) ?? operandsAfter(rest, new Set(['-m', '--message', '--pathspec-from-file']));
      return [{ kind: 'discard', what: 'git stash', sub: 'stash', paths }];
    }
    case 'clean': {
      const force = args.some((a) => a === '--force' || shortFlags(a, 'e').includes('f'));
      const dry = args.some((a) => a === '--dry-run' || shortFlags(a, 'e').includes('n'));
      return force && !dry ? [discard('clean', args, new Set(['-e', '--exclude']))] : [];
    }
    default:
      return [];
  }
}

/** The git call in one simple command's words (wrappers and assignments skipped), or null when it is not git. */
export function gitCall(words: readonly string[]): GitCall | null {
  const w = stripPrefix(words);
  if (w[0] === undefined || verbName(w[0]) !== 'git') return null;
  let k = 1;
  let dir: string | null = null;
  const actions: GitAction[] = [];
  while (k < w.length && w[k]!.startsWith('-')) {
    const opt = w[k]!;
    const value = GIT_ARG.has(opt) ? w[k + 1] : opt.includes('=') ? opt.slice(opt.indexOf('=') + 1) : undefined;
    if (opt === '-C' && value !== undefined) dir = dir === null ? value : `${dir}/${value}`;
    // `git -c core.hooksPath=/dev/null commit`: the hooks are skipped as surely as with --no-verify.
    if ((opt === '-c' && value && /^core\.hookspath=/i.test(value)) || /^-ccore\.hookspath=/i.test(opt)) actions.push({ kind: 'no-verify', what: 'git -c core.hooksPath' });
    k += GIT_ARG.has(opt) ? 2 : 1;
  }
  const sub = w[k] ?? null;
  if (sub !== null) actions.push(...subActions(sub, w.slice(k + 1)));
  return { dir, sub, actions };
}

/** A path that names tests by the usual conventions (test/, tests/, __tests__/, spec/, *.test.*, *_test.*, test_*.py). */
export function looksLikeTest(path: string): boolean {
  return /(^|\/)(tests?|__tests__|specs?|e2e)(\/|$)|\.(test|spec)\.[A-Za-z0-9]+$|_(test|spec)\.[A-Za-z0-9]+$|(^|\/)test_[^/]*\.py$/i.test(path);
}
