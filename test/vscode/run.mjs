#!/usr/bin/env node
// The VS Code test runner: `node test/vscode/run.mjs` (npm run test:vscode).
//  1. setup (scripts/setup-vscode.mjs: chromium, Node 24, code-server 4.139.1 in .cache/vscode/)
//  2. build: dist/ bundles, the host suite bundle, the .vsix (test/vscode/build.mjs); then the
//     fast unit tests of the host's VS Code-free parts (test/vscode/unit/)
//  3. fixture workspaces in a short temp folder, with a fake HOME holding the recorded session
//  4. code-server (workspace trust off) with the .vsix installed:
//     a. the mocha suite inside the real extension host (extensionDevelopmentPath/extensionTestsPath)
//     b. the browser end-to-end check on the installed .vsix, with screenshots
//  5. code-server with workspace trust on: the Restricted Mode suite on an untrusted folder
//  6. code-server on a fresh folder (a plan, no .claude/): activation, and a goal from the terminal
// Exits non-zero when anything failed; kills every code-server process group it started.
// Options: --only=unit|host|e2e|restricted|fresh (repeatable), --keep (keep the temp folder), --docs (also
// copy the screenshots into docs/screenshots/ for the README; off by default so a test run leaves the
// work tree as it was). Logs: test-results/vscode/.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import util from 'node:util';
import { marketplaceProblems, repoFiles, whereOf, wordCount } from '../../scripts/marketplaceReadme.mjs';
import { codeServerEnv, ensureVscode } from '../../scripts/setup-vscode.mjs';
import { buildAll, SUITE_OUT, VSIX_OUT } from './build.mjs';
import { runE2E } from './e2e.mjs';
import { makeFixture, makeFreshFolder, ROOT } from './fixture.mjs';
import { freePort, launchBrowser, payloadUrl, startCodeServer, stopAllServers } from './lib.mjs';

const args = process.argv.slice(2);
const only = args.filter((a) => a.startsWith('--only=')).map((a) => a.slice(7));
const want = (part) => only.length === 0 || only.includes(part);
const keep = args.includes('--keep');
const docs = args.includes('--docs') || process.env.PROOFMETER_DOCS_SCREENSHOTS === '1';
const HOST_TIMEOUT = Number(process.env.PROOFMETER_EXTHOST_TIMEOUT_MS || 240_000);

const t0 = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;
const results = join(ROOT, 'test-results', 'vscode');
const shots = join(ROOT, 'test-results', 'screenshots');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const summary = [];
/** Test counts across the parts (unit tests, host suites, browser checks) for the closing lines. */
const counts = { passing: 0, failing: 0, pending: 0 };
const record = (name, ok, detail) => {
  summary.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` - ${detail}` : ''}`);
};

// A short temp folder: Chromium and VS Code put Unix sockets under TMPDIR (107-byte path limit).
const R = mkdtempSync(join(tmpdir().length > 20 ? '/tmp' : tmpdir(), 'pmv.'));
let cleaning = false;
async function cleanup() {
  if (cleaning) return;
  cleaning = true;
  await stopAllServers();
  if (!keep) rmSync(R, { recursive: true, force: true });
  else console.log(`kept ${R}`);
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping code-server`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Runs the mocha suite inside the extension host of a workbench opened on `folder`. */
async function hostSuite({ server, folder, mode }) {
  const logFile = join(results, `exthost-${mode}.log`);
  const resultFile = join(results, `exthost-${mode}.json`);
  const { ctx, page } = await launchBrowser({ userDataDir: mkdtempSync(join(R, 'chrome-')) });
  let done;
  const exited = new Promise((r) => (done = r));
  const lines = [];
  await page.exposeFunction('codeAutomationLog', (type, a) => {
    const line = util.format(...(a || []));
    lines.push(line);
    appendFileSync(logFile, `[${type}] ${line}\n`);
  });
  await page.exposeFunction('codeAutomationExit', (code) => done(code));
  const t = Date.now();
  await page.goto(payloadUrl(server.url, folder, { extensionDevelopmentPath: ROOT, extensionTestsPath: SUITE_OUT, skipWelcome: 'true' }));
  const timer = setTimeout(() => done('timeout'), HOST_TIMEOUT);
  const code = await exited;
  clearTimeout(timer);
  await page.screenshot({ path: join(results, `exthost-${mode}-end.png`) }).catch(() => {});
  await ctx.close();
  let res = null;
  try {
    res = JSON.parse(readFileSync(resultFile, 'utf8'));
  } catch {
    // the suite did not get to write its results
  }
  for (const l of lines) if (/^(benchmark|status bar|host):/.test(l.trim())) console.log(`  ${l.trim()}`);
  // The append-to-status-bar time, for `npm run bench` (figure 6); 150 ms of it is the coalescing delay.
  const latency = lines.map((l) => /benchmark: transcript append -> status bar text updated in (\d+) ms/.exec(l)).find(Boolean);
  if (latency) writeFileSync(join(ROOT, 'test-results', 'exthost-latency.json'), JSON.stringify({ ms: Number(latency[1]), debounceMs: 150 }));
  if (res?.failed?.length) for (const f of res.failed) console.log(`  failed: ${f.title}: ${f.error}`);
  const ok = code === 0 && !!res && res.failures === 0 && res.passes > 0;
  counts.passing += res?.passes ?? 0;
  counts.pending += res?.pending ?? 0;
  counts.failing += res ? res.failures || (ok ? 0 : 1) : 1;
  record(
    `extension-host suite (${mode})`,
    ok,
    res ? `${res.passes} passed, ${res.failures} failed, ${res.pending} skipped in ${secs(Date.now() - t)}` : `exit ${code}, no results (see ${logFile})`,
  );
  return ok;
}

let failed = false;
try {
  // 1. setup
  let t = Date.now();
  const vs = ensureVscode();
  record('setup (chromium, node 24, code-server)', true, secs(Date.now() - t));

  // 2. build
  t = Date.now();
  const bt = await buildAll({ vsix: true });
  record('build (dist, host suite, vsix)', true, `bundles ${secs(bt.build)}, vsix ${secs(bt.vsix)}`);

  // fast tests of the host's parts that need no VS Code
  if (want('unit')) {
    t = Date.now();
    const u = spawnSync(join(ROOT, 'node_modules', '.bin', 'mocha'), ['--config', '.mocharc.json', '--reporter', 'dot', 'test/vscode/unit/**/*.test.ts'], { cwd: ROOT, encoding: 'utf8' });
    writeFileSync(join(results, 'unit.log'), `${u.stdout}\n${u.stderr}`);
    const passing = /(\d+) passing/.exec(u.stdout)?.[1] ?? '0';
    const failing = /(\d+) failing/.exec(u.stdout)?.[1] ?? '0';
    if (u.status !== 0) console.log(u.stdout.split('\n').slice(-30).join('\n'));
    record('host unit tests (no VS Code)', u.status === 0, `${passing} passed, ${failing} failed in ${secs(Date.now() - t)}`);
    counts.passing += Number(passing);
    counts.failing += Number(failing) || (u.status === 0 ? 0 : 1);
    failed = failed || u.status !== 0;
  }

  // 3. fixtures: a fake HOME with the recorded sessions, one workspace per part
  t = Date.now();
  const home = join(R, 'home');
  mkdirSync(home, { recursive: true });
  const fx = {
    host: makeFixture({ root: R, name: 'ws-host', home }),
    e2e: makeFixture({ root: R, name: 'ws-e2e', home }),
    restricted: makeFixture({ root: R, name: 'ws-restricted', home }),
    fresh: makeFreshFolder({ root: R, name: 'ws-fresh' }),
  };
  const cli = join(ROOT, 'dist', 'proofmeter.js');
  const tally = JSON.parse(execFileSync(process.execPath, [cli, 'tally', '--cwd', fx.e2e.ws, '--json'], { encoding: 'utf8', env: { ...process.env, HOME: home } }));
  const bar = (d, n, cells = 8) => '▰'.repeat(n > 0 ? Math.floor((d / n) * cells) : 0) + '▱'.repeat(cells - (n > 0 ? Math.floor((d / n) * cells) : 0));
  const expected = {
    headline: tally.headline,
    states: Object.fromEntries(tally.items.map((i) => [i.id, i.state])),
    planLines: Object.fromEntries(tally.items.map((i) => [i.id, i.planLine])),
    statusText: `${bar(tally.headline.done, tally.headline.total)} ${tally.headline.done}/${tally.headline.total}`,
    gitText: '⎇ 2 uncommitted · 1 unpushed',
  };
  writeFileSync(join(results, 'expected.json'), JSON.stringify(expected, null, 2));
  record('fixtures (adopted plan, recorded session, git)', true, `${secs(Date.now() - t)}; engine says ${expected.statusText}`);

  // the environment code-server and its extension host run with
  const env = codeServerEnv(vs, { ...process.env });
  for (const k of Object.keys(env)) if (k.startsWith('CLAUDE') || k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE') delete env[k];
  Object.assign(env, {
    HOME: home,
    TMPDIR: join(R, 'tmp'),
    XDG_CONFIG_HOME: join(R, 'xdg', 'config'),
    XDG_DATA_HOME: join(R, 'xdg', 'data'),
    XDG_CACHE_HOME: join(R, 'xdg', 'cache'),
    // keep the extension gallery off the network: a closed loopback port
    EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: 'http://127.0.0.1:9/gallery', itemUrl: 'http://127.0.0.1:9/item' }),
    PROOFMETER_EXT_LOG: join(results, 'extension.log'),
    GIT_CONFIG_NOSYSTEM: '1',
  });
  mkdirSync(env.TMPDIR, { recursive: true });
  process.env.TMPDIR = env.TMPDIR; // chromium's sockets too

  // 4. the .vsix into a fresh extensions folder, then the trusted server
  const exts = join(R, 'exts');
  t = Date.now();
  const inst = spawnSync(vs.codeServer, ['--user-data-dir', join(R, 'ud'), '--extensions-dir', exts, '--install-extension', VSIX_OUT], { env, encoding: 'utf8' });
  writeFileSync(join(results, 'install-extension.log'), `${inst.stdout}\n${inst.stderr}`);
  const installedOk = inst.status === 0 && /successfully installed/i.test(inst.stdout + inst.stderr);
  record('the .vsix installs into code-server', installedOk, installedOk ? secs(Date.now() - t) : (inst.stdout + inst.stderr).trim().split('\n').slice(-3).join(' | '));
  if (!installedOk) throw new Error('the .vsix did not install');
  // The extension's page (VS Code's extension view, the Marketplace) shows the .vsix's own readme:
  // no set-up command on its first screen, every image an absolute https URL of a file the repository
  // has, no link that breaks there; and only one readme, as README.md beside readme.md would clash on a
  // case-insensitive disk. Read out of the .vsix with unzip where there is one, else from the installed
  // folder (the same bytes, unpacked by code-server).
  {
    const listing = spawnSync('unzip', ['-Z1', VSIX_OUT], { encoding: 'utf8' });
    const fromZip = listing.status === 0;
    const dir = readdirSync(exts).find((n) => n.startsWith('proofmeter.proofmeter-'));
    const names = fromZip
      ? listing.stdout.split('\n').filter((n) => /^extension\/readme\.md$/i.test(n))
      : dir ? readdirSync(join(exts, dir)).filter((n) => n.toLowerCase() === 'readme.md').map((n) => `extension/${n}`) : [];
    const readme =
      names.length !== 1 ? '' : fromZip ? execFileSync('unzip', ['-p', VSIX_OUT, names[0]], { encoding: 'utf8' }) : readFileSync(join(exts, dir, names[0].slice('extension/'.length)), 'utf8');
    const problems = names.length === 1 ? marketplaceProblems(readme, repoFiles(ROOT), whereOf(ROOT)) : [`${names.length} readme files (${names.join(', ')})`];
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].length;
    record(
      'the packaged README: no set-up command on its first screen, no broken image or link',
      images > 0 && problems.length === 0,
      `${fromZip ? 'read from the .vsix' : 'read from the installed folder (no unzip)'}: ${images} image(s), ${wordCount(readme)} words${problems.length ? `; ${problems.join('; ')}` : ''}`,
    );
    if (problems.length || !images) failed = true;
  }

  if (want('host') || want('e2e')) {
    t = Date.now();
    const server = await startCodeServer({
      codeServer: vs.codeServer,
      env: { ...env, PROOFMETER_SUITE_MODE: 'trusted', PROOFMETER_SUITE_RESULTS: join(results, 'exthost-trusted.json') },
      userDataDir: join(R, 'ud'),
      extensionsDir: exts,
      port: await freePort(),
      logFile: join(results, 'server-trusted.log'),
    });
    record('code-server up', true, `${server.url} in ${secs(Date.now() - t)}`);
    if (want('host')) failed = !(await hostSuite({ server, folder: fx.host.ws, mode: 'trusted' })) || failed;
    if (want('e2e')) {
      t = Date.now();
      const e2e = await runE2E({
        base: server.url,
        ws: fx.e2e.ws,
        shotDir: shots,
        docsDir: docs ? join(ROOT, 'docs', 'screenshots') : null,
        browserDir: mkdtempSync(join(R, 'chrome-')),
        expected,
        log: (l) => appendFileSync(join(results, 'e2e.log'), l + '\n'),
      });
      const bad = e2e.checks.filter((c) => !c.ok);
      counts.passing += e2e.checks.length - bad.length;
      counts.failing += bad.length || (e2e.checks.length ? 0 : 1);
      for (const c of bad) console.log(`  failed: ${c.name} ${c.detail}`);
      record('browser end-to-end (installed .vsix)', bad.length === 0 && e2e.checks.length > 0, `${e2e.checks.length - bad.length} passed, ${bad.length} failed in ${secs(e2e.ms)}; screenshots in ${shots}`);
      failed = failed || bad.length > 0 || e2e.checks.length === 0;
    }
    await server.stop();
  }

  // 5. Restricted Mode: workspace trust on, the folder never trusted
  if (want('restricted')) {
    const server = await startCodeServer({
      codeServer: vs.codeServer,
      env: { ...env, PROOFMETER_SUITE_MODE: 'restricted', PROOFMETER_SUITE_RESULTS: join(results, 'exthost-restricted.json') },
      userDataDir: join(R, 'ud-restricted'),
      extensionsDir: exts,
      port: await freePort(),
      logFile: join(results, 'server-restricted.log'),
      trust: true,
      settings: { 'security.workspace.trust.enabled': true },
    });
    failed = !(await hostSuite({ server, folder: fx.restricted.ws, mode: 'restricted' })) || failed;
    await server.stop();
  }

  // 6. a fresh folder: no .claude/ until the suite adopts a plan from outside VS Code
  if (want('fresh')) {
    const server = await startCodeServer({
      codeServer: vs.codeServer,
      env: { ...env, PROOFMETER_SUITE_MODE: 'fresh', PROOFMETER_SUITE_RESULTS: join(results, 'exthost-fresh.json') },
      userDataDir: join(R, 'ud-fresh'),
      extensionsDir: exts,
      port: await freePort(),
      logFile: join(results, 'server-fresh.log'),
    });
    failed = !(await hostSuite({ server, folder: fx.fresh.ws, mode: 'fresh' })) || failed;
    await server.stop();
  }
} catch (e) {
  failed = true;
  record('runner', false, e.stack ?? e.message);
} finally {
  await cleanup();
}
const passed = summary.filter((s) => s.ok).length;
const failedN = summary.filter((s) => !s.ok).length;
writeFileSync(join(results, 'summary.json'), JSON.stringify({ summary, ms: Date.now() - t0 }, null, 2));
console.log(`total ${secs(Date.now() - t0)}; logs in ${results}`);
console.log(`vscode parts: ${passed} ok, ${failedN} failed`);
// mocha-style closing lines: tests and browser checks across all parts (scripts/test.mjs reads them)
console.log(`  ${counts.passing} passing`);
if (counts.pending) console.log(`  ${counts.pending} pending`);
console.log(`  ${counts.failing + (failedN && !counts.failing ? failedN : 0)} failing`);
process.exit(failed || failedN ? 1 : 0);
