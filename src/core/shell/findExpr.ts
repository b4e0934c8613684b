// What a `find` command can reach, from its words: the roots it walks and, for each branch of its
// expression (the and-chains `-o` joins), the `-name`/`-path` tests a path must pass before the
// branch acts on it, and whether the branch prunes. The guard asks of a path of the meter's whether
// find may act on it (delete it, hand it to -exec, print it down a pipe); a test the reading does
// not take apart is read as one the path may pass, so the answer errs towards "may".

export interface FindItem {
  kind: 'name' | 'path' | 'other' | 'action';
  /** For name and path: the pattern as a regular expression; for an action: its name (`-delete`, `-exec`). */
  pattern?: RegExp;
  action?: string;
  /** For -exec and its kin: the command it runs, up to its `;` or `+`. */
  run?: string[];
}

export interface FindExpr {
  roots: string[];
  /** The and-chains joined by `-o`, in order. */
  branches: FindItem[][];
  /** -delete and -depth visit a folder's content first, so -prune has no effect. */
  depthFirst: boolean;
}

/** find's own options before the roots. */
const LEADING = /^-(?:[HLP]|O\d?)$/;
/** Options that hold for every path and filter nothing. */
const NEUTRAL = new Set(['-a', '-and', '-depth', '-d', '-xdev', '-mount', '-follow', '-noleaf', '-ignore_readdir_race', '-noignore_readdir_race', '-daystart', '-nowarn', '-warn', '-true']);
const NEUTRAL_VALUED = new Set(['-maxdepth', '-mindepth', '-regextype']);
/** Tests that take a value and may pass any path, for all the reading knows. */
const OTHER_VALUED = new Set(['-type', '-xtype', '-size', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-user', '-group', '-perm', '-links', '-inum', '-samefile', '-fstype', '-uid', '-gid', '-used', '-regex', '-iregex', '-lname', '-ilname', '-context']);
const NAME = new Set(['-name', '-iname']);
const PATH = new Set(['-path', '-ipath', '-wholename', '-iwholename']);
const EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const ACTIONS = new Set(['-delete', '-print', '-print0', '-ls', '-prune', '-quit']);
const ACTIONS_VALUED = new Set(['-printf', '-fprint', '-fprint0', '-fprintf', '-fls']);
/** Operators the reading does not take apart: negation, grouping, the comma. */
const UNREAD = new Set(['!', '-not', '(', ')', ',']);

/** fnmatch without flags, as find matches: `*` and `?` match `/` and a leading dot too. */
export function findPattern(pattern: string, ignoreCase: boolean): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') re += '[^]*';
    else if (c === '?') re += '[^]';
    else if (c === '\\' && i + 1 < pattern.length) re += escape(pattern[++i]!);
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) {
        re += '\\[';
        continue;
      }
      const body = pattern.slice(i + 1, end);
      re += `[${body.startsWith('!') || body.startsWith('^') ? '^' + body.slice(1).replace(/[\\\]^]/g, '\\$&') : body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else re += escape(c);
  }
  try {
    return new RegExp(`^${re}$`, ignoreCase ? 'i' : '');
  } catch {
    // A class JavaScript cannot read ([z-a]): may match anything.
    return /^[^]*$/;
  }
}

function escape(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The reading of find's words (after `find`), or null when its expression negates or groups. */
export function readFind(args: readonly string[]): FindExpr | null {
  let k = 0;
  while (k < args.length && (LEADING.test(args[k]!) || args[k] === '-D')) k += args[k] === '-D' ? 2 : 1;
  const roots: string[] = [];
  while (k < args.length && !args[k]!.startsWith('-') && !UNREAD.has(args[k]!)) roots.push(args[k++]!);
  const branches: FindItem[][] = [[]];
  let depthFirst = false;
  for (; k < args.length; k++) {
    const a = args[k]!;
    const branch = branches[branches.length - 1]!;
    if (UNREAD.has(a)) return null;
    if (a === '-o' || a === '-or') branches.push([]);
    else if (NEUTRAL.has(a)) depthFirst ||= a === '-depth' || a === '-d';
    else if (NEUTRAL_VALUED.has(a)) k++;
    else if (NAME.has(a) || PATH.has(a)) branch.push({ kind: NAME.has(a) ? 'name' : 'path', pattern: findPattern(args[++k] ?? '', a.startsWith('-i')) });
    else if (EXEC.has(a)) {
      const end = args.findIndex((w, i) => i > k && (w === ';' || w === '+'));
      const stop = end < 0 ? args.length : end;
      branch.push({ kind: 'action', action: a, run: args.slice(k + 1, stop) });
      k = stop;
    } else if (ACTIONS.has(a) || ACTIONS_VALUED.has(a)) {
      depthFirst ||= a === '-delete';
      branch.push({ kind: 'action', action: a });
      if (ACTIONS_VALUED.has(a)) k++;
    } else {
      branch.push({ kind: 'other' });
      if (OTHER_VALUED.has(a)) k++;
    }
  }
  return { roots, branches, depthFirst };
}

/** Whether the path (as find prints it) passes every name and path test before `upTo` in the chain. */
function passes(items: readonly FindItem[], printed: string, upTo = items.length): boolean {
  const base = printed.replace(/\/+$/, '').split('/').pop() ?? printed;
  return items.slice(0, upTo).every((t) => (t.kind === 'name' ? t.pattern!.test(base) : t.kind === 'path' ? t.pattern!.test(printed) : true));
}

/** A chain that surely holds for a path: every test is a name or path test it passes, and no action may fail. */
function surely(items: readonly FindItem[], printed: string): boolean {
  return items.every((t) => t.kind === 'name' || t.kind === 'path' || (t.kind === 'action' && !EXEC.has(t.action!))) && passes(items, printed);
}

/**
 * Whether find may do one of the acts `acts` picks (`-delete`, an -exec that writes, a print) on the
 * path it prints as `printed`: a branch reaches that action on it, and no branch before surely
 * held for it (find stops at the first that holds).
 */
export function mayActOn(expr: FindExpr, printed: string, acts: (item: FindItem) => boolean): boolean {
  for (const items of expr.branches) {
    const at = items.findIndex((t) => t.kind === 'action' && acts(t));
    if (at >= 0 && passes(items, printed, at)) return true;
    if (surely(items, printed)) return false;
  }
  return false;
}

/** Whether find surely prunes the folder it prints as `printed`, so never walks into it. */
export function prunes(expr: FindExpr, printed: string): boolean {
  if (expr.depthFirst) return false;
  for (const items of expr.branches) {
    if (surely(items, printed)) return items.some((t) => t.action === '-prune');
    // A branch that may hold may stop find before a later one prunes.
    if (passes(items, printed)) return false;
  }
  return false;
}

/** Whether the expression has no action at all: find then prints every path it holds for. */
export function printsByDefault(expr: FindExpr): boolean {
  return expr.branches.every((items) => items.every((t) => t.kind !== 'action'));
}

/** Whether the expression may hold for the path: with no action, find prints it then. */
export function mayHold(expr: FindExpr, printed: string): boolean {
  return expr.branches.some((items) => passes(items, printed));
}
