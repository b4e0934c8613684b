// The meter's caches hold commands read from transcripts; they live in the workspace, so the folder
// keeps a .gitignore of its own and never ends up in a commit, installed hooks or not.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomicWrite';

export function writeCacheFile(cacheDir: string, name: string, data: string): void {
  const ignore = join(cacheDir, '.gitignore');
  if (!existsSync(ignore)) writeFileAtomic(ignore, '# Proofmeter caches: derived from transcripts, never committed.\n*\n');
  writeFileAtomic(join(cacheDir, name), data);
}
