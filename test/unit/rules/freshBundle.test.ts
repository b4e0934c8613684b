// `npm run test:unit` tests the current source: the suites that spawn dist/proofmeter.js run it
// only after the root hook (test/freshBundle.ts, loaded by .mocharc.json) has rebuilt it from the
// sources there are now. A stale bundle (built before the last edit) must never be what runs.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureFreshBundle, inputsDigest, stampSchema } from '../../freshBundle';

const ROOT = resolve(__dirname, '..', '..', '..');
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('the bundle under test', () => {
  it('was built by the root hook from the sources as they are now', () => {
    const stamp = stampSchema.parse(JSON.parse(readFileSync(join(ROOT, '.cache', 'test-bundle.json'), 'utf8')));
    assert.equal(stamp.inputs, inputsDigest(), 'the stamp names the current sources');
    assert.equal(stamp.cli, sha(join(ROOT, 'dist', 'proofmeter.js')), 'dist/proofmeter.js is the bundle the hook built');
  });

  it('is rebuilt when the stamp names other sources (a stale build)', function () {
    this.timeout(120_000);
    const stampFile = join(ROOT, '.cache', 'test-bundle.json');
    const stamp = stampSchema.parse(JSON.parse(readFileSync(stampFile, 'utf8')));
    writeFileSync(stampFile, JSON.stringify({ ...stamp, inputs: 'sources of an older build' }));
    const before = statSync(join(ROOT, 'dist', 'proofmeter.js')).mtimeMs;
    ensureFreshBundle();
    assert.equal(stampSchema.parse(JSON.parse(readFileSync(stampFile, 'utf8'))).inputs, inputsDigest());
    assert.ok(statSync(join(ROOT, 'dist', 'proofmeter.js')).mtimeMs > before, 'dist/proofmeter.js was written again');
  });
});
