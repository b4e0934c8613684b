// What a component can ask of the host, handed down through context so components stay free of
// the VS Code API. Commands exist only in a trusted workspace; opening files works read-only too.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { WebviewCommandId } from '../src/protocol';
import { postToHost, type Logger, type VsCodeApi } from './vscodeApi';

export interface Actions {
  /** false in an untrusted workspace: command buttons are not shown at all. */
  canRunCommands: boolean;
  openTranscript: (file: string, line: number) => void;
  openPlan: (line: number) => void;
  runCommand: (command: WebviewCommandId) => void;
  /** Opens Manage Workspace Trust (works untrusted: it is the way out of Restricted Mode). */
  manageTrust: () => void;
  /** Opens this workspace's .claude/proofmeter/goal.json (a fault is often about it). */
  openGoalFile: () => void;
  /** Asks the host to accept an integrity finding; the host confirms with the person first. */
  acceptFinding?: (id: string) => void;
  /** Asks the host to dismiss an integrity warning; the host confirms with the person first. */
  dismissFinding?: (id: string) => void;
  /** Asks the host to close one of the person's own items; the host confirms with the person first. */
  closeItem?: (id: string) => void;
}

const inert: Actions = { canRunCommands: false, openTranscript() {}, openPlan() {}, runCommand() {}, manageTrust() {}, openGoalFile() {} };

export const ActionsContext = createContext<Actions>(inert);

export function useActions(): Actions {
  return useContext(ActionsContext);
}

export function hostActions(api: VsCodeApi, trusted: boolean, log: Logger): Actions {
  return {
    canRunCommands: trusted,
    openTranscript: (file, line) => void postToHost(api, { type: 'openTranscript', file, line }, log),
    openPlan: (line) => void postToHost(api, { type: 'openPlan', line }, log),
    manageTrust: () => void postToHost(api, { type: 'manageTrust' }, log),
    openGoalFile: () => void postToHost(api, { type: 'openGoalFile' }, log),
    runCommand: (command) => {
      if (trusted) postToHost(api, { type: 'runCommand', command }, log);
    },
    acceptFinding: (id) => {
      if (trusted) postToHost(api, { type: 'acceptFinding', id }, log);
    },
    dismissFinding: (id) => {
      if (trusted) postToHost(api, { type: 'dismissFinding', id }, log);
    },
    closeItem: (id) => {
      if (trusted) postToHost(api, { type: 'closeItem', id }, log);
    },
  };
}
