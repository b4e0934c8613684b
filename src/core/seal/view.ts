// What the seal reads of a workspace, behind an interface, so the resolver and the counters stay
// pure: the workspace layer passes the real file system, the tests pass a map. Every read and
// listing is recorded, because what decided the dependency list must be watched as well as the
// dependencies: a jest.config.js created later changes what `npm test` loads.
import { dirOf, normPath } from './paths';

export interface DirEntry {
  name: string;
  dir: boolean;
}

export interface WorkspaceView {
  /** A file's text, or null when there is no such file (or it is a folder). */
  read(path: string): string | null;
  /** A folder's entries, or null when there is no such folder. */
  list(dir: string): DirEntry[] | null;
  /**
   * Where a symbolic link points (its text, as readlink gives it), or null when the path is no link.
   * Optional: a view without links reads every path as a plain file.
   */
  link?(path: string): string | null;
}

export interface RecordingView extends WorkspaceView {
  /** Every file path read, present or not. */
  readonly reads: Set<string>;
  /** Every folder listed. */
  readonly lists: Set<string>;
}

/** Reads through `view` once per path and remembers what was asked. */
export function recordingView(view: WorkspaceView): RecordingView {
  const reads = new Set<string>();
  const lists = new Set<string>();
  const files = new Map<string, string | null>();
  const dirs = new Map<string, DirEntry[] | null>();
  return {
    reads,
    lists,
    read(path) {
      reads.add(path);
      if (!files.has(path)) files.set(path, view.read(path));
      return files.get(path)!;
    },
    list(dir) {
      lists.add(dir);
      if (!dirs.has(dir)) dirs.set(dir, view.list(dir));
      return dirs.get(dir)!;
    },
    // Not recorded: the link's own path is read (and so watched) by whoever follows it.
    link: (path) => view.link?.(path) ?? null,
  };
}

/** A workspace held in memory: path → text. Folders are implied by the paths; `links` maps a link's path to its text (the file it names must be in `files` too to be read through it). */
export function memoryView(files: Readonly<Record<string, string>>, links: Readonly<Record<string, string>> = {}): WorkspaceView {
  const map = new Map<string, string>();
  const dirs = new Map<string, Map<string, boolean>>();
  const addEntry = (dir: string, name: string, isDir: boolean) => {
    let d = dirs.get(dir);
    if (!d) dirs.set(dir, (d = new Map<string, boolean>()));
    if (!d.has(name) || isDir) d.set(name, isDir);
  };
  for (const [raw, text] of Object.entries(files)) {
    const path = normPath(raw);
    if (path === null || path === '.') continue;
    map.set(path, text);
    let child = path;
    let isDir = false;
    for (;;) {
      const parent = dirOf(child);
      addEntry(parent, child.slice(parent === '.' ? 0 : parent.length + 1), isDir);
      if (parent === '.') break;
      child = parent;
      isDir = true;
    }
  }
  return {
    link: (path) => links[path] ?? null,
    read: (path) => map.get(path) ?? null,
    list: (dir) => {
      const d = dirs.get(dir);
      return d ? [...d].map(([name, dir]) => ({ name, dir })).sort((a, b) => (a.name < b.name ? -1 : 1)) : null;
    },
  };
}
