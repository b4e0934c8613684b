// `proofmeter` in VS Code's terminals (issue 27, M1): the launcher the extension writes into its
// global storage runs the bundled CLI with a real node, found on PATH by its name alone.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { cmdShimText, shimText, writeShims } from '../../../src/extension/cliShim';

describe('the proofmeter launcher for the integrated terminal', () => {
  it('runs the CLI it names with the node it names, by name on PATH, passing every argument', function () {
    if (process.platform === 'win32') this.skip();
    const dir = mkdtempSync(join(tmpdir(), 'pm-shim-'));
    const cli = join(dir, "fake cli's.js");
    writeFileSync(cli, 'console.log(JSON.stringify(process.argv.slice(2)), process.env.ELECTRON_RUN_AS_NODE ?? "-");\n');
    const bin = join(dir, 'bin');
    assert.deepEqual(writeShims(bin, { path: process.execPath, electron: false }, cli, 'linux'), [join(bin, 'proofmeter')]);
    assert.equal(statSync(join(bin, 'proofmeter')).mode & 0o777, 0o755);
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
    delete env.ELECTRON_RUN_AS_NODE;
    const out = execFileSync('sh', ['-c', 'proofmeter --version "a b" \'$HOME\''], { env, encoding: 'utf8' });
    assert.equal(out.trim(), '["--version","a b","$HOME"] -');
  });

  it("sets ELECTRON_RUN_AS_NODE only for VS Code's own binary", () => {
    assert.match(shimText({ path: '/opt/code/code', electron: true }, '/x/proofmeter.js'), /\nexport ELECTRON_RUN_AS_NODE=1\nexec '\/opt\/code\/code' '\/x\/proofmeter\.js' "\$@"\n$/);
    assert.doesNotMatch(shimText({ path: '/usr/bin/node', electron: false }, '/x/proofmeter.js'), /ELECTRON_RUN_AS_NODE/);
    assert.equal(cmdShimText({ path: 'C:\\code\\Code.exe', electron: true }, 'C:\\ext\\dist\\proofmeter.js'), '@echo off\r\nsetlocal\r\nset ELECTRON_RUN_AS_NODE=1\r\n"C:\\code\\Code.exe" "C:\\ext\\dist\\proofmeter.js" %*\r\n');
  });

  it('on Windows writes proofmeter.cmd beside it, and writing again changes nothing', () => {
    const bin = join(mkdtempSync(join(tmpdir(), 'pm-shim-')), 'bin');
    const node = { path: 'C:\\node.exe', electron: false };
    assert.deepEqual(writeShims(bin, node, 'C:\\p.js', 'win32'), [join(bin, 'proofmeter'), join(bin, 'proofmeter.cmd')]);
    const before = statSync(join(bin, 'proofmeter.cmd')).mtimeMs;
    writeShims(bin, node, 'C:\\p.js', 'win32');
    assert.equal(statSync(join(bin, 'proofmeter.cmd')).mtimeMs, before);
    assert.match(readFileSync(join(bin, 'proofmeter.cmd'), 'utf8'), /"C:\\node\.exe" "C:\\p\.js" %\*/);
  });
});
