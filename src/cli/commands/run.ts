// `proofmeter run [--proxy [proxy flags]] -- claude [ARGS...]`: starts Claude Code locked to the
// sandbox. Claude Code gets `--settings FILE` (launchSettings.ts: the sandbox block with absolute
// paths), which it ranks above project and local settings, so neither can switch the sandbox off
// or run commands outside it for this session; the hooks see PROOFMETER_LAUNCH_SETTINGS and read
// the protection as `kernel, locked`. With --proxy, the compaction proxy runs in front of it.
import { basename } from 'node:path';
import { LAUNCH_SETTINGS_ENV, writeLaunchSettings } from '../../workspace/launchSettings';
import { sandboxSupport } from '../../workspace/sandboxSupport';
import { runChild } from '../childRun';
import { UsageError, type CommandResult, type Io } from '../io';

const USAGE = 'usage: proofmeter run [--proxy [proxy flags]] -- claude [ARGS...]';

/** A Claude Code binary by its name: the only command `--settings` is given to. */
function isClaude(cmd: string): boolean {
  return /^claude(\.exe)?$/.test(basename(cmd));
}

export async function run(args: string[], io: Io): Promise<CommandResult> {
  const dash = args.indexOf('--');
  if (dash < 0 || dash === args.length - 1) throw new UsageError(USAGE);
  const before = args.slice(0, dash);
  const proxy = before.includes('--proxy');
  const flags = before.filter((a) => a !== '--proxy');
  if (!proxy && flags.length) throw new UsageError(`unknown option ${flags[0]}; ${USAGE}`);
  let cmd = args.slice(dash + 1);
  let env: NodeJS.ProcessEnv = io.env;
  if (isClaude(cmd[0]!)) {
    const support = sandboxSupport(io.env);
    if (support.supported) {
      const file = writeLaunchSettings(io.cwd, io.env);
      cmd = [cmd[0]!, '--settings', file, ...cmd.slice(1)];
      env = { ...io.env, [LAUNCH_SETTINGS_ENV]: file };
    } else {
      io.err(`proofmeter run: Claude Code's sandbox cannot run here (${support.missing.length ? `${support.missing.join(' and ')} missing: apt-get install bubblewrap socat` : 'it needs Linux or macOS'}); starting Claude Code without it, protection: guard only.`);
    }
  } else if (!proxy) {
    throw new UsageError(`proofmeter run starts Claude Code; ${USAGE}`);
  }
  if (proxy) return (await import('./proxyServe')).run('run', [...flags, '--', ...cmd], { ...io, env });
  return { code: await runChild(cmd, env, io, 'proofmeter run') };
}
