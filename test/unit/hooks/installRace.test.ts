// `install` and `install --local` (or `uninstall`) started at the same moment, as separate
// processes of the built CLI: each read-merge-write of the settings files and install.json must
// see the other's result, so no bytes of the person's files and no record of the install are lost.
// Needs the bundle: node esbuild.mjs (npm test builds first).
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { GATES } from '../../../src/core/install/entries';
import { jsonEqual, meterEntries, parseSettings, unmergeMeter } from '../../../src/core/install/settingsMerge';
import { mergeSandbox, unmergeSandbox } from '../../../src/core/install/sandboxMerge';
import { installSandboxBlock } from '../../../src/workspace/installSandbox';
import type { SettingsName } from '../../../src/workspace/installRecord';

const BUNDLE = resolve(__dirname, '..', '..', '..', 'dist', 'proofmeter.js');
const PAIRS = 30;
const AT_ONCE = 10;

// Odd spacing on purpose: a rewrite would not give these bytes back, only the backups would.
const SHARED = '{"permissions": {"allow": ["Bash(npm test)"]},  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo mine"}]}]}}';
const LOCAL = '{\n\t"env": {"API_KEY":"secret"}\n}\n';

interface Run {
  code: number | null;
  err: string;
}

function proofmeter(...args: string[]): Promise<Run> {
  return new Promise((done) => {
    const p = spawn(process.execPath, [BUNDLE, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) => done({ code, err }));
  });
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pm-race-'));
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, '.claude', 'settings.json'), SHARED);
  writeFileSync(join(dir, '.claude', 'settings.local.json'), LOCAL);
  return dir;
}

/** The person's content is all there, and so are all the meter's entries (and the sandbox block where bwrap is). */
function assertMerged(file: string, original: string, label: string): void {
  const p = parseSettings(readFileSync(file, 'utf8'));
  assert.ok(p.ok, `${label}: parses`);
  assert.equal(meterEntries(p.value).length, GATES.length, `${label}: every meter entry`);
  const un = unmergeMeter(p.value);
  const o = parseSettings(original);
  assert.ok(un.ok && o.ok, `${label}: parses`);
  // What install adds of the sandbox block to the person's file; nothing where it cannot run.
  const block = installSandboxBlock(dirname(dirname(file)), basename(file) as SettingsName, process.env);
  const would = mergeSandbox(o.value, block);
  assert.ok(would.ok);
  assert.ok(jsonEqual(unmergeSandbox(un.settings, would.added).settings, o.value), `${label}: the person's content`);
}

async function inBatches(n: number, body: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < n; i += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, n - i) }, (_, k) => body(i + k)));
  }
}

describe('installer: concurrent runs of the CLI', function () {
  this.timeout(180_000);

  before(function () {
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: build it first (node esbuild.mjs)`);
  });

  it(`install racing install --local, ${PAIRS} times: both files keep the person's content, and uninstall gives back both exact originals`, async () => {
    await inBatches(PAIRS, async (i) => {
      const dir = project();
      const [a, b] = await Promise.all([proofmeter('install', '--dir', dir), proofmeter('install', '--local', '--dir', dir)]);
      assert.equal(a.code, 0, `pair ${i}: install: ${a.err}`);
      assert.equal(b.code, 0, `pair ${i}: install --local: ${b.err}`);
      assertMerged(join(dir, '.claude', 'settings.json'), SHARED, `pair ${i} settings.json`);
      assertMerged(join(dir, '.claude', 'settings.local.json'), LOCAL, `pair ${i} settings.local.json`);

      const [c, d] = await Promise.all([proofmeter('uninstall', '--dir', dir), proofmeter('uninstall', '--local', '--dir', dir)]);
      assert.equal(c.code, 0, `pair ${i}: uninstall: ${c.err}`);
      assert.equal(d.code, 0, `pair ${i}: uninstall --local: ${d.err}`);
      assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), SHARED, `pair ${i}: settings.json bytes`);
      assert.equal(readFileSync(join(dir, '.claude', 'settings.local.json'), 'utf8'), LOCAL, `pair ${i}: settings.local.json bytes`);
      assert.ok(!existsSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js')), `pair ${i}: the last uninstall removes the runner`);
      assert.ok(!existsSync(join(dir, '.claude', 'proofmeter', 'install.lock')), `pair ${i}: no lock left behind`);
    });
  });

  it(`uninstall racing install --local, ${PAIRS} times: the runner stays for the file that uses it, and both originals come back`, async () => {
    await inBatches(PAIRS, async (i) => {
      const dir = project();
      assert.equal((await proofmeter('install', '--dir', dir)).code, 0);
      const [u, l] = await Promise.all([proofmeter('uninstall', '--dir', dir), proofmeter('install', '--local', '--dir', dir)]);
      assert.equal(u.code, 0, `pair ${i}: uninstall: ${u.err}`);
      assert.equal(l.code, 0, `pair ${i}: install --local: ${l.err}`);
      assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), SHARED, `pair ${i}: settings.json bytes`);
      assertMerged(join(dir, '.claude', 'settings.local.json'), LOCAL, `pair ${i} settings.local.json`);
      assert.ok(existsSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js')), `pair ${i}: settings.local.json still needs the runner`);

      const d = await proofmeter('uninstall', '--local', '--dir', dir);
      assert.equal(d.code, 0, `pair ${i}: uninstall --local: ${d.err}`);
      assert.equal(readFileSync(join(dir, '.claude', 'settings.local.json'), 'utf8'), LOCAL, `pair ${i}: settings.local.json bytes`);
    });
  });
});
