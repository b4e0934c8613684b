// A file opened for reading for one use and closed after it, whatever the use does. A file that
// cannot be opened (gone, unreadable) gives null: to the cache checks that use this, a file they
// cannot read is a state they cannot trust.
import { closeSync, openSync } from 'node:fs';

export function withOpenFile<T>(path: string, use: (fd: number) => T): T | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    return use(fd);
  } finally {
    closeSync(fd);
  }
}
