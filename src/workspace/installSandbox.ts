// The sandbox block install writes for a settings file: project settings name the state folder
// from the project and a folder under HOME as `~/…` (the file is shared, so it holds no one's
// home folder); local settings, which are one person's, name every folder from the root.
import { homedir } from 'node:os';
import { sandboxBlock } from '../core/install/sandboxBlock';
import type { Settings } from '../core/install/settingsMerge';
import type { SettingsName } from './installRecord';
import { outsideStateDir, realWorkspace } from './sealRecord/paths';

export function installSandboxBlock(workspace: string, name: SettingsName, env: NodeJS.ProcessEnv): Settings {
  return sandboxBlock({
    anchor: name === 'settings.json' ? 'project' : 'absolute',
    shared: name === 'settings.json',
    workspace: realWorkspace(workspace),
    outsideDir: outsideStateDir(env),
    home: env.HOME || homedir(),
  });
}
