// What a command's words say to the guard, verb by verb: which are operands, which option names a
// file it writes, whether it copies folders whole, makes hard links, unpacks an archive, runs
// inline code, or is named only when it runs. Pure readings of words; where they point is for
// bashWrites.ts to decide.
import { gitCall } from '../core/findings/gitActions';
import { COPY, DESTROY, IN_PLACE, SHELLS, WRITE_ALL } from '../core/shell/verbs';

export function isWriteRedirect(op: string, target: string): boolean {
  const o = op.replace(/^\d+/, '');
  if (!o.includes('>')) return false;
  if (o === '>&' && /^(\d+|-)$/.test(target)) return false; // 2>&1: a descriptor, not a file
  return true;
}

export function operands(args: string[]): string[] {
  const out: string[] = [];
  let opts = true;
  for (const a of args) {
    if (opts && a === '--') {
      opts = false;
      continue;
    }
    if (opts && a.startsWith('-') && a !== '-') continue;
    out.push(a);
  }
  return out;
}

export const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/**
 * A command name the shell works out only when it runs: a parameter or substitution (`$x`,
 * `$(echo rm)`) or a glob (`/bin/r?`, `/usr/bin/r[m]`). The guard cannot tell what such a command
 * does. `[` and `[[` are commands of their own, not globs.
 */
export function namedAtRunTime(verb: string): boolean {
  return /[$`*?]/.test(verb) || /\[[^\]]*\]/.test(verb);
}

/** `rsync`, and `cp` or `scp` with -r, -R, -a or their long names: folders are copied whole. */
export function copiesFolders(verb: string, args: readonly string[]): boolean {
  if (verb === 'rsync') return true;
  if (verb !== 'cp' && verb !== 'scp') return false;
  return args.some((a) => a === '--recursive' || a === '--archive' || (/^-[A-Za-z]+$/.test(a) && /[rRa]/.test(a)));
}

/** Short output options by verb (`sort -o F`, `curl -o F`, `wget -O F`); every verb's `--output…`/`--out…` long options too. */
const OUTPUT_SHORT: Readonly<Record<string, readonly string[]>> = { sort: ['-o'], curl: ['-o'], wget: ['-O', '-o'], uniq: [], gcc: ['-o'], cc: ['-o'], clang: ['-o'] };

/** The files a command is told to write by an option (`sort -o F`, `--output=F`, `--outfile F`). */
export function outputValues(verb: string, args: readonly string[]): string[] {
  const short = OUTPUT_SHORT[verb] ?? [];
  const out: string[] = [];
  args.forEach((a, k) => {
    const next = args[k + 1];
    if (/^--out[\w-]*=/.test(a)) out.push(a.slice(a.indexOf('=') + 1));
    else if (/^--out[\w-]*$/.test(a) && next !== undefined) out.push(next);
    else if (short.includes(a) && next !== undefined) out.push(next);
    else if (short.some((o) => a.startsWith(o) && a.length > o.length && !a.startsWith('--'))) out.push(a.slice(2));
  });
  return out;
}

/** `ln` without -s, `link`, `cp -l`/`--link`: the new name is a hard link to the source. */
export function hardLinks(verb: string, args: readonly string[]): boolean {
  const short = (letter: string) => args.some((a) => /^-[A-Za-z]+$/.test(a) && a.includes(letter));
  if (verb === 'ln') return !args.includes('--symbolic') && !short('s');
  if (verb === 'link') return true;
  return verb === 'cp' && (args.includes('--link') || short('l'));
}

/** The folder `tar -x -C DIR` or `unzip -d DIR` unpacks into; null for anything else. */
export function extractInto(verb: string, args: readonly string[]): string | null {
  const valueOf = (short: string, long: string): string | null => {
    for (const [k, a] of args.entries()) {
      if (a === short || a === long) return args[k + 1] ?? null;
      if (a.startsWith(`${long}=`)) return a.slice(long.length + 1);
    }
    return null;
  };
  if (verb === 'unzip') return valueOf('-d', '--directory');
  const extracting = args.some((a, k) => a === '--extract' || a === '--get' || (/^-[A-Za-z]+$/.test(a) && a.includes('x')) || (k === 0 && /^[A-Za-z]+$/.test(a) && a.includes('x')));
  return extracting ? valueOf('-C', '--directory') : null;
}

/** Code given on the command line (python -c, node -e, perl -e, an awk program), which we cannot read. */
export function hasInlineCode(verb: string, args: string[]): boolean {
  if (/awk$/.test(verb)) return true;
  return args.some((a) => /^-[A-Za-z]*[ceEp]$/.test(a) || a === '--eval' || a === '--print' || a.startsWith('--eval='));
}

/**
 * Verbs that print lines of the files they are given (or of their standard input) as they are or
 * in part: piped into a shell, what they print is read from those files.
 */
export const PRINTS_FILES: ReadonlySet<string> = new Set(['cat', 'tac', 'head', 'tail', 'nl', 'sort', 'uniq', 'fold', 'expand', 'unexpand', 'fmt', 'cut', 'grep', 'egrep', 'fgrep', 'sed', 'tr']);

/**
 * Verbs that print, search, compare or send their words rather than run them (a pull request's
 * body, a query), and builtins that run none: a word given to them is text, never a command.
 */
export const TEXT_VERBS = new Set(['echo', 'printf', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'man', 'which', 'type', 'whatis', 'apropos', 'help', 'alias', 'history', 'logger', 'test', '[', '[[', 'expr', 'jq', 'cat', 'less', 'more', 'head', 'tail', 'wc', 'diff', 'cmp', 'comm', 'read', 'let', 'return', 'exit', 'popd', 'hash', 'set', 'shopt', 'unset', 'ulimit', 'umask', 'wait', 'jobs', 'kill', 'true', 'false', ':', 'for', 'case', 'in', 'esac', 'fi', 'done', 'gh', 'glab', 'hub', 'curl', 'wget', 'sqlite3', 'psql', 'mysql', 'notify-send']);

/** Verbs that write, remove or run what they are given: the base of both readings below and in bashWrites. */
export function writesWhatItIsGiven(verb: string): boolean {
  return DESTROY.has(verb) || WRITE_ALL.has(verb) || COPY.has(verb) || IN_PLACE.has(verb) || SHELLS.has(verb) || verb === 'dd';
}

/** Verbs whose reading finds writes: where a command the guard has no reading of hands on to one. */
export function readsWrites(verb: string): boolean {
  return writesWhatItIsGiven(verb) || ['find', 'tar', 'bsdtar', 'unzip', 'eval', 'source'].includes(verb);
}

// patch's options whose value is the next word (`-d sub`, `-p 1`): that word is no file operand.
const PATCH_VALUE: ReadonlySet<string> = new Set(['-d', '--directory', '-p', '--strip', '-o', '--output', '-r', '--reject-file', '-D', '--ifdef', '-F', '--fuzz', '-B', '--prefix', '-Y', '--basename-prefix', '-z', '--suffix', '-V', '--version-control']);

/**
 * The patch files a command applies: `patch -i f`, `patch orig f`, `git apply f…`, `git am f…`, or
 * the file on its standard input (`patch -p1 < f`).
 */
export function patchFiles(verb: string, args: readonly string[], stdin: string | undefined): string[] {
  if (verb === 'patch') {
    const k = args.findIndex((a) => a === '-i' || a === '--input' || /^(-i|--input=)./.test(a));
    if (k >= 0) return [args[k]!.length > 2 && args[k] !== '--input' ? args[k]!.replace(/^(-i|--input=)/, '') : (args[k + 1] ?? '')];
    const second = operands(args.filter((_, k) => !PATCH_VALUE.has(args[k - 1] ?? '')))[1];
    return second !== undefined ? [second] : stdin !== undefined ? [stdin] : [];
  }
  const sub = verb === 'git' ? gitCall(['git', ...args])?.sub : null;
  if (sub !== 'apply' && sub !== 'am') return [];
  const after = args.slice(args.indexOf(sub) + 1);
  const files = operands(after.filter((_, k) => after[k - 1] !== '--directory'));
  return files.length ? files : stdin !== undefined ? [stdin] : [];
}

/**
 * The files a patch writes, by the names its headers give (`diff --git a/x b/x`, `--- a/x`,
 * `+++ b/x`): each as written and without each of its leading folders, since `-pN` strips N of
 * them (`-p1` is git's default; `-p2` makes `a/x/.claude/settings.json` the settings).
 */
export function patchedPaths(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/^(?:diff --git a\/(\S+) b\/(\S+)|(?:\+\+\+|---|\*\*\*) (\S+))/gm)) {
    for (const name of [m[1], m[2], m[3]]) {
      if (name === undefined || name === '/dev/null') continue;
      names.add(name);
      for (let at = name.indexOf('/'); at >= 0 && at + 1 < name.length; at = name.indexOf('/', at + 1)) names.add(name.slice(at + 1));
    }
  }
  return [...names];
}

/**
 * Where a patch command applies its patch: the folder it changes to before anything else
 * (`patch -d dir`, `patch --directory=dir`, `git -C dir apply`), which its patch file and the
 * names in the patch are read from, and the folder `git apply --directory=root` puts before each
 * name.
 */
export function patchPlace(verb: string, args: readonly string[]): { dir: string | null; root: string | null } {
  if (verb === 'patch') {
    const k = args.findIndex((a) => a === '-d' || a === '--directory' || /^(-d|--directory=)./.test(a));
    if (k < 0) return { dir: null, root: null };
    return { dir: args[k]!.length > 2 && args[k] !== '--directory' ? args[k]!.replace(/^(-d|--directory=)/, '') : (args[k + 1] ?? null), root: null };
  }
  const call = verb === 'git' ? gitCall(['git', ...args]) : null;
  if (!call || (call.sub !== 'apply' && call.sub !== 'am')) return { dir: null, root: null };
  const after = args.slice(args.indexOf(call.sub) + 1);
  const k = after.findIndex((a) => a === '--directory' || a.startsWith('--directory='));
  const root = k < 0 ? null : after[k] === '--directory' ? (after[k + 1] ?? null) : after[k]!.slice('--directory='.length);
  return { dir: call.dir, root };
}
