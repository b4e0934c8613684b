import { strict as assert } from 'node:assert';
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic, writeUserFileAtomic } from '../../../src/workspace/atomicWrite';

const dir = () => mkdtempSync(join(tmpdir(), 'pm-atomic-'));
const mode = (p: string) => statSync(p).mode & 0o7777;
/** Runs `f` under a known umask (reading the umask alone is deprecated). */
function withUmask<T>(mask: number, f: () => T): T {
  const old = process.umask(mask);
  try {
    return f();
  } finally {
    process.umask(old);
  }
}

describe('atomic writes', () => {
  it('the meter’s own files are replaced by a new plain file, as before', () => {
    const d = dir();
    writeFileSync(join(d, 'real'), 'old');
    symlinkSync(join(d, 'real'), join(d, 'state.json'));
    withUmask(0o022, () => writeFileAtomic(join(d, 'state.json'), 'new'));
    assert.ok(!lstatSync(join(d, 'state.json')).isSymbolicLink());
    assert.equal(readFileSync(join(d, 'real'), 'utf8'), 'old');
    assert.equal(mode(join(d, 'state.json')), 0o644);
  });

  it('a mode asked for is the exact mode, whatever the umask', () => {
    const d = dir();
    withUmask(0o077, () => writeFileAtomic(join(d, 'runner.js'), 'x', { mode: 0o755 }));
    assert.equal(mode(join(d, 'runner.js')), 0o755);
  });

  it('a new user file gets the usual mode of a new file', () => {
    const d = dir();
    withUmask(0o002, () => writeUserFileAtomic(join(d, 'settings.json'), '{}'));
    assert.equal(mode(join(d, 'settings.json')), 0o664);
    assert.equal(readFileSync(join(d, 'settings.json'), 'utf8'), '{}');
  });

  it('a setuid bit survives the owner being carried over (chown first, then chmod)', function () {
    // Carrying another user's owner needs root; CI and this project's machines run as root. Never a silent skip.
    assert.equal(process.getuid?.(), 0, 'this test needs root (chown to another user)');
    const d = dir();
    const f = join(d, 'settings.json');
    writeFileSync(f, 'old');
    chownSync(f, 4321, 4321);
    chmodSync(f, 0o4755);
    writeUserFileAtomic(f, 'new');
    assert.equal(mode(f), 0o4755);
    assert.equal(statSync(f).uid, 4321);
  });

  it('a symlink loop is refused and nothing is written', () => {
    const d = dir();
    symlinkSync(join(d, 'b'), join(d, 'a'));
    symlinkSync(join(d, 'a'), join(d, 'b'));
    assert.throws(() => writeUserFileAtomic(join(d, 'a'), 'x'), (e: NodeJS.ErrnoException) => e.code === 'ELOOP');
    assert.deepEqual(readdirSync(d).sort(), ['a', 'b']);
  });

  it('a folder in the file’s place is refused', () => {
    const d = dir();
    mkdirSync(join(d, 'settings.json'));
    assert.throws(() => writeUserFileAtomic(join(d, 'settings.json'), 'x'), /not a regular file/);
  });

  it('a hard-linked file is rewritten in place, shorter or longer than before', () => {
    const d = dir();
    const f = join(d, 'settings.json');
    writeFileSync(f, 'a much longer old text');
    linkSync(f, join(d, 'other'));
    writeUserFileAtomic(f, 'short');
    assert.equal(readFileSync(join(d, 'other'), 'utf8'), 'short');
    writeUserFileAtomic(f, 'a text longer than short');
    assert.equal(readFileSync(join(d, 'other'), 'utf8'), 'a text longer than short');
    assert.equal(statSync(f).nlink, 2);
  });
});
