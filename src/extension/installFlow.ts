// Install Hooks' questions, in order, kept free of the vscode module so the unit tests can answer
// them: where (the project's settings or only this person's), whether Claude's Bash commands run in
// Claude Code's sandbox, then the list of files to confirm. What code passed as the answers
// (`{ where, sandbox, confirmed: true }`, never a webview: its runCommand carries no arguments) is
// not asked again; `confirmed` takes the pre-selection for a sandbox answer it does not give.
import type { SandboxSupport } from '../workspace/sandboxSupport';
import { hookArgs, installedWhere, installFiles, settingsFile, WHERE_CHOICES, whereChoices, type InstallWhere } from './installChoice';

export interface SandboxOption {
  label: string;
  /** One line on what it changes for the person, or why it cannot run here. */
  detail: string;
  /** Pre-selected where the sandbox can run. */
  picked: boolean;
}

/** The apt package of each program the sandbox needs (sandboxSupport names programs). */
const PACKAGE: Record<string, string> = { bwrap: 'bubblewrap', socat: 'socat' };

export function sandboxOption(support: SandboxSupport): SandboxOption {
  if (support.supported) {
    return {
      label: "Run Claude's Bash commands in Claude Code's sandbox (recommended)",
      detail: "The meter's files become read-only to them, and a command cannot ask to leave the sandbox.",
      picked: true,
    };
  }
  const packages = support.missing.map((m) => PACKAGE[m] ?? m);
  return {
    label: "Run Claude's Bash commands in Claude Code's sandbox (cannot run here)",
    detail: packages.length ? `Needs ${packages.join(' and ')}: apt-get install ${packages.join(' ')}` : "Claude Code's sandbox needs Linux or macOS.",
    picked: false,
  };
}

export interface InstallAsk {
  where(choices: typeof WHERE_CHOICES): Promise<InstallWhere | undefined>;
  /** true: ticked, false: unticked, undefined: the person cancelled. */
  sandbox(option: SandboxOption, where: InstallWhere): Promise<boolean | undefined>;
  /** The modal confirmation, with the list of files; true for Install. */
  confirm(question: string, detail: string): Promise<boolean>;
}

export interface InstallPlan {
  where: InstallWhere;
  sandbox: boolean;
  /** The arguments of `proofmeter install`. */
  args: string[];
}

/** The install the person chose, or null when they cancelled at any step. */
export async function installFlow(cwd: string, given: unknown, support: SandboxSupport, ask: InstallAsk): Promise<InstallPlan | null> {
  const g = typeof given === 'object' && given !== null ? (given as { where?: unknown; sandbox?: unknown; confirmed?: unknown }) : {};
  const confirmed = g.confirmed === true;
  // Install again where the hooks are is the repair (of a changed runner, disarmed settings): offered first.
  const where = g.where === 'project' || g.where === 'local' ? g.where : await ask.where(whereChoices(installedWhere(cwd)));
  if (!where) return null;
  const option = sandboxOption(support);
  const sandbox = typeof g.sandbox === 'boolean' ? g.sandbox : confirmed ? option.picked : await ask.sandbox(option, where);
  if (sandbox === undefined) return null;
  if (!confirmed) {
    const detail = `It adds or changes:\n${installFiles(cwd, where, sandbox && support.supported).map((f) => `• ${f}`).join('\n')}`;
    if (!(await ask.confirm(`Install the Proofmeter hooks in ${settingsFile(where)}?`, detail))) return null;
  }
  return { where, sandbox, args: hookArgs('install', where, cwd, { sandbox }) };
}
