// Hosts the two webviews: the dashboard (an editor panel) and the evidence browser (a view in the
// Proofmeter activity-bar container). Both load the same bundle; `<body data-view>` says which.
// The host sends the state only by postMessage, after the page says it is ready, and checks every
// message from a page against the protocol: anything else is rejected and logged, never acted on.
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { AcceptOutcome } from './acceptFlow';
import type { CommandId } from './commandIds';
import { hostMessageSchema, webviewMessageSchema, type HostMessage, type ViewName, type ViewState, type WebviewMessage } from '../protocol';
import { goalPath } from '../workspace/goalState';
import { dismissFinding } from './dismissFinding';
import { CLOSE_ITEM } from './commandIds';
import type { Log } from './log';
import type { Meter } from './meter';
import { makeNonce, renderPage } from './webviewHtml';

export const DASHBOARD_VIEW_TYPE = 'proofmeter.dashboard';
export const SIDEBAR_VIEW_ID = 'proofmeter.evidence';

interface Client {
  view: ViewName;
  webview: vscode.Webview;
  ready: boolean;
  /** A reveal asked for before the page was ready. */
  pendingReveal: string | null;
  disposables: vscode.Disposable[];
}

export type MessageOutcome = 'ok' | 'rejected' | 'refused';

export class Webviews implements vscode.WebviewViewProvider, vscode.Disposable {
  private readonly clients = new Set<Client>();
  private panel: vscode.WebviewPanel | undefined;
  private sidebar: vscode.WebviewView | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly readyEmitter = new vscode.EventEmitter<ViewName>();
  /** A page said it is ready (it shows the state from now on). */
  readonly onDidBecomeReady = this.readyEmitter.event;
  /** Counters for the host tests and the log. */
  readonly counts = { received: 0, rejected: 0, posted: 0, ready: { dashboard: 0, sidebar: 0 } };

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly meter: () => Meter | undefined,
    private readonly log: Log,
  ) {
    this.disposables.push(
      vscode.window.registerWebviewViewProvider(SIDEBAR_VIEW_ID, this),
      vscode.window.registerWebviewPanelSerializer(DASHBOARD_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel) => {
          this.adoptPanel(panel);
        },
      }),
    );
  }

  get dashboardOpen(): boolean {
    return this.panel !== undefined;
  }

  get sidebarResolved(): boolean {
    return this.sidebar !== undefined;
  }

  private get roots(): vscode.Uri[] {
    return [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(this.extensionUri, 'media')];
  }

  private options(): vscode.WebviewOptions {
    return { enableScripts: true, enableCommandUris: false, localResourceRoots: this.roots };
  }

  openDashboard(itemId?: string): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.reveal();
    } else {
      const panel = vscode.window.createWebviewPanel(
        DASHBOARD_VIEW_TYPE,
        'Proofmeter',
        { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
        { ...this.options(), enableFindWidget: true, retainContextWhenHidden: false },
      );
      this.adoptPanel(panel);
    }
    if (itemId) this.reveal(itemId, 'dashboard');
    return this.panel!;
  }

  private adoptPanel(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'proofmeter.svg');
    this.host(panel, 'dashboard', () => {
      if (this.panel === panel) this.panel = undefined;
    });
    this.log.info('dashboard opened');
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.sidebar = view;
    this.host(view, 'sidebar', () => {
      if (this.sidebar === view) this.sidebar = undefined;
    });
    this.log.info('evidence view resolved');
  }

  /** Loads the page into a panel or a view and keeps it a client until it is closed; `forget` then drops it. */
  private host(surface: vscode.WebviewPanel | vscode.WebviewView, view: ViewName, forget: () => void): void {
    surface.webview.options = this.options();
    const client = this.attach(surface.webview, view);
    surface.onDidDispose(() => {
      this.detach(client);
      forget();
    });
  }

  private attach(webview: vscode.Webview, view: ViewName): Client {
    const client: Client = { view, webview, ready: false, pendingReveal: null, disposables: [] };
    this.clients.add(client);
    client.disposables.push(webview.onDidReceiveMessage((m: unknown) => void this.receive(client, m)));
    webview.html = this.html(webview, view);
    // The page will ask for the state; make sure there is one to give and that it stays current.
    this.meter()?.ensureLive(`${view} opened`);
    return client;
  }

  private detach(client: Client): void {
    for (const d of client.disposables) d.dispose();
    this.clients.delete(client);
  }

  html(webview: vscode.Webview, view: ViewName): string {
    const bundled = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', 'main.css');
    const style = existsSync(bundled.fsPath) ? bundled : vscode.Uri.joinPath(this.extensionUri, 'media', 'webview.css');
    return renderPage({
      view,
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', 'main.js')).toString(),
      styleUri: webview.asWebviewUri(style).toString(),
      nonce: makeNonce(),
    });
  }

  /** The state every page shows when there is no workspace meter. */
  private stateNow(): ViewState {
    const m = this.meter();
    if (m) return m.current();
    return {
      tally: null,
      fault: 'Open a folder to use Proofmeter.',
      gates: [],
      seal: [],
      sealed: false,
      trusted: vscode.workspace.isTrusted,
      updatedAt: new Date().toISOString(),
    };
  }

  /** Sends the state to every page that said it is ready. */
  post(state: ViewState): void {
    for (const c of this.clients) if (c.ready) this.send(c, { type: 'state', state });
  }

  reveal(itemId: string, view: ViewName = 'dashboard'): void {
    for (const c of this.clients) {
      if (c.view !== view) continue;
      if (c.ready) this.send(c, { type: 'reveal', itemId });
      else c.pendingReveal = itemId;
    }
  }

  private send(c: Client, msg: HostMessage): void {
    const checked = hostMessageSchema.safeParse(msg);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      this.log.error(`not sending a ${msg.type} message the protocol rejects: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'bad shape'}`);
      return;
    }
    this.counts.posted++;
    void c.webview.postMessage(checked.data);
  }

  /** Handles one message from a page. Exposed (via the test API) so tests can feed bad input. */
  async receive(client: Client | ViewName, raw: unknown): Promise<MessageOutcome> {
    this.counts.received++;
    const c = typeof client === 'string' ? [...this.clients].find((x) => x.view === client) : client;
    const view = typeof client === 'string' ? client : client.view;
    const parsed = webviewMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.counts.rejected++;
      const issue = parsed.error.issues[0];
      this.log.warn(`rejected a message from the ${view} webview (${issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'bad shape'}): ${preview(raw)}`);
      return 'rejected';
    }
    return this.act(c, view, parsed.data);
  }

  private async act(c: Client | undefined, view: ViewName, msg: WebviewMessage): Promise<MessageOutcome> {
    switch (msg.type) {
      case 'ready': {
        this.counts.ready[view]++;
        if (!c) return 'ok';
        c.ready = true;
        // Before the first compute the state goes out when it is done (Meter.onDidChange).
        const m = this.meter();
        if (!m || m.ready) this.send(c, { type: 'state', state: this.stateNow() });
        else m.ensureLive(`${view} ready`);
        if (c.pendingReveal) {
          this.send(c, { type: 'reveal', itemId: c.pendingReveal });
          c.pendingReveal = null;
        }
        this.readyEmitter.fire(view);
        return 'ok';
      }
      case 'openTranscript': {
        const m = this.meter();
        if (!m || !m.isTranscriptFile(msg.file) || !existsSync(msg.file)) {
          this.counts.rejected++;
          this.log.warn(`refused to open ${preview(msg.file)}: not a transcript of this workspace`);
          return 'refused';
        }
        await openAt(vscode.Uri.file(msg.file), msg.line, view);
        return 'ok';
      }
      case 'openPlan': {
        const plan = this.meter()?.planPath();
        if (!plan || !existsSync(plan)) {
          void vscode.window.showWarningMessage('Proofmeter: the plan file of this goal is not there.');
          return 'refused';
        }
        await openAt(vscode.Uri.file(plan), msg.line, view);
        return 'ok';
      }
      case 'manageTrust':
        await vscode.commands.executeCommand('workbench.trust.manage');
        return 'ok';
      case 'openGoalFile': {
        const m = this.meter();
        const goal = m ? goalPath(m.cwd) : null;
        if (!goal || !existsSync(goal)) return 'refused';
        await openAt(vscode.Uri.file(goal), 1, view);
        return 'ok';
      }
      case 'acceptFinding': {
        // The same path as the Accept Finding… command: the change beside, then the modal.
        const outcome = await vscode.commands.executeCommand<AcceptOutcome | undefined>('proofmeter.acceptFinding' satisfies CommandId, msg.id);
        return outcome === 'ok' || outcome === 'cancelled' ? 'ok' : 'refused';
      }
      case 'closeItem': {
        // The same path as the Close… command of the tree and the palette: the modal, then proofmeter close.
        const outcome = await vscode.commands.executeCommand<string | undefined>(CLOSE_ITEM, msg.id);
        return outcome === 'ok' || outcome === 'cancelled' ? 'ok' : 'refused';
      }
      case 'dismissFinding': {
        const m = this.meter();
        const outcome = await dismissFinding(this.extensionUri.fsPath, m?.folder.uri.fsPath ?? null, msg.id, m?.current().seal ?? []);
        if (outcome === 'ok') void m?.refresh('warning dismissed');
        return outcome === 'refused' ? 'refused' : 'ok';
      }
      case 'runCommand':
        // The commands check workspace trust themselves.
        await vscode.commands.executeCommand(msg.command);
        return 'ok';
    }
  }

  dispose(): void {
    for (const c of [...this.clients]) this.detach(c);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
    this.readyEmitter.dispose();
  }
}

/** Opens a file at a 1-based line: beside the dashboard, or in the active group from the sidebar. */
async function openAt(uri: vscode.Uri, line: number, from: ViewName): Promise<void> {
  const pos = new vscode.Position(Math.max(0, line - 1), 0);
  const viewColumn = from === 'dashboard' ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
  await vscode.window.showTextDocument(uri, { selection: new vscode.Range(pos, pos), preview: true, viewColumn });
}

function preview(v: unknown): string {
  let s: string;
  try {
    s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 200 ? s.slice(0, 199) + '…' : s;
}
