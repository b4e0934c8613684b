// `proofmeter uninstall [--local] [--dir DIR]`: removes exactly the entries install added. When
// nothing else changed since, the settings file gets its pre-install bytes back.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RUNNER_REL } from '../../core/install/entries';
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { personOnlyRefusal } from '../../workspace/personOnly';
import { passSettingsChange } from '../../workspace/settingsPass';
import { resealMeter } from '../../workspace/sealRecord/take';
import { uninstallMeter, type SettingsName } from '../../workspace/hookInstaller';
import { UsageError, type CommandResult, type Io } from '../io';

export function run(args: string[], io: Io): CommandResult {
  const { values, positionals } = parseArgs({ args, options: { local: { type: 'boolean' }, dir: { type: 'string' } }, allowPositionals: true });
  if (positionals.length) throw new UsageError('usage: proofmeter uninstall [--local] [--dir DIR]');
  const ws = resolve(io.cwd, values.dir ?? '.');
  const refusal = personOnlyRefusal(ws, 'hooks');
  if (refusal) {
    io.err(`proofmeter uninstall: ${refusal}`);
    return { code: 1 };
  }
  const name: SettingsName = values.local ? 'settings.local.json' : 'settings.json';
  const r = uninstallMeter(ws, name);
  // A running session's ConfigChange gate lets exactly this change through (workspace/settingsPass.ts).
  if (r.changed) passSettingsChange(ws, [join(ws, '.claude', name)]);
  const file = `.claude/${name}`;
  if (!r.changed) io.out(`No proofmeter entries in ${file}: nothing to remove.`);
  else {
    const how = { backup: 'restored byte for byte from the pre-install backup', deleted: 'deleted (install had created it)', rewritten: 'rewritten without them (other changes since install are kept)', none: '' }[r.restored];
    io.out(`Removed ${r.removed.length} proofmeter entr${r.removed.length === 1 ? 'y' : 'ies'} from ${file}: ${how}.`);
    if (r.backup) io.out(`The file as it was before uninstall is in ${r.backup.slice(ws.length + 1)}.`);
  }
  if (r.runnerRemoved) io.out(`Removed the runner ${RUNNER_REL}. The goal and records in ${METER_STATE_DIR}/ are kept.`);
  // The person removed the gates: the seal says so, so the tally does not read it as tampering.
  if (resealMeter(ws, io.env, 'uninstall')) io.out('The seal was retaken without the hooks.');
  return { code: 0 };
}
