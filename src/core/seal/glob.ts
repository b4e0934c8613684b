// Enough of glob for the patterns test runners are given: `*`, `**`, `?`, `[…]`, `{a,b}` and the
// extglobs jest's defaults use (`?(…)`, `+(…)`, `*(…)`, `@(…)`). Written here rather than taken
// from picomatch or minimatch: both would sit in the CLI bundle that the status line starts on
// every call, and the seal needs only to list files, never to match user input at scale.
import { joinPath } from './paths';
import type { WorkspaceView } from './view';

/** Folders no runner looks in by default and the seal never walks. */
export const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out', 'build', 'coverage', 'target', 'vendor', 'venv', '.venv', '__pycache__', '.tox', '.cache', '.claude', '.next', '.nuxt']);

/** Walks stop here: a proof that would select more files than this is summarised by what was seen. */
export const WALK_LIMIT = 20_000;

export function hasGlob(pattern: string): boolean {
  return /[*?[{]/.test(pattern);
}

export function globToRegExp(pattern: string): RegExp {
  // An unbalanced `{` or `(`: the pattern is taken as the literal path it spells.
  return globPattern(pattern) ?? new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * The pattern as a regular expression over a path, or null when JavaScript cannot read what it
 * makes of it (an unbalanced `{` or `(`, a bracket range out of order such as `[z-a]`).
 */
export function globPattern(pattern: string): RegExp | null {
  let re = '';
  let depth = 0;
  const groups: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const next = pattern[i + 1];
    if ('?+*@!'.includes(c) && next === '(') {
      groups.push(c);
      re += c === '!' ? '(?:(?!' : '(?:';
      i++;
      continue;
    }
    if (c === ')' && groups.length) {
      const g = groups.pop()!;
      re += g === '!' ? ')[^/]*?)' : g === '@' ? ')' : ')' + g;
      continue;
    }
    if (c === '|' && groups.length) {
      re += '|';
      continue;
    }
    if (c === '*') {
      if (next === '*') {
        // `**/` is any number of folders, a trailing `**` is anything.
        const slash = pattern[i + 2] === '/';
        re += slash ? '(?:[^/]*/)*' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
      continue;
    }
    if (c === '?') {
      re += '[^/]';
      continue;
    }
    if (c === '[') {
      // `[!…]` and `[^…]` negate; a `]` first in the bracket is itself, as is an unclosed `[`.
      const open = next === '!' || next === '^' ? i + 2 : i + 1;
      const bracket = bracketClass(pattern, open);
      if (bracket === null) return null;
      if (bracket) {
        re += `[${open === i + 2 ? '^' : ''}${bracket.body}]`;
        i = bracket.end;
        continue;
      }
    }
    if (c === '{') {
      depth++;
      re += '(?:';
      continue;
    }
    if (c === '}' && depth) {
      depth--;
      re += ')';
      continue;
    }
    if (c === ',' && depth) {
      re += '|';
      continue;
    }
    re += c.replace(/[.+^${}()|[\\\]]/g, '\\$&');
  }
  try {
    return new RegExp(`^${re}$`);
  } catch {
    return null;
  }
}

/** What POSIX character classes hold, as JavaScript bracket text (ASCII, as bash in the C locale reads them). */
const POSIX_CLASSES: Record<string, string> = {
  alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v', blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f', word: 'A-Za-z0-9_', print: ' -~', graph: '!-~', cntrl: '\\x00-\\x1f\\x7f',
};

/**
 * A bracket's body from just after `[` (or `[!`) to its closing `]`, as JavaScript bracket text:
 * `[:alpha:]`, `[=x=]` and `[.x.]` inside it are read as bash reads them, so `proofmete[[:alpha:]]`
 * is `proofmeter`'s pattern and not a bracket of `[:alph` followed by `]`. Undefined for a `[` the
 * pattern never closes (it is itself), null for a class JavaScript cannot say (`[:foo:]`).
 */
function bracketClass(pattern: string, open: number): { body: string; end: number } | null | undefined {
  let body = '';
  for (let j = open; j < pattern.length; j++) {
    const c = pattern[j]!;
    if (c === ']' && j > open) return { body, end: j };
    const inner = c === '[' ? /^\[([:=.])(.*?)\1\]/.exec(pattern.slice(j)) : null;
    if (inner) {
      const [whole, kind, name = ''] = inner;
      const text = kind === ':' ? POSIX_CLASSES[name] : name.replace(/[\\\]^-]/g, '\\$&');
      if (text === undefined) return null;
      body += text;
      j += whole.length - 1;
    } else body += c.replace(/[\\\]^[]/g, '\\$&');
  }
  return undefined;
}

/** The folder part of a pattern before its first glob character: where a walk for it starts. */
export function globBase(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const p of parts.slice(0, -1)) {
    if (hasGlob(p)) break;
    fixed.push(p);
  }
  return fixed.length ? fixed.join('/') : '.';
}

/** Every file under `dir` (workspace paths), skipping SKIP_DIRS and dot-folders, at most WALK_LIMIT. */
export function walkFiles(view: WorkspaceView, dir: string, opts: { dotDirs?: boolean } = {}): string[] {
  const out: string[] = [];
  const queue = [dir];
  while (queue.length && out.length < WALK_LIMIT) {
    const d = queue.shift()!;
    const entries = view.list(d);
    if (!entries) continue;
    for (const e of entries) {
      const path = d === '.' ? e.name : `${d}/${e.name}`;
      if (e.dir) {
        if (SKIP_DIRS.has(e.name) || (!opts.dotDirs && e.name.startsWith('.'))) continue;
        queue.push(path);
      } else out.push(path);
    }
  }
  return out.sort();
}

/** The files a glob (read from folder `cwd`) selects; a plain path selects itself when it is a file. */
export function expandGlob(view: WorkspaceView, pattern: string, cwd: string): string[] {
  const abs = joinPath(cwd, pattern.replace(/^\.\//, ''));
  if (abs === null) return [];
  if (!hasGlob(pattern)) return view.read(abs) !== null ? [abs] : [];
  const re = globToRegExp(abs);
  return walkFiles(view, globBase(abs)).filter((p) => re.test(p));
}
