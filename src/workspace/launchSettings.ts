// The `--settings` file `proofmeter run` gives Claude Code: the sandbox block with every path
// absolute. Claude Code ranks a command-line settings file above project and local settings, so a
// project `sandbox.enabled: false` or `excludedCommands` no longer applies (measured with 2.1.332).
// It lives beside the seal's outside copy, a folder the block itself keeps the agent from writing.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { sandboxBlock } from '../core/install/sandboxBlock';
import { formatSettings } from '../core/install/settingsMerge';
import { writeFileAtomic } from './atomicWrite';
import { outsideSealDir, outsideStateDir, realWorkspace } from './sealRecord/paths';

/** Set for Claude Code (and so for its hooks) by `proofmeter run`: the --settings file it was given. */
export const LAUNCH_SETTINGS_ENV = 'PROOFMETER_LAUNCH_SETTINGS';

export function launchSettingsPath(workspace: string, env: NodeJS.ProcessEnv): string {
  return join(outsideSealDir(realWorkspace(workspace), env), 'launch-settings.json');
}

/** Writes the launcher's settings file for this workspace and returns its path. */
export function writeLaunchSettings(workspace: string, env: NodeJS.ProcessEnv): string {
  const ws = realWorkspace(workspace);
  const block = sandboxBlock({ anchor: 'absolute', workspace: ws, outsideDir: outsideStateDir(env), home: env.HOME || homedir() });
  const path = launchSettingsPath(ws, env);
  writeFileAtomic(path, formatSettings(block, { indent: '  ', eol: '\n', finalNewline: true }), { mode: 0o644 });
  return path;
}
