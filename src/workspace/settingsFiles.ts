// The settings files Claude Code reads for a workspace, in one place: the ConfigChange gate
// compares them, the guard protects them.
import { join, resolve } from 'node:path';
import { claudeConfigDir } from './transcriptFiles';

export type SettingsLevel = 'user' | 'project' | 'local' | 'managed';

/** Where an organisation's managed settings live (Claude Code reads the file and the .d folder beside it). */
export function managedSettingsDir(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? '/Library/Application Support/ClaudeCode' : '/etc/claude-code';
}

export function settingsFiles(workspace: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Array<{ level: SettingsLevel; path: string }> {
  const ws = resolve(workspace);
  return [
    { level: 'user', path: join(claudeConfigDir(env), 'settings.json') },
    { level: 'project', path: join(ws, '.claude', 'settings.json') },
    { level: 'local', path: join(ws, '.claude', 'settings.local.json') },
    { level: 'managed', path: join(managedSettingsDir(platform), 'managed-settings.json') },
  ];
}
