// What install and uninstall act on: the workspace from --dir and the settings file from --local,
// once the check that the person runs the command has let it through.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SettingsName } from '../../workspace/hookInstaller';
import { personOnlyRefusal } from '../../workspace/personOnly';
import { UsageError, type Io } from '../io';

export interface HookTarget {
  ws: string;
  name: SettingsName;
  local: boolean;
}

/** The target; null when the command is refused, the refusal already said on stderr. */
export function hookTarget(command: 'install' | 'uninstall', args: string[], io: Io): HookTarget | null {
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
