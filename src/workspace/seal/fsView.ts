// The seal's view of the real workspace: files read once and kept as bytes (the snapshot hashes
// exactly what the resolver read), folders listed without following symbolic links (a link to a
// parent folder would loop a walk).
import { lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DirEntry, WorkspaceView } from '../../core/seal/view';

export interface FsView extends WorkspaceView {
  /** The bytes read for a path, or null when it is no file. */
  bytes(path: string): Buffer | null;
}

export function fsView(root: string): FsView {
  const cache = new Map<string, Buffer | null>();
  const bytes = (path: string): Buffer | null => {
    if (cache.has(path)) return cache.get(path)!;
    let b: Buffer | null = null;
    try {
      const full = join(root, path);
      if (statSync(full).isFile()) b = readFileSync(full);
    } catch {
      b = null;
    }
    cache.set(path, b);
    return b;
  };
  return {
    bytes,
    read: (path) => bytes(path)?.toString('utf8') ?? null,
    // A runner's bin is a link into its package (node_modules/.bin/mocha → ../mocha/bin/mocha.js): where it points says which package runs.
    link: (path) => {
      try {
        const full = join(root, path);
        return lstatSync(full).isSymbolicLink() ? readlinkSync(full) : null;
      } catch {
        return null;
      }
    },
    list: (dir): DirEntry[] | null => {
      try {
        return readdirSync(join(root, dir), { withFileTypes: true })
          .map((e) => ({ name: e.name, dir: e.isDirectory() }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      } catch {
        return null;
      }
    },
  };
}
