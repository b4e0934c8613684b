// The goal's items in VS Code's Testing view: one TestItem per plan item, at its line of the plan,
// with the meter's state (testStates.ts reads it off the tally; nothing here judges). Gutter icons,
// the @failed filter, peeks and "run this item" are the Testing view's own. The run profile re-runs
// the chosen items through `proofmeter verify --items`, behind Verify's confirmation and its
// workspace-trust rule, and the states it reports are the refreshed tally's.
import { readFileSync, statSync } from 'node:fs';
import * as vscode from 'vscode';
import { readGoal } from '../workspace/goalState';
import { proofTargets } from '../workspace/verifier';
import { CliUnavailableError } from './cli';
import { ItemLinesCache } from './itemLines';
import type { Log } from './log';
import type { Meter } from './meter';
import { chooseTargets, itemTests, testsKey, type FreshResult, type ItemTest } from './testStates';
import { confirmationText, type StreamedRun } from './verifyFlow';
import { readVerifyJson } from './verifyJson';

export const CONTROLLER_ID = 'proofmeter';

export interface PlanTestsDeps {
  meter: () => Meter | undefined;
  log: Log;
  /** Verify's own refusal in Restricted Mode (the same message); true when it refused. */
  refuseUntrusted: (what: string) => boolean;
  /** Runs the CLI with these arguments in cwd, calling onLine for each stderr line; ends it on abort. */
  runCli: (args: string[], cwd: string, onLine: (line: string) => void, signal: AbortSignal) => Promise<StreamedRun>;
}

/** What a run from the Testing view came to (the host tests read it). */
export type TestRunOutcome =
  | { kind: 'refused'; why: 'untrusted' | 'no folder' | 'no goal' | 'nothing to run' }
  | { kind: 'declined' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; code: number; why: string }
  | { kind: 'ran'; code: number; reported: Record<string, ItemTest['state']> };

export interface TestsSnapshot {
  items: { id: string; label: string; uri: string | null; line: number | null; description: string }[];
  /** The state each item was last given, by a published run or a run of the profile. */
  states: Record<string, ItemTest['state']>;
  messages: Record<string, string>;
  publishedRuns: number;
}

const RELOCATE_MS = 200;

export class PlanTests implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController(CONTROLLER_ID, 'Proofmeter plan');
  readonly profile: vscode.TestRunProfile;
  private readonly disposables: vscode.Disposable[] = [this.controller];
  private readonly lines = new ItemLinesCache();
  private tests: ItemTest[] = [];
  private planUri: vscode.Uri | null = null;
  private publishedKey = '';
  private publishedRuns = 0;
  private readonly states = new Map<string, ItemTest['state']>();
  private readonly messages = new Map<string, string>();
  /** Runs of the profile under way: the meter's refresh inside one must not publish a newer run over it. */
  private running = 0;
  private relocateTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: PlanTestsDeps) {
    this.profile = this.controller.createRunProfile(
      'Re-run the proofs (proofmeter verify)',
      vscode.TestRunProfileKind.Run,
      async (request, token) => {
        await this.runRequest(request, token);
      },
      true,
    );
    // Opening the Testing view asks for the items: compute the tally if nothing has yet.
    this.controller.resolveHandler = async () => {
      await this.deps.meter()?.ensureComputed();
    };
    this.disposables.push(
      this.profile,
      vscode.workspace.onDidChangeTextDocument((e) => this.planDocChanged(e.document)),
      // Opened, closed or saved: the text the marks follow is another one now.
      vscode.workspace.onDidOpenTextDocument((d) => this.planDocChanged(d)),
      vscode.workspace.onDidCloseTextDocument((d) => this.planDocChanged(d)),
      vscode.workspace.onDidSaveTextDocument((d) => this.planDocChanged(d)),
      { dispose: () => clearTimeout(this.relocateTimer) },
    );
    this.refresh();
  }

  /** The meter's state changed (or the folder did): the items and their states follow. */
  refresh(): void {
    const m = this.deps.meter();
    const tally = m?.ready ? m.tally() : null;
    const plan = m?.planPath() ?? null;
    this.planUri = plan ? vscode.Uri.file(plan) : null;
    this.tests = tally ? itemTests(tally) : [];
    this.syncItems();
    if (this.running) return;
    const key = this.key();
    if (key === this.publishedKey) return;
    this.publishedKey = key;
    if (this.tests.length) this.publish();
  }

  private key(): string {
    return `${this.planUri?.toString() ?? ''}\0${testsKey(this.tests)}`;
  }

  /** The items as the Testing view has them, and the states given them (for the host tests). */
  snapshot(): TestsSnapshot {
    const items: TestsSnapshot['items'] = [];
    this.controller.items.forEach((i) => items.push({ id: i.id, label: i.label, uri: i.uri?.fsPath ?? null, line: i.range?.start.line ?? null, description: i.description ?? '' }));
    return { items, states: Object.fromEntries(this.states), messages: Object.fromEntries(this.messages), publishedRuns: this.publishedRuns };
  }

  /**
   * Runs these items (null: all) as the run profile would; `confirmed` stands for the person's
   * answer to the modal, `token` for the Testing view's stop button.
   */
  runItems(ids: readonly string[] | null, opts: { confirmed?: boolean; token?: vscode.CancellationToken } = {}): Promise<TestRunOutcome> {
    const include = ids?.map((id) => this.controller.items.get(id)).filter((i): i is vscode.TestItem => i !== undefined);
    const cts = new vscode.CancellationTokenSource();
    return this.runRequest(new vscode.TestRunRequest(include, undefined, this.profile), opts.token ?? cts.token, opts.confirmed === true).finally(() => cts.dispose());
  }

  private syncItems(): void {
    const uri = this.planUri;
    const at = this.currentLines();
    const items = this.tests.map((t, index) => {
      const old = this.controller.items.get(t.id);
      // The uri is fixed at creation: a goal on another plan file gets new items.
      const item = old && old.uri?.toString() === uri?.toString() ? old : this.controller.createTestItem(t.id, t.label, uri ?? undefined);
      item.label = t.label;
      item.sortText = String(index).padStart(4, '0');
      item.description = t.description;
      item.range = this.rangeOf(t, at);
      return item;
    });
    this.controller.items.replace(items);
  }

  /**
   * Lines from the open plan document when there is one (it may be edited, unsaved), else from the
   * file as saved; the tally's frozen lines only when neither can be read.
   */
  private currentLines(): Map<string, number> | null {
    const uri = this.planUri;
    if (!uri) return null;
    const ids = this.tests.map((t) => t.id);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (doc) return this.lines.get(doc.uri.toString(), doc.version, () => doc.getText(), ids);
    try {
      const st = statSync(uri.fsPath);
      return this.lines.get(uri.toString(), `disk:${st.mtimeMs}:${st.size}`, () => readFileSync(uri.fsPath, 'utf8'), ids);
    } catch {
      return null;
    }
  }

  private rangeOf(t: ItemTest, at: Map<string, number> | null): vscode.Range | undefined {
    const line = at ? at.get(t.id) : t.planLine;
    return line === undefined || line < 1 ? undefined : new vscode.Range(line - 1, 0, line - 1, 0);
  }

  private planDocChanged(doc: vscode.TextDocument): void {
    if (this.planUri && doc.uri.toString() === this.planUri.toString()) this.scheduleRelocate();
  }

  private scheduleRelocate(): void {
    clearTimeout(this.relocateTimer);
    this.relocateTimer = setTimeout(() => {
      const at = this.currentLines();
      for (const t of this.tests) {
        const item = this.controller.items.get(t.id);
        if (item) item.range = this.rangeOf(t, at);
      }
    }, RELOCATE_MS);
  }

  private location(item: vscode.TestItem): vscode.Location | undefined {
    return item.uri && item.range ? new vscode.Location(item.uri, item.range) : undefined;
  }

  /** True when the item was last given another state or message than this. */
  private differs(t: ItemTest): boolean {
    return this.states.get(t.id) !== t.state || (this.messages.get(t.id) ?? null) !== t.message;
  }

  private report(run: vscode.TestRun, t: ItemTest, durationMs?: number): void {
    const item = this.controller.items.get(t.id);
    if (!item) return;
    this.states.set(t.id, t.state);
    this.messages.delete(t.id);
    if (t.state === 'passed') run.passed(item, durationMs);
    else if (t.state === 'skipped') run.skipped(item);
    else {
      const message = new vscode.TestMessage(t.message ?? `${t.id} failed`);
      message.location = this.location(item);
      if (t.message !== null) this.messages.set(t.id, t.message);
      run.failed(item, message, durationMs);
    }
  }

  /**
   * Publishes the meter's states as a run that is not persisted (the next window publishes its own)
   * and keeps the focus where it is. Every item gets a state: one left out would show an older run's.
   */
  private publish(): void {
    const run = this.controller.createTestRun(new vscode.TestRunRequest(undefined, undefined, undefined, false, true), "the meter's states", false);
    for (const t of this.tests) this.report(run, t);
    run.end();
    this.publishedRuns++;
  }

  private async runRequest(request: vscode.TestRunRequest, token: vscode.CancellationToken, confirmed = false): Promise<TestRunOutcome> {
    this.running++;
    try {
      return await this.runChosen(request, token, confirmed);
    } finally {
      this.running--;
      // The meter's states for whatever the run did not report (a cancel, a failed CLI, a tally
      // that changed meanwhile): published over it.
      this.refresh();
    }
  }

  private async runChosen(request: vscode.TestRunRequest, token: vscode.CancellationToken, confirmed: boolean): Promise<TestRunOutcome> {
    const m = this.deps.meter();
    if (!m) {
      void vscode.window.showWarningMessage('Proofmeter: open a folder first.');
      return { kind: 'refused', why: 'no folder' };
    }
    if (this.deps.refuseUntrusted('Verify')) return { kind: 'refused', why: 'untrusted' };
    const before = await m.ensureComputed();
    const goal = readGoal(m.cwd);
    if (goal.kind !== 'ok' || !before.tally) {
      void vscode.window.showInformationMessage(goal.kind === 'bad' ? `Proofmeter: ${goal.error}` : 'Proofmeter: this workspace has no goal yet. Use "Proofmeter: Set Goal".');
      return { kind: 'refused', why: 'no goal' };
    }
    const pick = chooseTargets(
      request.include?.map((i) => i.id) ?? null,
      request.exclude?.map((i) => i.id) ?? [],
      proofTargets(goal.goal, before.tally),
      before.tally.items,
    );
    if (!pick.run.length) {
      void vscode.window.showInformationMessage(`Proofmeter: nothing to re-run: ${pick.notRunnable.map((n) => `${n.id}: ${n.why}`).join('; ') || "the goal has no command proofs of Claude's"}.`);
      return { kind: 'refused', why: 'nothing to run' };
    }
    if (!confirmed) {
      const { message, detail } = confirmationText(pick.run, m.cwd);
      if ((await vscode.window.showWarningMessage(message, { modal: true, detail }, 'Run')) !== 'Run') return { kind: 'declined' };
    }
    if (token.isCancellationRequested) return { kind: 'cancelled' };

    const run = this.controller.createTestRun(request, 'proofmeter verify');
    const item = (id: string) => this.controller.items.get(id);
    for (const n of pick.notRunnable) {
      const i = item(n.id);
      if (!i) continue;
      run.skipped(i);
      run.appendOutput(`${n.id}: not re-run: ${n.why}\r\n`, this.location(i), i);
    }
    for (const t of pick.run) {
      const i = item(t.id);
      if (i) run.enqueued(i);
    }
    // A run shows in the Testing view as soon as it starts; the meter refresh inside it publishes nothing.
    const ac = new AbortController();
    const onCancel = token.onCancellationRequested(() => ac.abort());
    const ids = pick.run.map((t) => t.id);
    let ran: StreamedRun;
    try {
      ran = await this.deps.runCli(['verify', '--json', '--cwd', m.cwd, '--items', ids.join(',')], m.cwd, (line) => this.onProgress(run, line), ac.signal);
    } catch (e) {
      const why = e instanceof CliUnavailableError ? e.message : `the CLI could not start (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
      for (const id of ids) {
        const i = item(id);
        if (i) run.errored(i, new vscode.TestMessage(`Proofmeter: ${why}`));
      }
      run.end();
      this.deps.log.warn(`test run: ${why}`);
      this.publishedKey = '';
      return { kind: 'failed', code: -1, why };
    } finally {
      onCancel.dispose();
    }
    const state = await m.refresh('test run', { fromScratch: true });
    const read = readVerifyJson(ran.stdout);
    const problem = ran.cancelled ? 'cancelled' : ran.code !== 0 && ran.code !== 1 ? `exit ${ran.code}` : !read.ok ? read.why : !state.tally ? 'no tally after the run' : null;
    this.deps.log.info(`test run: verify --items ${ids.join(',')} exited ${ran.code}${problem ? ` (${problem})` : ''}`);
    if (problem !== null || !read.ok || !state.tally) {
      // What finished is saved and in the refreshed tally; the meter's states stand for every item.
      const why = ran.cancelled
        ? 'cancelled; the proofs that finished are saved, the rest were not run'
        : `proofmeter verify failed (${problem ?? 'unknown'}): ${ran.stderr.trim().split('\n').at(-1) ?? ''}`.trim();
      run.appendOutput(`${why}\r\n`);
      for (const id of ids) {
        const i = item(id);
        if (!i) continue;
        if (ran.cancelled) run.skipped(i);
        else run.errored(i, new vscode.TestMessage(`Proofmeter: ${why}`));
      }
      run.end();
      this.publishedKey = '';
      return ran.cancelled ? { kind: 'cancelled' } : { kind: 'failed', code: ran.code, why };
    }
    const result = read.json;
    const fresh = new Map<string, FreshResult>(result.results.map((r) => [r.id, r]));
    const tests = itemTests(state.tally, fresh);
    const reported: Record<string, ItemTest['state']> = {};
    for (const id of ids) {
      const t = tests.find((x) => x.id === id);
      const r = result.results.find((x) => x.id === id);
      const i = item(id);
      if (!t || !i) continue;
      if (!r) {
        // Not run (a cancel left it): the meter's state stands.
        run.appendOutput(`${id}: not re-run\r\n`, this.location(i), i);
        this.report(run, t);
        continue;
      }
      // A re-run that failed where the meter's state is not "failed" (it never ran in the session,
      // say) is said in the output at the item: the state stays the meter's.
      if (r.outcome !== 'pass' && t.state !== 'failed' && r.tail.length) run.appendOutput(`${id}: the re-run's last lines of output:\r\n${r.tail.join('\r\n')}\r\n`, this.location(i), i);
      this.report(run, t, r.durationMs);
      reported[id] = t.state;
    }
    // The rest in this run too where the meter changed its mind meanwhile, so no newer run is needed.
    for (const t of tests) if (!ids.includes(t.id) && this.differs(t)) this.report(run, t);
    run.end();
    // What this run reported is the meter's state; only the fresh output lines are not the tally's,
    // and they must not make the next refresh publish the same states over this run.
    this.tests = itemTests(state.tally);
    this.publishedKey = this.key();
    return { kind: 'ran', code: ran.code, reported };
  }

  private onProgress(run: vscode.TestRun, line: string): void {
    run.appendOutput(`${line}\r\n`);
    // verify's progress line as a proof starts: "[1/3] S1: `command`".
    const m = /^\[\d+\/\d+\] (\S+): `/.exec(line);
    if (m) {
      const i = this.controller.items.get(m[1]!);
      if (i) run.started(i);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
