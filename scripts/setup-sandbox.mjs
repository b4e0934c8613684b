#!/usr/bin/env node
// Brings what Claude Code's Bash sandbox and the meter's sandboxed re-runs need on Linux:
// bubblewrap, socat (Claude Code's sandbox) and ripgrep (@anthropic-ai/sandbox-runtime, which the
// stop gate's re-run uses, looks for /usr/bin/rg). Installed with apt-get when missing and running
// as root, as setup-claude.mjs brings the CLI; otherwise it says what to install and fails, so the
// sandbox scenarios fail with the reason instead of skipping.
//
//   node scripts/setup-sandbox.mjs          install if needed, print what is there
//   import { ensureSandbox } from './setup-sandbox.mjs'; ensureSandbox();   // throws with the reason
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Program on PATH → the Debian package that brings it. */
export const SANDBOX_PROGRAMS = { bwrap: 'bubblewrap', socat: 'socat', rg: 'ripgrep' };

// The re-run looks only in fixed folders (never the proof's PATH), and the scenarios give Claude
// Code a PATH of these folders, so a program elsewhere on this process's PATH does not count.
const FIXED = ['/usr/bin', '/bin', '/usr/local/bin'];

function installed(name) {
  return FIXED.some((d) => {
    try {
      accessSync(join(d, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The programs missing here, by name. */
export function missingSandboxPrograms() {
  return Object.keys(SANDBOX_PROGRAMS).filter((p) => !installed(p));
}

/** Null when the sandbox can run here (installing what is missing if it can), else the reason it cannot. */
export function sandboxUnavailableReason() {
  if (process.platform !== 'linux') return `Claude Code's sandbox is tested here on Linux only (this is ${process.platform})`;
  let missing = missingSandboxPrograms();
  if (missing.length === 0) return null;
  const pkgs = missing.map((p) => SANDBOX_PROGRAMS[p]);
  if (process.getuid?.() !== 0) return `${missing.join(', ')} missing and not running as root: apt-get install ${pkgs.join(' ')}`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-q', ...pkgs], { stdio: ['ignore', 'inherit', 'inherit'], env });
  let r = install();
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: ['ignore', 'inherit', 'inherit'], env });
    r = install();
  }
  missing = missingSandboxPrograms();
  return missing.length ? `apt-get install ${pkgs.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}); still missing: ${missing.join(', ')}` : null;
}

/** Throws with the reason when the sandbox cannot run here. */
export function ensureSandbox() {
  const why = sandboxUnavailableReason();
  if (why) throw new Error(`Claude Code's sandbox cannot run here: ${why}`);
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  try {
    ensureSandbox();
    process.stdout.write(`sandbox programs present: ${Object.keys(SANDBOX_PROGRAMS).join(', ')}\n`);
  } catch (err) {
    process.stderr.write(`setup-sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
