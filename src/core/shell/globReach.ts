// Where a path with glob characters can point, for the guard: the shell expands the glob before the
// command sees it, so `src/*/../../.claude/proofmeter` is `.claude/proofmeter` once `src/` has any
// subfolder. Cutting the path at its first glob character (and reading `src/`) lets that through.
// Braces are expanded before this (core/shell/braces), as bash does, so none is left to read here.
import { globPattern } from '../seal/glob';

/** `*`, `?`, `[` or an extglob group (`@(…)`, `!(…)`, `+(…)`; `*(…)` and `?(…)` start with the first two). */
const GLOB = /[*?[]|[@!+]\(/;

/** Whether bash may expand the text into names: it holds a glob character or an extglob group. */
export function hasShellGlob(text: string): boolean {
  return GLOB.test(text);
}

/**
 * Whether a glob part may match a name that starts with a dot: a dot written out, or (read
 * generously) a bracket or an extglob group, whose alternatives may start with one (bash matches
 * `.claude` with `@(.claude)`).
 */
export function mayMatchDotName(part: string): boolean {
  return /^(?:[.[]|[?*+@!]\()/.test(part);
}

/** What a path can reach once its globs are expanded. */
export interface GlobReach {
  /** The path with no glob character in it: the one path meant, or the folder everything it can reach is in. */
  path: string;
  /** True when `path` is a folder whose content the glob may name (the guard reads it as removing that folder). */
  within: boolean;
  /**
   * The glob part right below `path`, when what the glob names there is that part's matches (no
   * `..` may climb back out of them): `*.log` for `*.log`, the first part with a glob for a longer path.
   */
  part?: string;
}

/**
 * A `*`, `?` or `[…]` part matches exactly one name, so a later `..` climbs back out of it and the
 * two fold away like a name and `..`. A `**` part may match any number of names: a `..` after it
 * can climb as far as the path before it, so the reach is that far up, and everything below it;
 * so too a part like `.*` that may match `..` itself. A path without glob characters is returned
 * as it is.
 */
export function globReach(path: string): GlobReach {
  if (!GLOB.test(path)) return { path, within: false };
  const rooted = path.startsWith('/');
  const kept: string[] = [];
  const parts = path.split('/');
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part === '' || part === '.') continue;
    if (part !== '..' && !(mayBeDotDot(part) && k < parts.length - 1)) {
      kept.push(part);
      continue;
    }
    if (part !== '..') {
      // `.*` matches `..` in a bash without globskipdots: what follows may be read from one folder up.
      climb(kept, rooted);
      return folder(kept, rooted);
    }
    const top = kept[kept.length - 1];
    if (top === '**') {
      // The `**` may have matched nothing: the `..` then climbs out of what was before it.
      kept.pop();
      climb(kept, rooted);
      return folder(kept, rooted);
    }
    climb(kept, rooted);
  }
  const first = kept.findIndex((p) => GLOB.test(p));
  if (first < 0) return { path: joined(kept, rooted), within: false };
  return { ...folder(kept.slice(0, first), rooted), part: kept[first] };
}

/**
 * Whether one glob part may match a name in a folder. A leading dot is matched only by a dot
 * written out (or, read generously, a bracket or an extglob group), as bash matches it unless
 * `dotglob` is set; a part
 * JavaScript cannot read may match anything.
 */
export function partMayMatch(part: string, name: string, dotglob: boolean): boolean {
  if (name.startsWith('.') && !dotglob && !mayMatchDotName(part)) return false;
  const pattern = globPattern(part);
  return pattern === null || pattern.test(name);
}

/**
 * A glob part that may match `..` itself. A name's leading dot is matched only by a dot written
 * out (or, read generously, a bracket or an extglob group that may hold one), so only such parts are tried. A bracket
 * class (`[[:punct:]]`, `[[=.=]]`, `[[.period.]]`) or a bracket JavaScript cannot read (`.[!z-a]`,
 * which bash reads as any character) is read as one that may hold the dots.
 */
function mayBeDotDot(part: string): boolean {
  if (!GLOB.test(part) || !mayMatchDotName(part)) return false;
  if (/\[[:=.]/.test(part)) return true;
  const pattern = globPattern(part);
  return pattern === null || pattern.test('..');
}

function climb(kept: string[], rooted: boolean): void {
  const top = kept[kept.length - 1];
  if (top !== undefined && top !== '..') kept.pop();
  else if (!rooted) kept.push('..');
}

function folder(kept: readonly string[], rooted: boolean): GlobReach {
  return { path: joined(kept, rooted), within: true };
}

function joined(kept: readonly string[], rooted: boolean): string {
  const text = kept.join('/');
  return rooted ? `/${text}` : text || '.';
}
