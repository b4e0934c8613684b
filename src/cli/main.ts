// The proofmeter CLI and hook runner. Each subcommand's module is loaded only when it is called, so
// the status line and the hooks pay for nothing else at start-up.
import { fstatSync, readFileSync } from 'node:fs';
import { UsageError, type CommandResult, type Io } from './io';

type Loader = () => Promise<{ run: (args: string[], io: Io) => Promise<CommandResult> | CommandResult }>;

const COMMANDS: Record<string, { summary: string; load: Loader }> = {
  'check-plan': { summary: 'check-plan FILE [--json]            check a plan: every item needs a real proof', load: () => import('./commands/checkPlan') },
  tally: { summary: 'tally [--plan F --transcript T...] [--cwd D] [--json]   what is proved, what is open, the verdict', load: () => import('./commands/tally') },
  statusline: { summary: 'statusline [--context]              one line for Claude Code\'s statusLine (reads its JSON on stdin)', load: () => import('./commands/statusline') },
  context: { summary: 'context [--cwd D] [--json] [--limit N]   how full each session\'s context is, and its compactions', load: () => import('./commands/context') },
  adopt: { summary: 'adopt PLAN [--cwd D]                freeze a plan as this workspace\'s approved goal', load: () => import('./commands/adopt') },
  verify: { summary: 'verify [--cwd D] [--json] [--timeout S] [--items ID,...] [--clean]   re-run Claude\'s proofs outside its shell', load: () => import('./commands/verify') },
  handover: { summary: 'handover ID --why "..."             hand an item Claude cannot close by a command to the person', load: () => import('./commands/handover') },
  accept: { summary: 'accept F-ID [--cwd D]               accept an integrity finding (the person only; the dashboard\'s Accept runs it)', load: () => import('./commands/accept') },
  close: { summary: 'close V1 [--cwd D]                  close one of your own items (the person only; VS Code\'s Close… runs it)', load: () => import('./commands/close') },
  demo: { summary: 'demo                                the tally and status line of the bundled demo session', load: () => import('./commands/demo') },
  hook: { summary: 'hook GATE                           the Claude Code hook runner (reads the hook JSON on stdin)', load: () => import('./commands/hook') },
  install: { summary: 'install [--local] [--dir D]         install the hooks and status line into .claude/settings.json', load: () => import('./commands/install') },
  uninstall: { summary: 'uninstall [--local] [--dir D]       remove exactly what install added', load: () => import('./commands/uninstall') },
  doctor: { summary: 'doctor [--dir D] [--json] [--reseal [--preview]|--restore]   is each gate armed, is the seal intact; accept or undo a change', load: () => import('./commands/doctor') },
  run: { summary: 'run [--proxy [flags]] -- claude [ARGS]   start Claude Code locked to the sandbox (--settings the project cannot override)', load: () => import('./commands/run') },
  proxy: { summary: 'proxy serve|run -- CMD|status|replay S   the local compaction proxy for long sessions (see proxy --help)', load: () => import('./commands/proxy') },
};

export function usage(): string {
  return [
    'proofmeter: a completion meter for Claude Code sessions',
    '',
    'usage: proofmeter <command> [options]',
    '',
    ...Object.values(COMMANDS).map((c) => '  ' + c.summary),
    '',
    'Exit codes: 0 ok, 1 a check found problems, 2 bad usage or unreadable input.',
  ].join('\n');
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name ? 0 : 2;
  }
  if (name === '--version') {
    io.out(VERSION);
    return 0;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    io.err(`proofmeter: unknown command '${name}' (see proofmeter --help)`);
    return 2;
  }
  try {
    const mod = await cmd.load();
    const result = await mod.run(rest, io);
    return result.code;
  } catch (e) {
    if (e instanceof UsageError || (e as Error).name === 'UserError') {
      io.err(`proofmeter ${name}: ${(e as Error).message}`);
      return 2;
    }
    io.err(`proofmeter ${name}: internal error: ${(e as Error).message}`);
    return 2;
  }
}

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

if (require.main === module) {
  void main(process.argv.slice(2), {
    out: (s) => process.stdout.write(s + '\n'),
    err: (s) => process.stderr.write(s + '\n'),
    readStdin: readAllStdin,
    env: process.env,
    cwd: process.cwd(),
  }).then((code) => {
    process.exitCode = code;
  });
}

function readAllStdin(): Promise<string> {
  // A pipe or file is read synchronously: creating process.stdin loads stream machinery that the
  // status line and hooks would pay for on every call. A terminal gives nothing.
  try {
    const st = fstatSync(0);
    if (st.isFIFO() || st.isFile() || st.isSocket()) return Promise.resolve(readFileSync(0, 'utf8'));
    return Promise.resolve('');
  } catch {
    return Promise.resolve('');
  }
}
