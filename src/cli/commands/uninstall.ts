// `proofmeter uninstall [--local] [--dir DIR]`: removes exactly the entries install added. When
// nothing else changed since, the settings file gets its pre-install bytes back.
import { join } from 'node:path';
import { RUNNER_REL } from '../../core/install/entries';
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { passSettingsChange } from '../../workspace/settingsPass';
import { resealMeter } from '../../workspace/sealRecord/take';
import { uninstallMeter } from '../../workspace/hookInstaller';
import { installSandboxBlock } from '../../workspace/installSandbox';
import type { CommandResult, Io } from '../io';
import { hookTarget } from './hookTarget';

export function run(args: string[], io: Io): CommandResult {
  const target = hookTarget('uninstall', args, io);
  if (!target) return { code: 1 };
  const { ws, name } = target;
  const r = uninstallMeter(ws, name, installSandboxBlock(ws, name, io.env));
  // A running session's ConfigChange gate lets exactly this change through (workspace/settingsPass.ts).
  if (r.changed) passSettingsChange(ws, [join(ws, '.claude', name)]);
  const file = `.claude/${name}`;
  if (!r.changed) io.out(`No proofmeter entries in ${file}: nothing to remove.`);
  else {
    const how = { backup: 'restored byte for byte from the pre-install backup', deleted: 'deleted (install had created it)', rewritten: 'rewritten without them (other changes since install are kept)', none: '' }[r.restored];
    io.out(`Removed ${r.removed.length} proofmeter entr${r.removed.length === 1 ? 'y' : 'ies'} from ${file}: ${how}.`);
    if (r.backup) io.out(`The file as it was before uninstall is in ${r.backup.slice(ws.length + 1)}.`);
  }
  if (r.excludeRemoved) io.out('Took out the lines install --local added to .git/info/exclude.');
  if (r.runnerRemoved) io.out(`Removed the runner ${RUNNER_REL}. The goal and records in ${METER_STATE_DIR}/ are kept.`);
  // The person removed the gates: the seal says so, so the tally does not read it as tampering.
  if (resealMeter(ws, io.env, 'uninstall')) io.out('The seal was retaken without the hooks.');
  return { code: 0 };
}
