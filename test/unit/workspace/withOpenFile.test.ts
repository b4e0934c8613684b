import { strict as assert } from 'node:assert';
import { fstatSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withOpenFile } from '../../../src/workspace/withOpenFile';

describe('withOpenFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pm-open-'));
  const file = join(dir, 'a.txt');
  writeFileSync(file, 'abc');

  it('gives what the use returns, with the file open for it', () => assert.equal(withOpenFile(file, (fd) => fstatSync(fd).size), 3));
  it('a file that cannot be opened gives null, and the use is not called', () => {
    let called = false;
    assert.equal(withOpenFile(join(dir, 'missing'), () => (called = true)), null);
    assert.equal(called, false);
  });
  it('closes the file after the use, also when the use throws', () => {
    let kept = -1;
    withOpenFile(file, (fd) => (kept = fd));
    assert.throws(() => fstatSync(kept), { code: 'EBADF' });
    assert.throws(() => withOpenFile(file, (fd) => {
      kept = fd;
      throw new Error('boom');
    }), /boom/);
    assert.throws(() => fstatSync(kept), { code: 'EBADF' });
  });
});
