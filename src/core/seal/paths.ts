// Workspace paths as the seal keeps them: relative to the workspace root, `/`-separated, with no
// `.` or `..` parts, so the same file always has the same key whichever command named it. Paths
// that climb out of the workspace are not the workspace's and come back as null.

/** `a/./b/../c` is `a/c`; `./x` is `x`; the root is `.`; a path above the root is null. */
export function normPath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.length ? out.join('/') : '.';
}

/** `rel` read from folder `dir` (both workspace paths); an absolute `rel` is outside the workspace. */
export function joinPath(dir: string, rel: string): string | null {
  if (rel.startsWith('/') || rel.startsWith('~') || /^[A-Za-z]:[\\/]/.test(rel)) return null;
  return normPath(dir === '.' ? rel : `${dir}/${rel}`);
}

export function dirOf(path: string): string {
  const k = path.lastIndexOf('/');
  return k < 0 ? '.' : path.slice(0, k);
}

export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The folders from `dir` up to the root, `dir` first. */
export function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d: string = dir; ; d = dirOf(d)) {
    out.push(d);
    if (d === '.') return out;
  }
}
