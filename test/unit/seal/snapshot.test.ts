// The seal on the real file system: a fixture project copied to a temporary folder, sealed for
// its proofs, then edited the ways an agent could, and checked. A check that finds nothing moved
// resolves nothing again; an edit that keeps the size and puts the mtime back is still found.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sealSnapshotSchema, CONTENT_LIMIT } from '../../../src/core/seal/snapshot';
import { checkSeal, movedPaths, sealWorkspace } from '../../../src/workspace/seal/snapshot';
import { SEAL_FIXTURES } from './helpers';

describe('the seal snapshots the workspace and checks it', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pm-seal-'));
    cpSync(join(SEAL_FIXTURES, 'node-mocha'), dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const edit = (path: string, from: string, to: string) => {
    const file = join(dir, path);
    const text = readFileSync(file, 'utf8');
    assert.ok(text.includes(from), `${from} in ${path}`);
    writeFileSync(file, text.replace(from, to));
  };
  const kinds = (fs: { kind: string; file: string | null }[]) => fs.map((f) => `${f.kind} ${f.file ?? '-'}`).sort();

  it('keeps digests, sizes and times of every file read, and the text of its dependencies', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    const test = snap.files.find((f) => f.path === 'test/math.test.js')!;
    assert.equal(test.content, readFileSync(join(dir, 'test/math.test.js'), 'utf8'));
    assert.equal(test.size, statSync(join(dir, 'test/math.test.js')).size);
    assert.match(test.sha256!, /^[0-9a-f]{64}$/);
    // .mocharc.cjs was looked for and is absent: its appearing would change what mocha loads.
    assert.deepEqual(snap.files.find((f) => f.path === '.mocharc.cjs'), { path: '.mocharc.cjs', exists: false, size: 0, mtimeMs: 0, ctimeMs: 0, sha256: null, content: null });
    assert.ok(snap.dirs.some((d) => d.path === 'test' && d.exists));
  });

  it('a snapshot read back from JSON passes its schema', () => {
    const snap = sealWorkspace(dir, ['npm test', 'sh check.sh']);
    assert.deepEqual(sealSnapshotSchema.parse(JSON.parse(JSON.stringify(snap))), snap);
  });

  it('a check with nothing moved finds nothing and resolves nothing again', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    const check = checkSeal(dir, snap);
    assert.deepEqual(check.moved, []);
    assert.equal(check.current, snap);
    assert.deepEqual(check.findings, []);
  });

  it('an it.skip written into a test is found, on its line', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    edit('test/strings.test.js', "it('trims'", "it.skip('trims'");
    const check = checkSeal(dir, snap);
    assert.deepEqual(check.moved, ['test/strings.test.js']);
    assert.deepEqual(kinds(check.findings), ['test-skipped test/strings.test.js']);
    assert.equal(check.findings[0]!.line, 7);
  });

  it('an edit that keeps the size and puts the mtime back is found: the ctime moved', () => {
    const file = join(dir, 'check.sh');
    // A whole second, which every file system keeps exactly.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    // Taken "later", so no file counts as too recent to trust its times: only the stat can tell.
    const snap = { ...sealWorkspace(dir, ['sh check.sh']), takenAtMs: Date.now() + 60_000 };
    assert.deepEqual(movedPaths(dir, snap), []);
    const before = statSync(file);
    edit('check.sh', 'set -e\nnpm test\n', 'set -e\nexit 0;\n#');
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    const after = statSync(file);
    assert.equal(after.size, before.size);
    assert.equal(after.mtimeMs, before.mtimeMs);
    assert.deepEqual(movedPaths(dir, snap), ['check.sh']);
    assert.deepEqual(kinds(checkSeal(dir, snap).findings), ['checker-trivialized check.sh', 'tests-removed -']);
  });

  it('an edit in the same clock tick as the seal is found: recent files are compared by digest', () => {
    const snap = sealWorkspace(dir, ['sh check.sh']);
    const file = snap.files.find((f) => f.path === 'check.sh')!;
    // The times the seal saw, kept as they are: only the content can tell.
    edit('check.sh', 'set -e\nnpm test\n', 'set -e\nexit 0;\n#');
    const forged = { ...snap, files: snap.files.map((f) => (f.path === 'check.sh' ? { ...file, ...statTimes(join(dir, 'check.sh')) } : f)) };
    assert.deepEqual(movedPaths(dir, forged), ['check.sh']);
  });

  it('a focused test in a new file is found: its folder moved', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    writeFileSync(join(dir, 'test/new.test.js'), "it.only('new', () => {});\n");
    const check = checkSeal(dir, snap);
    assert.deepEqual(check.moved, ['test/']);
    assert.deepEqual(kinds(check.findings), ['test-focused test/new.test.js']);
  });

  it('a config created where the runner looks first is found', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    writeFileSync(join(dir, '.mocharc.cjs'), "module.exports = { spec: ['test/math.test.js'] };\n");
    const check = checkSeal(dir, snap);
    assert.ok(check.moved.includes('.mocharc.cjs'));
    assert.deepEqual(kinds(check.findings), ['runner-config-narrowed .mocharc.cjs', 'tests-removed -']);
  });

  it('a test file too large to keep is compared by digest, and its change is still found', () => {
    const big = "it('big', () => { assert.ok(1); });\n" + '// padding\n'.repeat(Math.ceil(CONTENT_LIMIT / 11));
    writeFileSync(join(dir, 'test/big.test.js'), big);
    const snap = sealWorkspace(dir, ['npm test']);
    assert.equal(snap.files.find((f) => f.path === 'test/big.test.js')!.content, null);
    writeFileSync(join(dir, 'test/big.test.js'), big + '// more\n');
    const [f] = checkSeal(dir, snap).findings;
    assert.equal(f!.kind, 'checker-changed');
    assert.match(f!.evidence!, /compared by digest/);
  });
});

function statTimes(path: string) {
  const s = statSync(path);
  return { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs };
}
