// Every file the meter writes goes through here: write a temp file beside it, then rename, so a
// reader (a hook, the extension) never sees half a file and a crash never leaves one.
// writeFileAtomic is for the meter's own files; writeUserFileAtomic is for files the person owns
// (their settings files), which must stay the same file: a rename alone would turn a symlink into
// a plain copy, split a hard link, and reset the mode and owner.
import { closeSync, fchmodSync, fchownSync, fsyncSync, ftruncateSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface Owner {
  uid: number;
  gid: number;
}

export interface WriteOptions {
  /** The new file's exact mode. Without it, a new file's usual mode (0666 less the umask). */
  mode?: number;
  /** Given to the new file when running as root, so a file root writes for someone stays theirs. */
  owner?: Owner;
  /** fsync before the rename: for files whose loss would cost the person something. */
  sync?: boolean;
}

export function writeFileAtomic(path: string, data: string | Uint8Array, opts: WriteOptions = {}): void {
  mkdirSync(dirname(path), { recursive: true });
  replaceByRename(path, typeof data === 'string' ? Buffer.from(data, 'utf8') : data, opts);
}

/**
 * Writes a file the person owns and keeps it the same file: a symlink is written through to its
 * real target (a dangling one too), and the mode and owner are carried over to the new file.
 */
export function writeUserFileAtomic(path: string, data: string | Uint8Array): void {
  const target = resolveLinks(path);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const st = lstatOrNull(target);
  if (st && !st.isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'EISDIR' });
  if (st && st.nlink > 1) {
    // A rename cannot keep a hard link: the other names would keep the old text. Refusing would
    // leave hard-linked dotfiles unable to install at all, so the file is rewritten in place.
    // That is not atomic, and it is accepted: install and uninstall hold the workspace lock, so no
    // other meter process writes it meanwhile; the backup is written and synced first, so a crash
    // mid-write loses nothing; and a reader that catches the microseconds between write and
    // truncate sees invalid JSON, which Claude Code rejects and reads again on the next change.
    writeInPlace(target, bytes);
    return;
  }
  mkdirSync(dirname(target), { recursive: true });
  replaceByRename(target, bytes, st ? { mode: st.mode & 0o7777, owner: { uid: st.uid, gid: st.gid }, sync: true } : { sync: true });
}

/** The owner of an existing file (links followed), to give a copy of its text the same owner. */
export function ownerOf(path: string): Owner | undefined {
  try {
    const st = statSync(path);
    return { uid: st.uid, gid: st.gid };
  } catch {
    return undefined;
  }
}

/** Where a write to `path` lands: its real path, or for a missing file or dangling link, the path the link names. */
export function resolveLinks(path: string): string {
  try {
    return realpathSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let p = path;
  // 40 hops, as the kernel allows, before calling it a loop.
  for (let hops = 0; hops < 40; hops++) {
    const st = lstatOrNull(p);
    if (!st?.isSymbolicLink()) return p;
    p = resolve(dirname(p), readlinkSync(p));
  }
  throw Object.assign(new Error(`${path}: too many levels of symbolic links`), { code: 'ELOOP' });
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function replaceByRename(path: string, data: Uint8Array, opts: WriteOptions): void {
  // The pid keeps concurrent processes apart; the random part, writes within one process.
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  let fd: number | null = null;
  try {
    // Created with the wanted mode at once, so a 0600 file's text is never readable by others.
    fd = openSync(tmp, 'wx', opts.mode ?? 0o666);
    if (opts.owner) chownIfRoot(fd, opts.owner);
    // After chown, which clears setuid bits; and exact, since the umask took bits off at creation.
    if (opts.mode !== undefined) fchmodSync(fd, opts.mode);
    writeAll(fd, data, 0);
    if (opts.sync) fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== null) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // the temp file may not exist; the original error is what matters
    }
    throw e;
  }
}

function writeInPlace(path: string, data: Uint8Array): void {
  const fd = openSync(path, 'r+');
  try {
    // Write, then cut: the file is never empty on the way, only briefly longer than it should be.
    writeAll(fd, data, 0);
    ftruncateSync(fd, data.length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, data: Uint8Array, position: number): void {
  let off = 0;
  while (off < data.length) off += writeSync(fd, data, off, data.length - off, position + off);
}

function chownIfRoot(fd: number, owner: Owner): void {
  if (process.getuid?.() !== 0) return;
  if (owner.uid === process.getuid() && owner.gid === process.getgid?.()) return;
  try {
    fchownSync(fd, owner.uid, owner.gid);
  } catch (e) {
    // EPERM: root without CAP_CHOWN (some containers); EINVAL: an id this user namespace cannot map.
    // The file is still written; it only keeps root as its owner.
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EINVAL') throw e;
  }
}
