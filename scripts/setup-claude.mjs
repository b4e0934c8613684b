#!/usr/bin/env node
// Installs the pinned Claude Code CLI into <repo>/.cache/claude-code/ (git-ignored) and prints the
// path of its binary. A fast no-op when that version is already there.
//
//   node scripts/setup-claude.mjs          install if needed, print the binary path
//   import { ensureClaude } from './setup-claude.mjs'; const bin = await ensureClaude();
//
// Environment: PROOFMETER_CLAUDE_BIN, when set to an executable, is used as is (no install).
// Version 2.1.332 is a native binary (about 400 MB) from the optional dependency
// @anthropic-ai/claude-code-linux-x64; its `engines: node>=22` only makes older npm versions warn.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLAUDE_VERSION = '2.1.332';
export const CLAUDE_PACKAGE = '@anthropic-ai/claude-code';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the CLI is (or will be) installed. */
export function claudePrefix(root = repoRoot) {
  return join(root, '.cache', 'claude-code');
}

/** The path of the `claude` launcher inside the prefix. */
export function claudeBinPath(root = repoRoot) {
  return join(claudePrefix(root), 'node_modules', '.bin', 'claude');
}

function isExecutable(p) {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The installed version, or null when the pinned package is missing or broken. */
function installedVersion(root) {
  const pkg = join(claudePrefix(root), 'node_modules', CLAUDE_PACKAGE, 'package.json');
  if (!existsSync(pkg)) return null;
  try {
    const v = JSON.parse(readFileSync(pkg, 'utf8')).version;
    return isExecutable(claudeBinPath(root)) ? v : null;
  } catch {
    return null;
  }
}

function run(cmd, args, opts) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

let pending = null;

/**
 * Makes sure the pinned CLI is installed and returns the absolute path of its binary.
 * Concurrent calls in one process share one install.
 */
export function ensureClaude(root = repoRoot) {
  const override = process.env.PROOFMETER_CLAUDE_BIN;
  if (override) {
    if (!isExecutable(override)) return Promise.reject(new Error(`PROOFMETER_CLAUDE_BIN=${override} is not executable`));
    return Promise.resolve(override);
  }
  if (installedVersion(root) === CLAUDE_VERSION) return Promise.resolve(realpathSync(claudeBinPath(root)));
  pending ??= (async () => {
    const prefix = claudePrefix(root);
    mkdirSync(prefix, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    await run(npm, [
      'install',
      '--prefix', prefix,
      '--no-audit', '--no-fund', '--loglevel', 'error',
      `${CLAUDE_PACKAGE}@${CLAUDE_VERSION}`,
    ], { cwd: prefix });
    const v = installedVersion(root);
    if (v !== CLAUDE_VERSION) throw new Error(`installed ${CLAUDE_PACKAGE} reports version ${v}, wanted ${CLAUDE_VERSION}`);
    return realpathSync(claudeBinPath(root));
  })().finally(() => { pending = null; });
  return pending;
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  ensureClaude().then(
    (bin) => { process.stdout.write(bin + '\n'); },
    (err) => { process.stderr.write(`setup-claude: ${err.message}\n`); process.exit(1); },
  );
}
