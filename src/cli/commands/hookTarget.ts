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
  /** install --no-sandbox: the hooks without the sandbox block. */
  noSandbox: boolean;
}

/** The target; null when the command is refused, the refusal already said on stderr. */
export function hookTarget(command: 'install' | 'uninstall', args: string[], io: Io): HookTarget | null {
  const options = { local: { type: 'boolean' }, dir: { type: 'string' }, 'no-sandbox': { type: 'boolean' } } as const;
  const usage = `usage: proofmeter ${command} [--local] [--dir DIR]${command === 'install' ? ' [--no-sandbox]' : ''}`;
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}; ${usage}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length || (command !== 'install' && values['no-sandbox'] !== undefined)) throw new UsageError(usage);
  const ws = resolve(io.cwd, values.dir ?? '.');
  const refusal = personOnlyRefusal(ws, 'hooks');
  if (refusal) {
    io.err(`proofmeter ${command}: ${refusal}`);
    return null;
  }
  const local = values.local === true;
  return { ws, name: local ? 'settings.local.json' : 'settings.json', local, noSandbox: values['no-sandbox'] === true };
}
