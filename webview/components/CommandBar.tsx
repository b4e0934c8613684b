// Buttons that run Proofmeter commands in the host; nothing at all in an untrusted workspace.
import { useActions, type CommandId } from '../actions';

export interface CommandButton {
  command: CommandId;
  label: string;
}

export const DASHBOARD_COMMANDS: CommandButton[] = [
  { command: 'proofmeter.verify', label: 'Verify' },
  { command: 'proofmeter.installHooks', label: 'Install Hooks' },
  { command: 'proofmeter.doctor', label: 'Doctor' },
];

export function CommandBar({ commands, label = 'Proofmeter commands' }: { commands: CommandButton[]; label?: string }) {
  const { canRunCommands, runCommand } = useActions();
  if (!canRunCommands) return null;
  return (
    <div class="pm-commands" role="group" aria-label={label}>
      {commands.map((c) => (
        <button key={c.command} type="button" class="pm-button" onClick={() => runCommand(c.command)}>
          {c.label}
        </button>
      ))}
    </div>
  );
}
