// Buttons that run Proofmeter commands in the host; nothing at all in an untrusted workspace.
import { gateCount } from '../../src/extension/doctorVerdict';
import type { ViewState, WebviewCommandId } from '../../src/protocol';
import { useActions } from '../actions';

export interface CommandButton {
  command: WebviewCommandId;
  label: string;
  /** Never the primary button, whatever the bar's style (Uninstall Hooks). */
  secondary?: boolean;
}

export const DASHBOARD_COMMANDS: CommandButton[] = [
  { command: 'proofmeter.verify', label: 'Verify' },
  { command: 'proofmeter.installHooks', label: 'Install Hooks' },
  { command: 'proofmeter.doctor', label: 'Doctor' },
];

/**
 * Install Hooks turns into Uninstall Hooks once every gate is armed. secondary: the buttons beside
 * an empty state's own primary action.
 */
export function commandsFor(gates: ViewState['gates'], commands: CommandButton[] = DASHBOARD_COMMANDS): CommandButton[] {
  const { armed, total } = gateCount(gates);
  if (!(total > 0 && armed === total)) return commands;
  // Removing the gates is never the primary button; the host asks first, naming what goes.
  return commands.map((c) => (c.command === 'proofmeter.installHooks' ? { command: 'proofmeter.uninstallHooks', label: 'Uninstall Hooks…', secondary: true } : c));
}

/** One primary button per surface: the bar's first (Verify on the dashboard), none when the bar is secondary or the button never is. */
export function isPrimary(commands: CommandButton[], i: number, secondary: boolean): boolean {
  return !secondary && i === 0 && !commands[i]!.secondary;
}

export function CommandBar({ commands, label = 'Proofmeter commands', secondary = false }: { commands: CommandButton[]; label?: string; secondary?: boolean }) {
  const { canRunCommands, runCommand } = useActions();
  if (!canRunCommands) return null;
  return (
    <div class="pm-commands" role="group" aria-label={label}>
      {commands.map((c, i) => (
        <button key={c.command} type="button" class={isPrimary(commands, i, secondary) ? 'pm-button' : 'pm-button pm-button-secondary'} onClick={() => runCommand(c.command)}>
          {c.label}
        </button>
      ))}
    </div>
  );
}
