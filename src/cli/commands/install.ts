// `proofmeter install [--local] [--dir DIR]`: copies this runner into <DIR>/.claude/proofmeter/
// and merges the hook entries and the statusLine into .claude/settings.json (settings.local.json
// with --local). Other settings are never changed; running it twice changes nothing.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUNNER_REL, statuslineCommand } from '../../core/install/entries';
import { hookNode } from '../../workspace/hookNode';
import { resealMeter } from '../../workspace/sealRecord/take';
import { installMeter } from '../../workspace/hookInstaller';
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
  const { ws, name, local } = target;
  const r = installMeter(ws, name, runnerSource(io.env), new Date(), hookNode(io.env));
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
    io.out(`  in=$(cat); echo "$(printf '%s' "$in" | YOUR_COMMAND) · $(printf '%s' "$in" | ${statuslineCommand({ node: hookNode(io.env) })})"`);
    io.out(`where YOUR_COMMAND is: ${r.userStatusLine}`);
  }
  if (resealed) io.out('The seal was retaken with the meter as installed now.');
  if (r.changed) io.out('Hooks take effect in new Claude Code sessions (or after reviewing them in /hooks). Check with: proofmeter doctor');
  return { code: 0 };
}
