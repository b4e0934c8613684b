// `proofmeter install [--local] [--dir DIR] [--no-sandbox]`: copies this runner into
// <DIR>/.claude/proofmeter/ and merges the hook entries, the statusLine and, where Claude Code's
// sandbox can run, the sandbox block (core/install/sandboxBlock.ts) into .claude/settings.json
// (settings.local.json with --local). Other settings are never changed; running it twice changes
// nothing.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUNNER_REL, statuslineCommand } from '../../core/install/entries';
import { hookNode } from '../../workspace/hookNode';
import { resealMeter } from '../../workspace/sealRecord/take';
import { installMeter } from '../../workspace/hookInstaller';
import type { ExcludeResult } from '../../workspace/gitExclude';
import { installSandboxBlock } from '../../workspace/installSandbox';
import { protectionNow } from '../../workspace/protectionNow';
import { sandboxSupport } from '../../workspace/sandboxSupport';
import { protectionLine } from '../../core/tally/format';
import { UserError } from '../../core/userError';
import type { CommandResult, Io } from '../io';
import { hookTarget } from './hookTarget';

function isBundle(path: string): boolean {
  try {
    return path.endsWith('.js') && readFileSync(path, 'utf8').startsWith('#!/usr/bin/env node');
  } catch {
    return false;
  }
}

/** The bundle to copy: the running one, else PROOFMETER_RUNNER, else the repository's build. */
export function runnerSource(env: NodeJS.ProcessEnv): string {
  if (env.PROOFMETER_RUNNER) {
    if (!existsSync(env.PROOFMETER_RUNNER)) throw new UserError(`PROOFMETER_RUNNER ${env.PROOFMETER_RUNNER} does not exist`);
    return env.PROOFMETER_RUNNER;
  }
  // Inside the CLI bundle every module shares the bundle's own __filename.
  if (isBundle(__filename)) return __filename;
  const built = resolve(__dirname, '..', '..', '..', 'dist', 'proofmeter.js');
  if (isBundle(built)) return built;
  throw new UserError('cannot find the proofmeter bundle to copy; build it first (node esbuild.mjs)');
}

export function run(args: string[], io: Io): CommandResult {
  const target = hookTarget('install', args, io);
  if (!target) return { code: 1 };
  const { ws, name, local, noSandbox } = target;
  const support = sandboxSupport(io.env);
  // Where it cannot run, the block is left out: Claude Code would run unsandboxed (shared settings) or not start (failIfUnavailable, one person's).
  const sandbox = noSandbox || !support.supported ? null : installSandboxBlock(ws, name, io.env);
  const r = installMeter(ws, name, runnerSource(io.env), new Date(), { node: hookNode(io.env), sandbox });
  // The meter's files and entries as the person just installed them; the goal's part is carried.
  const resealed = resealMeter(ws, io.env, 'install');
  const file = `.claude/${name}`;
  if (!r.changed) {
    io.out(`proofmeter is already installed in ${file}: nothing changed${r.runner === 'updated' ? ' (the runner was updated)' : ''}.`);
  } else {
    io.out(`Installed proofmeter in ${file}${r.createdFile ? ' (new file)' : ''}: ${r.merge.added.length} hook entr${r.merge.added.length === 1 ? 'y' : 'ies'} added${r.merge.statusLine === 'added' ? ' and the statusLine' : ''}.`);
    io.out(`Runner: ${RUNNER_REL} (${r.runner}).`);
    if (r.backup) io.out(`The previous ${file} is kept in ${r.backup.slice(ws.length + 1)}; \`proofmeter uninstall${local ? ' --local' : ''}\` removes exactly what was added.`);
  }
  if (r.userStatusLine !== null) {
    io.out('Your own statusLine is kept. To show the meter beside it, set the statusLine command to run both, e.g.:');
    io.out(`  in=$(cat); echo "$(printf '%s' "$in" | YOUR_COMMAND) · $(printf '%s' "$in" | ${statuslineCommand({ node: hookNode(io.env), portable: !local })})"`);
    io.out(`where YOUR_COMMAND is: ${r.userStatusLine}`);
  }
  sandboxLines(r.sandbox, r.sandboxKept, support.missing, noSandbox).forEach((l) => io.out(l));
  if (r.excluded) excludeLines(r.excluded).forEach((l) => io.out(l));
  else io.out('Shared: the hook entries find node on each machine. Commit .claude/settings.json and .claude/proofmeter/ (its .gitignore keeps this machine\'s records out).');
  io.out(protectionLine(protectionNow(ws, io.env)));
  if (resealed) io.out('The seal was retaken with the meter as installed now.');
  if (r.changed) io.out('Hooks take effect in new Claude Code sessions (or after reviewing them in /hooks). Check with: proofmeter doctor');
  return { code: 0 };
}

/** Where --local's files are kept out of git. */
function excludeLines(r: ExcludeResult): string[] {
  if (!r.file) return ['Only you: not a git repository, so nothing to keep out of git.'];
  if (!r.added.length) return [`Only you: already kept out of git by ${r.file}.`];
  return [`Only you: kept out of git on this machine; added to ${r.file}:`, ...r.added.map((l) => `  ${l}`)];
}

/** What install did about Claude Code's sandbox, in a line or two. */
function sandboxLines(done: 'added' | 'present' | 'removed' | 'none', kept: string[], missing: string[], noSandbox: boolean): string[] {
  const out: string[] = [];
  if (noSandbox) out.push(done === 'removed' ? "Sandbox: taken out (--no-sandbox): what an earlier install added of Claude Code's sandbox settings is removed." : "Sandbox: not installed (--no-sandbox).");
  else if (done === 'none') out.push(`Sandbox: not installed: Claude Code's sandbox cannot run here (${missing.length ? `${missing.join(' and ')} missing; install bubblewrap and socat (apt-get install bubblewrap socat) and run install again` : 'it needs Linux or macOS'}).`);
  else if (done === 'added') {
    out.push("Sandbox: on. Claude's Bash commands now run in Claude Code's sandbox: the meter's folders are read-only to them, and no command may leave the sandbox.");
    // The sandbox narrows the network too (measured with 2.1.332); never without saying so.
    out.push("  Their network goes through Claude Code's proxy: a host not in sandbox.network.allowedDomains is asked about outside bypass mode, and servers on this machine's localhost are out of their reach. --no-sandbox installs without it.");
  }
  else out.push('Sandbox: on (already in the settings).');
  for (const k of kept) out.push(`  kept your own setting: ${k}`);
  return out;
}
