// The protection in force for a workspace now (core/install/protection.ts), from the settings files
// of every level as they are on disk, the launcher's --settings file when this process descends
// from `proofmeter run`, and what the platform has.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { protectionOf, type Protection, type ProtectionSource } from '../core/install/protection';
import { parseSettings, type Settings } from '../core/install/settingsMerge';
import { LAUNCH_SETTINGS_ENV } from './launchSettings';
import { outsideStateDir, realWorkspace } from './sealRecord/paths';
import { sandboxSupport } from './sandboxSupport';
import { settingsFiles } from './settingsFiles';

/** A settings file's object; an absent or unreadable file holds nothing, so it switches nothing on. */
function readSettings(path: string): Settings | null {
  try {
    const p = parseSettings(readFileSync(path, 'utf8'));
    return p.ok ? p.value : null;
  } catch {
    return null;
  }
}

export function protectionNow(workspace: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Protection {
  const ws = realWorkspace(workspace);
  const levels: Array<{ source: ProtectionSource; settings: Settings | null }> = settingsFiles(ws, env, platform).map((f) => ({ source: f.level, settings: readSettings(f.path) }));
  const launchFile = env[LAUNCH_SETTINGS_ENV];
  const launcher = launchFile ? readSettings(launchFile) : null;
  if (launcher) levels.push({ source: 'launcher', settings: launcher });
  const support = sandboxSupport(env, platform);
  return protectionOf({
    supported: support.supported,
    missing: support.missing,
    levels,
    launched: launcher !== null,
    workspace: ws,
    outsideDir: outsideStateDir(env),
    home: env.HOME || homedir(),
  });
}
