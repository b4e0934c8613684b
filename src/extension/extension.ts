// Proofmeter's VS Code extension host: status bar items, the dashboard and the evidence view, the
// commands. It activates in every window (onStartupFinished: after the workbench is up, so it delays
// nothing), because a goal can be frozen from a terminal at any time. So activation is cheap:
// commands and the view provider are registered, one folder is watched, and nothing is read beyond
// checking for .claude/proofmeter/goal.json until a goal exists or a view is opened.
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import type { ViewName, ViewState } from '../protocol';
import { goalPath } from '../workspace/goalState';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { HookHealthLive } from './hookHealthLive';
import { registerCloseItem } from './closeItem';
import { loadGates, registerCommands, refuseUntrusted } from './commands';
import { Log } from './log';
import { Meter, type RefreshStats } from './meter';
import { EvidenceTree } from './evidenceTree';
import { FailureNotifier } from './failureNotifier';
import { PlanDiagnostics } from './planDiagnostics';
import { PlanFixes } from './planFixes';
import { PlanLens } from './planLens';
import { RunDocuments } from './runDocument';
import { registerProxy } from './proxyCommands';
import { readSettings, type Settings } from './settings';
import { StatusBar } from './statusBar';
import { runCliStreaming } from './cliStream';
import { PlanTests, type TestRunOutcome, type TestsSnapshot } from './testingView';
import { WalkthroughKeys, workspaceFacts } from './walkthroughKeys';
import type { WalkthroughStep } from './walkthroughSteps';
import { Webviews, type MessageOutcome } from './webviews';
import { answerConfirmations } from './confirm';
import type { Question } from './remedyQuestions';
import { registerSealedDocuments } from './sealedDiff';
import { registerTerminalPath, type TerminalPath } from './terminalPath';

/** What activate() returns: read by the extension-host tests, stable enough for other extensions. */
export interface ProofmeterApi {
  readonly apiVersion: 1;
  /** The folder the meter works on, or null with no folder open. */
  folder(): string | null;
  state(): ViewState | null;
  refresh(opts?: { fromScratch?: boolean }): Promise<ViewState | null>;
  statusBar(): { progress: ItemSnapshot; git: ItemSnapshot } | null;
  stats(): RefreshStats | null;
  webviews(): { dashboardOpen: boolean; sidebarResolved: boolean; counts: Webviews['counts'] };
  /** Feeds a message as if a page had sent it (for tests of the message checks). */
  receive(view: ViewName, message: unknown): Promise<MessageOutcome>;
  log(): readonly string[];
  /** What the native evidence browser (proofmeter.items) shows: its groups, items and badge. */
  tree(): ReturnType<EvidenceTree['snapshot']>;
  /** How long activation took: loading the bundle, then activate() itself (ms). */
  activation(): { loadMs: number; activateMs: number };
  /** `proofmeter` on the integrated terminals' PATH: the folder and what the collection holds. */
  terminalPath(): TerminalPath;
  /** Answers the remedies' confirmations in place of the person (host tests); null gives them back to the modal. */
  answerConfirmations(fn: ((q: Question) => boolean) | null): void;
  /** The Testing view's plan items (the proofmeter test controller) and the states given them. */
  tests(): TestsSnapshot;
  /** Runs these items (null: all) through the run profile's handler; `confirmed` stands for the person's answer to its modal. */
  runTests(ids: string[] | null, opts?: { confirmed?: boolean; token?: vscode.CancellationToken }): Promise<TestRunOutcome>;
  /** The walkthrough's completion keys as this window last set them (VS Code cannot read them back). */
  walkthrough(): Record<WalkthroughStep, boolean>;
}

// Set by the bundle's first line (esbuild banner) when it starts loading; absent under tsx.
declare const __proofmeterLoadStart: number | undefined;
const loadStart = typeof __proofmeterLoadStart === 'number' ? __proofmeterLoadStart : performance.now();
const loadEnd = performance.now();

export interface ItemSnapshot {
  text: string;
  tooltip: string;
  visible: boolean;
  background: string | null;
  command: string | null;
}

/** The folder to meter: the first one with a goal, else the first one. */
function pickFolder(): vscode.WorkspaceFolder | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.find((f) => f.uri.scheme === 'file' && existsSync(goalPath(f.uri.fsPath))) ?? folders.find((f) => f.uri.scheme === 'file');
}

export function activate(context: vscode.ExtensionContext): ProofmeterApi {
  const t0 = performance.now();
  // What this activation meters now; replaced when the workspace folders change.
  let current: { meter: Meter | undefined; statusBar: StatusBar | undefined } = { meter: undefined, statusBar: undefined };
  const log = new Log();
  context.subscriptions.push(log);
  const webviews = new Webviews(context.extensionUri, () => current.meter, log);
  context.subscriptions.push(webviews);

  const config = (): Settings => {
    const section = vscode.workspace.getConfiguration('proofmeter');
    return readSettings((k) => section.get(k), (m) => log.warn(m));
  };
  let settings = config();
  let notifier: FailureNotifier | undefined;
  let healthLive: HookHealthLive | undefined;
  context.subscriptions.push(
    { dispose: () => notifier?.dispose() },
    { dispose: () => healthLive?.dispose() },
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('proofmeter')) return;
      settings = config();
      const m = current.meter;
      if (m && current.statusBar) current.statusBar.render(m.idleState());
    }),
  );

  const walkthrough = new WalkthroughKeys((key, value) => vscode.commands.executeCommand('setContext', key, value));
  const planLens = new PlanLens(() => current.meter);
  const tree = new EvidenceTree(() => current.meter);
  context.subscriptions.push(planLens, tree, new RunDocuments(() => current.meter), new PlanFixes((uri, d) => diagnostics.fixFor(uri, d)));
  const planTests = new PlanTests({
    meter: () => current.meter,
    log,
    refuseUntrusted: (what) => refuseUntrusted({ log }, what),
    runCli: (args, cwd, onLine, signal) => runCliStreaming(context.extensionPath, args, cwd, onLine, signal, settings.cliPath),
  });
  context.subscriptions.push(planTests);

  const setUp = (): void => {
    notifier?.dispose();
    healthLive?.dispose();
    healthLive = undefined;
    current.statusBar?.dispose();
    current.meter?.dispose();
    const folder = pickFolder();
    if (!folder) {
      current = { meter: undefined, statusBar: undefined };
      tree.refresh();
      planTests.refresh();
      return;
    }
    const meter = new Meter(folder, log);
    const statusBar = new StatusBar(meter, () => settings.showGitItem);
    notifier = new FailureNotifier(meter.onDidChange, () => settings.notifyOnFailure);
    // The hooks append to health.jsonl as they fire: the open dashboard's "last fired" follows
    // (watched from the first page on, see onDidBecomeReady below).
    if (webviews.dashboardOpen) healthLive = new HookHealthLive(meter.cwd, METER_STATE_DIR.split('/'), () => gatesLive());
    // (disposed with the meter's emitter)
    meter.onDidChange((s) => webviews.post(s));
    meter.onDidChange(() => planLens.refresh());
    meter.onDidChange(() => tree.refresh());
    meter.onDidChange(() => planTests.refresh());
    // A goal frozen anywhere (a terminal's adopt, /goal, a plan approval) completes the steps to one.
    meter.onDidChange((s) => {
      if (s.tally?.goal.frozenBy) walkthrough.goalFrozen();
    });
    current = { meter, statusBar };
    tree.refresh();
    planTests.refresh();
    // The keys from what the folder holds, after activation returns (it reads and parses the plan).
    const cwd = meter.cwd;
    setTimeout(() => {
      if (current.meter?.cwd !== cwd) return;
      try {
        walkthrough.start(workspaceFacts(cwd));
      } catch (e) {
        log.warn(`walkthrough keys: ${e instanceof Error ? e.message : String(e)}`);
      }
    }, 0);
  };
  setUp();
  const diagnostics = new PlanDiagnostics(() => current.meter?.planPath() ?? null);
  context.subscriptions.push(diagnostics);
  const commandContext = { extensionPath: context.extensionPath, log, meter: () => current.meter, webviews, diagnostics, settings: () => settings, walkthrough };
  context.subscriptions.push(
    { dispose: () => (current.statusBar?.dispose(), current.meter?.dispose(), (current = { meter: undefined, statusBar: undefined })) },
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      const next = pickFolder();
      if (next?.uri.toString() !== current.meter?.folder.uri.toString()) {
        log.info(`workspace folders changed: metering ${next?.uri.fsPath ?? 'nothing'}`);
        setUp();
      }
    }),
    ...registerCommands(commandContext),
  );
  context.subscriptions.push(...registerProxy(context, (line) => log.info(line)).disposables);
  context.subscriptions.push(registerCloseItem(context.extensionPath, () => current.meter));
  const terminalPath = registerTerminalPath(context, () => settings.cliPath, log);
  context.subscriptions.push(...terminalPath.disposables, registerSealedDocuments(), { dispose: () => answerConfirmations(null) });
  // Hook health for the dashboard: `proofmeter doctor --json` when a page opens (at most every 10 s).
  let gatesAt = 0;
  const gatesLive = (): void => {
    const m = current.meter;
    if (!m || !webviews.dashboardOpen || !vscode.workspace.isTrusted) return;
    gatesAt = Date.now();
    void loadGates(commandContext, m).catch((e: unknown) => log.warn(`doctor: ${e instanceof Error ? e.message : String(e)}`));
  };
  context.subscriptions.push(
    webviews.onDidBecomeReady(() => {
      const m = current.meter;
      if (m && !healthLive) healthLive = new HookHealthLive(m.cwd, METER_STATE_DIR.split('/'), () => gatesLive());
      if (!m || !vscode.workspace.isTrusted || Date.now() - gatesAt < 10_000) return;
      gatesAt = Date.now();
      void loadGates(commandContext, m).catch((e: unknown) => log.warn(`doctor: ${e instanceof Error ? e.message : String(e)}`));
    }),
  );
  const activation = { loadMs: loadEnd - loadStart, activateMs: performance.now() - t0 };
  log.info(`activated in ${activation.activateMs.toFixed(1)} ms, bundle loaded in ${activation.loadMs.toFixed(1)} ms (${vscode.env.appName} ${vscode.version}, trusted=${vscode.workspace.isTrusted}, folder=${current.meter?.cwd ?? 'none'})`);

  // ThemeColor's type declares no fields; the id it was made with is there at run time.
  const colorId = (color: { id?: string } | undefined) => color?.id ?? null;
  const snap = (item: vscode.StatusBarItem, shown: () => boolean): ItemSnapshot => ({
    text: item.text,
    tooltip: typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? ''),
    visible: shown(),
    background: colorId(item.backgroundColor),
    command: typeof item.command === 'string' ? item.command : (item.command?.command ?? null),
  });
  return {
    apiVersion: 1,
    folder: () => current.meter?.cwd ?? null,
    state: () => current.meter?.current() ?? null,
    refresh: async (opts) => (current.meter ? current.meter.refresh('api refresh', opts ?? {}) : null),
    statusBar: () => {
      const sb = current.statusBar;
      if (!sb) return null;
      return { progress: snap(sb.progress, () => sb.shown.progress), git: snap(sb.git, () => sb.shown.git) };
    },
    stats: () => (current.meter ? { ...current.meter.stats } : null),
    webviews: () => ({ dashboardOpen: webviews.dashboardOpen, sidebarResolved: webviews.sidebarResolved, counts: webviews.counts }),
    receive: (view, message) => webviews.receive(view, message),
    log: () => log.recent,
    tree: () => tree.snapshot(),
    activation: () => ({ ...activation }),
    terminalPath: () => terminalPath.snapshot(),
    answerConfirmations,
    tests: () => planTests.snapshot(),
    runTests: (ids, opts) => planTests.runItems(ids, opts),
    walkthrough: () => walkthrough.snapshot(),
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
