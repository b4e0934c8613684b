// What install and uninstall both take: `[--local] [--dir DIR]`, the workspace and settings file
// they name, refused (with the reason on stderr) where only the person may change the hooks.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { personOnlyRefusal } from '../../workspace/personOnly';
import type { SettingsName } from '../../workspace/hookInstaller';
import { UsageError, type Io } from '../io';

export interface HooksTarget {
  ws: string;
  name: SettingsName;
  local: boolean;
}

/** null when refused: the reason is written, and the command exits 1. */
export function hooksTarget(command: 'install' | 'uninstall', args: string[], io: Io): HooksTarget | null {
  const { values, positionals } = parseArgs({ args, options: { local: { type: 'boolean' }, dir: { type: 'string' } }, allowPositionals: true });
  if (positionals.length) throw new UsageError(`usage: proofmeter ${command} [--local] [--dir DIR]`);
  const ws = resolve(io.cwd, values.dir ?? '.');
  const refusal = personOnlyRefusal(ws, 'hooks');
  if (refusal) {
    io.err(`proofmeter ${command}: ${refusal}`);
    return null;
  }
  const local = values.local === true;
  return { ws, name: local ? 'settings.local.json' : 'settings.json', local };
}
