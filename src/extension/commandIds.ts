// The extension's command ids, the one list: the command table is typed by it, the host test checks
// that each is registered, a unit test checks package.json's contributions against it both ways,
// and the webviews' allowlist is a typed part of it. Plain data (no vscode), so the protocol and
// the tests can import it.

/** The commands of the table in commands.ts. */
export const TABLE_COMMANDS = [
  'proofmeter.setGoal',
  'proofmeter.adoptPlan',
  'proofmeter.verify',
  'proofmeter.installHooks',
  'proofmeter.uninstallHooks',
  'proofmeter.showTally',
  'proofmeter.openDashboard',
  'proofmeter.doctor',
  'proofmeter.start',
  'proofmeter.newPlan',
  'proofmeter.checkPlan',
  // The person-only remedies of the CLI, as commands (remedyCommands.ts).
  'proofmeter.restoreGoal',
  'proofmeter.reseal',
  'proofmeter.acceptFinding',
] as const;

/** The compaction proxy's two, registered by proxyCommands.ts. */
export const PROXY_COMMANDS = ['proofmeter.startProxy', 'proofmeter.stopProxy'] as const;

/** Opening a run from a CodeLens or the evidence tree, registered by runDocument.ts. */
export const OPEN_RUN = 'proofmeter.openRun';

/** Closing one of the person's own items (the tree's menu, the dashboard, the palette), registered by closeItem.ts. */
export const CLOSE_ITEM = 'proofmeter.closeItem';

/** Every command the extension contributes (package.json contributes.commands). */
export const COMMANDS = [...TABLE_COMMANDS, ...PROXY_COMMANDS, OPEN_RUN, CLOSE_ITEM] as const;

export type TableCommandId = (typeof TABLE_COMMANDS)[number];
export type CommandId = (typeof COMMANDS)[number];

/**
 * What a webview button may ask the host to run. A webview is untrusted, so this stays a short
 * list of commands without arguments; each still checks workspace trust itself.
 */
export const WEBVIEW_COMMANDS = [
  'proofmeter.verify',
  'proofmeter.adoptPlan',
  'proofmeter.setGoal',
  'proofmeter.installHooks',
  'proofmeter.uninstallHooks',
  'proofmeter.doctor',
  'proofmeter.showTally',
  'proofmeter.start',
  // The integrity banner's remedies; each shows what it changes and asks before it acts.
  'proofmeter.restoreGoal',
  'proofmeter.reseal',
  'proofmeter.acceptFinding',
] as const satisfies readonly TableCommandId[];

export type WebviewCommandId = (typeof WEBVIEW_COMMANDS)[number];
