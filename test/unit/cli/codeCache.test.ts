// dist/proofmeter.js compiles the CLI through a V8 code cache saved beside it. V8 itself checks only
// the cache's header and the source's length, so a damaged cache used to crash every later call
// (the hook gate silently open), and a rebuilt runner of the same length ran the old code.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import { build } from 'esbuild';
import { asciiOnly, cliLoader } from '../../../scripts/cliLoader.mjs';

const ROOT = resolve(__dirname, '..', '..', '..');

/** The CLI bundle as esbuild.mjs builds it, with the given version. */
async function bundle(version: string): Promise<string> {
  const r = await build({
    entryPoints: [join(ROOT, 'src', 'cli', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: { __VERSION__: JSON.stringify(version) },
    write: false,
  });
  return r.outputFiles[0]!.text;
}

/** A small deterministic generator, so that a failing position can be reproduced. */
function positions(seed: number, count: number, below: number): number[] {
  let s = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out.push(s % below);
  }
  return out;
}

describe('the CLI code cache', () => {
  let dir: string;
  let runner: string;
  let loaderA: string;
  let loaderB: string;

  before(async function () {
    this.timeout(60000);
    dir = mkdtempSync(join(tmpdir(), 'pm-codecache-'));
    runner = join(dir, 'proofmeter.js');
    // Same length, different code: what a rebuild after `git pull` can produce.
    [loaderA, loaderB] = [cliLoader(await bundle('0.0.1')), cliLoader(await bundle('0.0.2'))];
    assert.equal(loaderA.length, loaderB.length);
    writeFileSync(join(dir, 'plan.md'), '# P\n\n## Steps\n- **S1.** Greet. Proof: `grep -q hi greet.txt`\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const run = (...args: string[]) => spawnSync('node', [runner, ...args], { cwd: dir, encoding: 'utf8', timeout: 10000 });
  const checkPlan = () => run('check-plan', 'plan.md');
  const okPlan = /^plan\.md: OK, 1 items/;

  it('a valid cache is used as it is, not rewritten', () => {
    writeFileSync(runner, loaderA);
    const cache = runner + '.check-plan.v8cache';
    rmSync(cache, { force: true });
    assert.match(checkPlan().stdout, okPlan);
    const first = statSync(cache);
    assert.match(checkPlan().stdout, okPlan);
    const second = statSync(cache);
    // The loader rewrites a cache (a new file, renamed into place) only when it did not use it.
    assert.deepEqual([second.ino, second.mtimeMs], [first.ino, first.mtimeMs]);
  });

  it('a cache with a flipped bit, or cut short, is replaced and never run', function () {
    this.timeout(180000);
    writeFileSync(runner, loaderA);
    const cache = runner + '.check-plan.v8cache';
    rmSync(cache, { force: true });
    assert.equal(checkPlan().status, 0);
    const good = readFileSync(cache);
    // The ends of each header field (and of V8's own header after it), then anywhere.
    const at = [0, 7, 8, 23, 24, 31, 32, 63, ...positions(8, 30, good.length)];
    const damaged: Array<[string, Buffer]> = at.map((p, i) => {
      const b = Buffer.from(good);
      b[p]! ^= 1 << i % 8;
      return [`bit ${i % 8} of byte ${p}`, b];
    });
    for (const n of [0, 20, 32, 40, good.length >> 1, good.length - 1]) damaged.push([`first ${n} bytes`, good.subarray(0, n)]);
    for (const [what, bytes] of damaged) {
      writeFileSync(cache, bytes);
      const r = checkPlan();
      assert.equal(r.status, 0, `${what}: exit ${r.status} ${r.signal ?? ''} ${r.stderr.slice(0, 300)}`);
      assert.match(r.stdout, okPlan, what);
      assert.ok(existsSync(cache) && !readFileSync(cache).equals(bytes), `${what}: the damaged cache was kept`);
    }
  });

  it('without WebAssembly (node --jitless) runs without the cache and leaves it alone', () => {
    writeFileSync(runner, loaderA);
    const cache = runner + '.--version.v8cache';
    rmSync(cache, { force: true });
    run('--version');
    const before = readFileSync(cache);
    const r = spawnSync('node', ['--jitless', runner, '--version'], { cwd: dir, encoding: 'utf8', timeout: 10000 });
    assert.equal(r.stdout, '0.0.1\n');
    assert.ok(readFileSync(cache).equals(before));
  });

  it('keeps one cache per hook gate, each gate running different code', () => {
    writeFileSync(runner, loaderA);
    for (const gate of ['stop', 'prompt']) rmSync(`${runner}.hook-${gate}.v8cache`, { force: true });
    run('hook', 'stop');
    run('hook', 'prompt');
    assert.ok(existsSync(`${runner}.hook-stop.v8cache`) && existsSync(`${runner}.hook-prompt.v8cache`));
  });

  it('a rebuilt runner of the same length does not run the old cache', () => {
    writeFileSync(runner, loaderA);
    rmSync(runner + '.--version.v8cache', { force: true });
    assert.equal(run('--version').stdout, '0.0.1\n');
    assert.equal(run('--version').stdout, '0.0.1\n');
    writeFileSync(runner, loaderB);
    assert.equal(run('--version').stdout, '0.0.2\n');
    assert.equal(run('--version').stdout, '0.0.2\n');
  });
});

describe('the runner’s library section', () => {
  let dir: string;
  let runner: string;
  // The main code asks for the section only when told to; the section holds a star-slash (escaped
  // in the file like the main code's) and says which file it was loaded from.
  const main = "if (process.argv[2] === 'lib') { const a = __pmLibrary(); console.log(a.answer, a === __pmLibrary(), a.file === __filename); } else console.log('main');";
  const library = "/* a comment */ exports.answer = 42; exports.file = __filename;";
  const cache = () => runner + '.sandbox_library.v8cache';
  const run = (arg: string) => spawnSync('node', [runner, arg], { cwd: dir, encoding: 'utf8', timeout: 10000 });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pm-libsection-'));
    runner = join(dir, 'proofmeter.js');
    writeFileSync(runner, cliLoader(main, library));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is loaded on first use, once, with the runner as its file', () => {
    assert.equal(run('lib').stdout, '42 true true\n');
  });

  it('is never read by a call that does not use it', () => {
    // Damage only the section: the main code still runs; the one call that needs it fails.
    const text = readFileSync(runner, 'utf8');
    const at = text.lastIndexOf('exports.answer');
    writeFileSync(runner, text.slice(0, at) + 'exports.answer = = ' + text.slice(at + 'exports.answer = '.length + 2));
    assert.equal(run('main').stdout, 'main\n');
    assert.notEqual(run('lib').status, 0);
  });

  it('has a cache of its own, used as it is, and replaced when damaged', () => {
    assert.equal(run('lib').stdout, '42 true true\n');
    const first = statSync(cache());
    assert.equal(run('lib').stdout, '42 true true\n');
    const second = statSync(cache());
    assert.deepEqual([second.ino, second.mtimeMs], [first.ino, first.mtimeMs]);
    const bad = readFileSync(cache());
    bad[bad.length >> 1]! ^= 4;
    writeFileSync(cache(), bad);
    assert.equal(run('lib').stdout, '42 true true\n');
    assert.ok(!readFileSync(cache()).equals(bad), 'the damaged cache was kept');
  });

  it('a runner without one says so to the code that asks', () => {
    writeFileSync(runner, cliLoader(main));
    const r = run('lib');
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /this runner has no library section/);
    assert.equal(run('main').stdout, 'main\n');
  });
});

describe('the runner’s text is ASCII', () => {
  // Regexes and strings as esbuild leaves them (a dash, CJK words, an identity escape, an astral
  // character with and without the u flag), and what each must still match.
  const literals = String.raw`[/[—–:]/u, /ない|まだ/, /a\—b/, /[😀]/u, /😀/, "—\—", /(?<![\p{L}])proof:/giu]`;
  const probes = ['x — y', 'まだです', 'a—b', '😀', '\ud83d', 'proof:', 'ない'];
  const evaluate = (code: string): unknown[] => runInThisContext(code) as unknown[];
  const behaviour = (values: unknown[]) => values.map((v) => (v instanceof RegExp ? [v.flags, ...probes.map((p) => (new RegExp(v.source, v.flags.replace('g', '')).exec(p) ?? [null])[0])] : v));

  it('escapes every character past ASCII, and each literal means what it meant', () => {
    const escaped = asciiOnly(literals);
    assert.doesNotMatch(escaped, /[\u0080-\uffff]/);
    assert.deepEqual(behaviour(evaluate(escaped)), behaviour(evaluate(literals)));
  });

  it('the built runner holds none', () => {
    assert.doesNotMatch(readFileSync(join(ROOT, 'dist', 'proofmeter.js'), 'latin1'), /[\u0080-\u00ff]/);
  });
});
