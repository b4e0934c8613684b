// The toolchain seal on the real file system: a runner installed as npm installs it (a link in
// node_modules/.bin into the package), sealed, then replaced or edited through the link; an .npmrc
// made after the seal; a token in an .npmrc that never lands in the snapshot; and a check that
// finds nothing moved in a few stats.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSeal, sealWorkspace } from '../../../src/workspace/seal/snapshot';
import { SEAL_FIXTURES } from './helpers';

describe('the toolchain seal on the real file system', () => {
  let dir = '';
  const put = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pm-seal-tool-'));
    cpSync(join(SEAL_FIXTURES, 'node-mocha'), dir, { recursive: true });
    put('node_modules/mocha/bin/mocha.js', "#!/usr/bin/env node\nrequire('../lib/cli');\n");
    put('node_modules/mocha/lib/cli.js', "module.exports = require('./run');\n");
    put('node_modules/mocha/lib/run.js', 'module.exports = () => process.exit(1);\n');
    put('node_modules/mocha/package.json', JSON.stringify({ name: 'mocha', version: '10.2.0' }));
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
    symlinkSync('../mocha/bin/mocha.js', join(dir, 'node_modules/.bin/mocha'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const kinds = (fs: { kind: string; file: string | null }[]) => fs.map((f) => `${f.kind} ${f.file ?? '-'}`).sort();

  it('follows the bin through its link to the package file and its version', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    const tool = snap.proofs[0]!.toolchain!.map((d) => d.path);
    for (const p of ['node_modules/.bin/mocha', 'node_modules/mocha/bin/mocha.js', 'node_modules/mocha/package.json', '.npmrc']) assert.ok(tool.includes(p), `${p} in ${tool.join(', ')}`);
  });

  it('the bin replaced by a script that exits 0 is runner-replaced', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    unlinkSync(join(dir, 'node_modules/.bin/mocha'));
    writeFileSync(join(dir, 'node_modules/.bin/mocha'), '#!/bin/sh\nexit 0\n');
    assert.deepEqual(kinds(checkSeal(dir, snap).findings), ['runner-replaced node_modules/.bin/mocha']);
  });

  it('the package file edited through the link is runner-replaced, on the link and on the file', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    writeFileSync(join(dir, 'node_modules/mocha/bin/mocha.js'), '#!/usr/bin/env node\nprocess.exit(0);\n');
    assert.deepEqual(kinds(checkSeal(dir, snap).findings), ['runner-replaced node_modules/.bin/mocha', 'runner-replaced node_modules/mocha/bin/mocha.js']);
  });

  it("a file of the runner's package its bin loads, edited, is runner-replaced; the runner's files are kept by digest, not text", () => {
    const snap = sealWorkspace(dir, ['npm test']);
    const run = snap.files.find((f) => f.path === 'node_modules/mocha/lib/run.js');
    assert.ok(run?.sha256 && run.content === null, JSON.stringify(run));
    assert.equal(snap.files.find((f) => f.path === 'node_modules/mocha/package.json')?.content !== null, true, 'the version is read from the text');
    writeFileSync(join(dir, 'node_modules/mocha/lib/run.js'), 'module.exports = () => process.exit(0);\n');
    assert.deepEqual(kinds(checkSeal(dir, snap).findings), ['runner-replaced node_modules/mocha/lib/run.js']);
  });

  it('many files of the runner\'s package changed (an upgrade) are one finding with the count', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    writeFileSync(join(dir, 'node_modules/mocha/lib/run.js'), 'module.exports = () => 2;\n');
    writeFileSync(join(dir, 'node_modules/mocha/lib/cli.js'), "module.exports = require('./run') ;\n");
    writeFileSync(join(dir, 'node_modules/mocha/package.json'), JSON.stringify({ name: 'mocha', version: '11.0.0' }));
    const fs = checkSeal(dir, snap).findings;
    assert.deepEqual(kinds(fs), ['runner-replaced node_modules/mocha/lib/cli.js']);
    assert.match(fs[0]!.message, /, and 2 more files of node_modules\/mocha$/);
  });

  it('an .npmrc made after the seal that stops npm running scripts is runner-config-narrowed', () => {
    const snap = sealWorkspace(dir, ['npm test']);
    writeFileSync(join(dir, '.npmrc'), 'script-shell=/bin/true\n');
    assert.deepEqual(kinds(checkSeal(dir, snap).findings), ['runner-config-narrowed .npmrc']);
  });

  it("an .npmrc's token is in no file of the snapshot, and nothing moved is found with no resolving", () => {
    writeFileSync(join(dir, '.npmrc'), '//registry.example/:_authToken=npm_SECRET123\n');
    const snap = sealWorkspace(dir, ['npm test']);
    assert.doesNotMatch(JSON.stringify(snap), /SECRET123/);
    const check = checkSeal(dir, snap);
    assert.deepEqual(check.moved, []);
    assert.deepEqual(check.findings, []);
  });
});
