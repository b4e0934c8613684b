// The command table. Every command works on the workspace folder that holds the goal (or the
// first folder). In Restricted Mode the commands that write files or run programs refuse.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as vscode from 'vscode';
import { run as adoptRun } from '../cli/commands/adopt';
import type { Io } from '../cli/io';
import { tallyText } from '../core/tally/format';
import { headlineSentence } from '../core/tally/headlineParts';
import type { PlanItem } from '../core/types';
import { readGoal } from '../workspace/goalState';
import { readPlanFile } from '../workspace/workspaceTally';
import { claudeConfigDir } from '../workspace/transcriptFiles';
import { relativeIfInside } from '../workspace/insidePath';
import { sandboxSupport } from '../workspace/sandboxSupport';
import { CliUnavailableError, runBundledCli, type CliResult } from './cli';
import { TABLE_COMMANDS, type CommandId, type TableCommandId } from './commandIds';
import { runCliStreaming } from './cliStream';
import { doctorVerdict, parseDoctorReport, type DoctorReport, type DoctorVerdict } from './doctorVerdict';
import { parseGates } from './gates';
import type { Log } from './log';
import type { Meter } from './meter';
import { READOPT_BUTTON, reAdoptWarning } from './reAdopt';
import { hookArgs, installedWhere, settingsFile } from './installChoice';
import { installFlow, type InstallAsk } from './installFlow';
import { checkPlan, checkPlanFile, newPlan } from './planCommands';
import type { PlanDiagnostics } from './planDiagnostics';
import type { Settings } from './settings';
import { verifyFlow, type VerifyOutcome } from './verifyFlow';
import { acceptCommand, confirmedBy, reseal, restoreGoal } from './remedyCommands';
import { confirmChange } from './confirm';
import { uninstallScope } from './remedyFacts';
import { inVsCode, REMEDY } from './remedies';
import { uninstallQuestion } from './remedyQuestions';
import type { WalkthroughKeys } from './walkthroughKeys';
import type { Webviews } from './webviews';

export interface CommandContext {
  extensionPath: string;
  log: Log;
  meter: () => Meter | undefined;
  webviews: Webviews;
  diagnostics: PlanDiagnostics;
  settings: () => Settings;
  /** The walkthrough's completion keys: a command sets its step's key only when it succeeded. */
  walkthrough: WalkthroughKeys;
}

/** What a command that runs the CLI resolves to (the host tests read it). */
export interface CliOutcome {
  ok: boolean;
  /** 'nothing to do': a remedy with no finding it answers (Restore Goal with the goal as sealed). */
  refused?: 'untrusted' | 'no folder' | 'cancelled' | 'nothing to do';
  unavailable?: string;
  code?: number;
  output?: string;
}

/** The walkthrough the quiet status bar item and the empty states lead to. */
export const WALKTHROUGH = 'proofmeter.proofmeter#proofmeter.firstGoal';

/** VS Code passes a command whatever its caller gave: each handler narrows its own arguments. */
type CommandHandler = (...args: unknown[]) => unknown;

export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  const table: Record<TableCommandId, CommandHandler> = {
    'proofmeter.setGoal': async (uri) => {
      const line = await setGoal(ctx, uri);
      ctx.walkthrough.commandDone({ command: 'setGoal', line });
      return line;
    },
    'proofmeter.adoptPlan': async (uri, opts) => {
      const r = await adoptPlan(ctx, uri, opts);
      ctx.walkthrough.commandDone({ command: 'adoptPlan', code: r?.code });
      return r;
    },
    'proofmeter.verify': (opts) => verify(ctx, opts),
    'proofmeter.installHooks': async (opts) => {
      const r = await hooksCommand(ctx, 'install', opts);
      ctx.walkthrough.commandDone({ command: 'installHooks', ok: r.ok });
      return r;
    },
    'proofmeter.uninstallHooks': (opts) => hooksCommand(ctx, 'uninstall', opts),
    'proofmeter.showTally': () => showTally(ctx),
    'proofmeter.openDashboard': (itemId) => {
      ctx.webviews.openDashboard(typeof itemId === 'string' ? itemId : undefined);
      return true;
    },
    'proofmeter.doctor': () => doctor(ctx),
    'proofmeter.start': () => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false),
    'proofmeter.newPlan': async () => {
      const m = needMeter(ctx);
      if (!m || refuseUntrusted(ctx, 'New Plan')) return undefined;
      const file = await newPlan(m.cwd);
      ctx.walkthrough.commandDone({ command: 'newPlan', file });
      return file;
    },
    'proofmeter.restoreGoal': (opts) => restoreGoal(ctx, opts),
    'proofmeter.reseal': (opts) => reseal(ctx, opts),
    'proofmeter.acceptFinding': (id) => acceptCommand(ctx, id),
    'proofmeter.checkPlan': async (uri) => {
      const m = needMeter(ctx);
      if (!m) return undefined;
      // The plan in the active editor is the one meant; the pick is for when none is open.
      const active = vscode.window.activeTextEditor?.document.uri;
      const file = uri instanceof vscode.Uri ? uri.fsPath : active && ctx.diagnostics.isPlan(active) ? active.fsPath : await pickPlan(m, 'Proofmeter: Check Plan');
      if (!file) return undefined;
      publishPlan(ctx, file);
      const r = await checkPlan(m.cwd, file, ctx.log, openText(file));
      ctx.walkthrough.commandDone({ command: 'checkPlan', ok: r?.ok, items: r?.items });
      return r;
    },
  };
  return TABLE_COMMANDS.map((id) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await table[id](...args);
      } catch (e) {
        ctx.log.error(`${id} failed: ${(e as Error).stack ?? (e as Error).message}`);
        void vscode.window.showErrorMessage(`Proofmeter: ${(e as Error).message}`);
        return undefined;
      }
    }),
  );
}

/** The button of every Restricted Mode refusal: VS Code's own trust editor. */
export const MANAGE_TRUST = 'Manage Workspace Trust';

export function refuseUntrusted(ctx: Pick<CommandContext, 'log'>, what: string): boolean {
  if (vscode.workspace.isTrusted) return false;
  ctx.log.warn(`refused "${what}": the workspace is not trusted`);
  void vscode.window
    .showWarningMessage(`Proofmeter: ${what} is not available in Restricted Mode. Trust this folder to use it; the tally stays visible read-only.`, MANAGE_TRUST)
    .then((c) => {
      if (c === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  return true;
}

export function needMeter(ctx: CommandContext): Meter | undefined {
  const m = ctx.meter();
  if (!m) void vscode.window.showWarningMessage('Proofmeter: open a folder first.');
  return m;
}

interface PlanPick extends vscode.QuickPickItem {
  file?: string;
  action?: 'create' | 'browse';
}

/** Plan files worth offering: the goal's own, Markdown files named like plans, Claude Code's plans. */
async function planCandidates(m: Meter): Promise<PlanPick[]> {
  const seen = new Set<string>();
  const picks: PlanPick[] = [];
  const add = (file: string, description: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    picks.push({ label: `$(file) ${relativeIfInside(m.cwd, file)}`, description, file });
  };
  await m.ensureComputed();
  const current = m.planPath();
  if (current && existsSync(current)) add(current, 'the current goal');
  const found = await vscode.workspace.findFiles(new vscode.RelativePattern(m.folder, '**/*{plan,PLAN,Plan}*.md'), '**/node_modules/**', 50);
  for (const u of found.sort((a, b) => a.fsPath.localeCompare(b.fsPath))) add(u.fsPath, 'in this folder');
  const claudePlans = join(claudeConfigDir(process.env), 'plans');
  if (existsSync(claudePlans)) {
    const files = readdirSync(claudePlans)
      .filter((n) => n.endsWith('.md'))
      .map((n) => join(claudePlans, n))
      .map((f) => ({ f, t: statSync(f).mtimeMs }))
      .sort((a, b) => b.t - a.t)
      .slice(0, 10);
    for (const { f } of files) add(f, "Claude Code's plans");
  }
  // PLAN.md that exists is listed above (it is named like a plan): creating it is no choice then.
  if (!existsSync(join(m.cwd, 'PLAN.md'))) picks.push({ label: '$(new-file) Create PLAN.md', description: 'a plan to fill in', action: 'create' });
  picks.push({ label: '$(folder-opened) Browse…', action: 'browse' });
  return picks;
}

async function pickPlan(m: Meter, title: string): Promise<string | undefined> {
  const pick = await vscode.window.showQuickPick(planCandidates(m), { title, placeHolder: 'The plan file for this workspace' });
  if (!pick) return undefined;
  if (pick.file) return pick.file;
  if (pick.action === 'browse') {
    const got = await vscode.window.showOpenDialog({ defaultUri: m.folder.uri, canSelectMany: false, filters: { Markdown: ['md'] }, title });
    return got?.[0]?.fsPath;
  }
  return newPlan(m.cwd);
}

/**
 * Set Goal: pick or create the plan, check it, then offer the `/goal` line to paste into Claude
 * Code (a walk-away session: the prompt hook freezes the plan and the stop gate keeps Claude at it).
 * A plan with problems gets its problems, not a line; without the prompt gate the line would do
 * nothing, so Install Hooks is offered first.
 */
async function setGoal(ctx: CommandContext, uri: unknown): Promise<string | undefined> {
  const m = needMeter(ctx);
  if (!m) return undefined;
  let file = uri instanceof vscode.Uri ? uri.fsPath : undefined;
  if (!file) {
    if (refuseUntrusted(ctx, 'Set Goal')) return undefined; // it may create PLAN.md
    file = await pickPlan(m, 'Proofmeter: Set Goal');
  }
  if (!file) return undefined;
  const checked = checkPlanFile(file);
  if (checked && !checked.ok) {
    publishPlan(ctx, file);
    void checkPlan(m.cwd, file, ctx.log);
    return undefined;
  }
  const line = `/goal ${quoteIfNeeded(relativeIfInside(m.cwd, file))}`;
  ctx.log.info(`set goal: ${line}`);
  void offerGoalLine(ctx, m, line);
  return line;
}

async function offerGoalLine(ctx: CommandContext, m: Meter, line: string): Promise<void> {
  const copy = async (): Promise<void> => {
    await vscode.env.clipboard.writeText(line);
    void vscode.window.showInformationMessage(`Copied: ${line}`);
  };
  // (the CLI is not run in Restricted Mode: the gates are not known there)
  const report = vscode.workspace.isTrusted ? await loadGates(ctx, m).catch(() => null) : null;
  if (report && !report.gates.some((g) => g.hook === 'prompt' && g.armed)) {
    const choice = await vscode.window.showWarningMessage(
      `Proofmeter: the prompt gate is not armed, so ${line} would do nothing in Claude Code yet. Install the hooks first.`,
      'Install Hooks',
      'Copy /goal Line',
    );
    if (choice === 'Copy /goal Line') await copy();
    if (choice !== 'Install Hooks') return;
    const installed = await vscode.commands.executeCommand<CliOutcome | undefined>('proofmeter.installHooks' satisfies CommandId);
    if (!installed?.ok) return;
  }
  const choice = await vscode.window.showInformationMessage(`Paste this into Claude Code to start a walk-away session on the plan: ${line}`, 'Copy');
  if (choice === 'Copy') await copy();
}

/** Puts a plan file's findings in the Problems panel; their count (0 when it cannot be read). */
/** The plan's text as its open editor holds it, saved or not; undefined when it is not open. */
function openText(file: string): string | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file)?.getText();
}

function publishPlan(ctx: CommandContext, file: string): number {
  try {
    return ctx.diagnostics.set(vscode.Uri.file(file), openText(file) ?? readFileSync(file, 'utf8'));
  } catch {
    return 0;
  }
}

function quoteIfNeeded(p: string): string {
  return /\s/.test(p) ? `"${p}"` : p;
}

/**
 * Adopt Plan: freeze a plan as the approved goal, by the same code as `proofmeter adopt`. Replacing
 * a goal asks first, saying that progress starts over and what changed; `confirmed` (from code,
 * never from a webview) skips the question.
 */
async function adoptPlan(ctx: CommandContext, uri: unknown, opts: unknown): Promise<{ code: number; out: string; err: string } | undefined> {
  const m = needMeter(ctx);
  if (!m || refuseUntrusted(ctx, 'Adopt Plan')) return undefined;
  let file = uri instanceof vscode.Uri ? uri.fsPath : undefined;
  if (!file) file = await pickPlan(m, 'Proofmeter: Adopt Plan');
  if (!file) return undefined;
  const confirmed = typeof opts === 'object' && opts !== null && (opts as { confirmed?: unknown }).confirmed === true;
  const existing = readGoal(m.cwd);
  const target = resolve(m.cwd, file);
  let items: PlanItem[] | null;
  let refusable = false;
  try {
    const parsed = readPlanFile(target);
    items = parsed.items;
    refusable = parsed.findings.length > 0;
  } catch {
    items = null; // adopt says why it cannot read it
  }
  // A plan adopt will refuse replaces nothing: no question, adopt says why.
  if (existing.kind === 'ok' && !confirmed && !refusable) {
    const state = await m.ensureComputed();
    const { message, detail } = reAdoptWarning({
      current: existing.goal,
      headline: state.tally?.headline ?? null,
      next: { name: basename(file), samePlan: resolve(m.cwd, existing.goal.planPath) === target, items },
    });
    const ok = await vscode.window.showWarningMessage(message, { modal: true, detail }, READOPT_BUTTON);
    if (ok !== READOPT_BUTTON) return undefined;
  }
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (s) => out.push(s), err: (s) => err.push(s), readStdin: async () => '', env: process.env, cwd: m.cwd };
  let code: number;
  try {
    code = adoptRun([resolve(m.cwd, file), '--cwd', m.cwd], io).code;
  } catch (e) {
    code = 2;
    err.push((e as Error).message);
  }
  const result = { code, out: out.join('\n'), err: err.join('\n') };
  ctx.log.info(`adopt ${file}: exit ${code}`);
  const after = await m.refresh('adopted', { fromScratch: true });
  if (code === 0) {
    // "9 items frozen" beside "0/8" needs its sum: the meter counts Claude's items and the steps after them.
    const t = after.tally;
    const sum = t ? ` The meter counts ${headlineSentence(t)}.` : '';
    void vscode.window.showInformationMessage(`Proofmeter: ${result.out}${sum}`);
  } else {
    ctx.log.show(`Proofmeter: Adopt Plan (${relativeIfInside(m.cwd, file)})`, [result.out, result.err].filter(Boolean).join('\n'));
    const problems = publishPlan(ctx, target);
    if (problems > 0) {
      const name = relativeIfInside(m.cwd, target);
      void vscode.window
        .showErrorMessage(`Proofmeter: ${name} has ${problems} problem${problems === 1 ? '' : 's'}; it was not adopted.`, 'Show Problems', 'Open Plan')
        .then((c) => {
          if (c === 'Show Problems') void vscode.commands.executeCommand('workbench.actions.view.problems');
          else if (c === 'Open Plan') void vscode.window.showTextDocument(vscode.Uri.file(target));
        });
    } else void vscode.window.showErrorMessage(`Proofmeter: ${err[0] ?? 'the plan was not adopted'}`);
  }
  return result;
}

/**
 * Verify: re-runs Claude's proofs outside its shell (`proofmeter verify`), after a modal that lists
 * every command, under a cancellable progress notification; trusted workspaces only. `confirmed`
 * (from code, never from a webview) skips the modal.
 */
async function verify(ctx: CommandContext, opts: unknown): Promise<VerifyOutcome | undefined> {
  const m = needMeter(ctx);
  if (!m || refuseUntrusted(ctx, 'Verify')) return undefined;
  const before = await m.ensureComputed();
  const goal = readGoal(m.cwd);
  if (goal.kind === 'bad') {
    void vscode.window.showErrorMessage(`Proofmeter: ${goal.error}`);
    return undefined;
  }
  const confirmed = typeof opts === 'object' && opts !== null && (opts as { confirmed?: unknown }).confirmed === true;
  return verifyFlow(
    {
      cwd: m.cwd,
      goal: goal.kind === 'ok' ? goal.goal : null,
      tally: before.tally,
      ui: {
        confirm: async (message, detail) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, 'Run')) === 'Run',
        progress: (title, task) =>
          Promise.resolve(
            vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
              const ac = new AbortController();
              token.onCancellationRequested(() => ac.abort());
              return task((message, increment) => progress.report({ message, increment }), ac.signal);
            }),
          ),
        info: (message) => void vscode.window.showInformationMessage(message),
        warn: (message) => void vscode.window.showWarningMessage(message),
        show: (title, text) => ctx.log.show(title, text),
      },
      run: (args, onLine, signal) => runCliStreaming(ctx.extensionPath, args, m.cwd, onLine, signal, ctx.settings().cliPath),
      refresh: () => m.refresh('verify', { fromScratch: true }),
    },
    { confirmed },
  );
}

async function showTally(ctx: CommandContext): Promise<string | undefined> {
  const m = needMeter(ctx);
  if (!m) return undefined;
  const state = await m.ensureComputed();
  const t = state.tally;
  const text = state.fault ? `Fault: ${state.fault}` : t ? tallyText(t) : 'No goal in this workspace yet. Run "Proofmeter: Set Goal" or "Proofmeter: Adopt Plan".';
  const restricted = state.trusted ? '' : '\n\n(Restricted Mode: git was not read; commit and push are not known.)';
  ctx.log.show(`Proofmeter tally of ${m.cwd}`, text + restricted);
  return text;
}

async function cli(ctx: CommandContext, m: Meter, args: string[]): Promise<CliResult | CliOutcome> {
  try {
    return await runBundledCli(ctx.extensionPath, args, m.cwd, undefined, ctx.settings().cliPath);
  } catch (e) {
    if (e instanceof CliUnavailableError) return { ok: false, unavailable: e.message };
    throw e;
  }
}

/** Install Hooks' questions as VS Code asks them: two QuickPicks, then the modal list of files. */
const INSTALL_ASK: InstallAsk = {
  where: async (choices) => {
    const pick = await vscode.window.showQuickPick(
      choices.map((c) => ({ label: c.label, detail: c.detail, where: c.where })),
      { title: 'Proofmeter: Install Hooks (1/2)', placeHolder: 'Where should the hooks go?' },
    );
    return pick?.where;
  },
  // A one-item multi-select: the tick is the choice, Enter keeps it as shown; Escape cancels.
  sandbox: async (option, where) => {
    const picked = await vscode.window.showQuickPick([{ label: option.label, detail: option.detail, picked: option.picked }], {
      title: 'Proofmeter: Install Hooks (2/2)',
      placeHolder: `Options for ${settingsFile(where)} (Enter to go on)`,
      canPickMany: true,
    });
    return picked ? picked.length > 0 : undefined;
  },
  // The default button installs nothing (confirm.ts).
  confirm: (question, detail) => confirmChange({ message: question, detail, action: 'Install', keep: "Don't Install" }),
};

/**
 * Install Hooks asks where (the project's settings, shared, or only this person's), whether to run
 * Claude's Bash commands in Claude Code's sandbox, and lists the files it will add before writing
 * (installFlow.ts). Uninstall Hooks removes them from every settings file that has them.
 */
async function hooksCommand(ctx: CommandContext, which: 'install' | 'uninstall', opts?: unknown): Promise<CliOutcome> {
  const what = which === 'install' ? 'Install Hooks' : 'Uninstall Hooks';
  const m = ctx.meter();
  if (!m) {
    void vscode.window.showWarningMessage('Proofmeter: open a folder first.');
    return { ok: false, refused: 'no folder' };
  }
  if (refuseUntrusted(ctx, what)) return { ok: false, refused: 'untrusted' };
  let runs: string[][];
  if (which === 'install') {
    const plan = await installFlow(m.cwd, opts, sandboxSupport(process.env), INSTALL_ASK);
    if (!plan) return { ok: false, refused: 'cancelled' };
    runs = [plan.args];
  } else {
    const found = installedWhere(m.cwd);
    // Asks first, naming what goes; the default button removes nothing (confirm.ts).
    const scope = uninstallScope(m.cwd);
    if (!confirmedBy(opts) && !(await confirmChange(uninstallQuestion(scope.places, scope.files)))) return { ok: false, refused: 'cancelled' };
    runs = (found.length ? found : (['project'] as const)).map((where) => hookArgs('uninstall', where, m.cwd));
  }
  const outputs: string[] = [];
  let last: CliResult | undefined;
  let lastArgs: string[] = [];
  for (const args of runs) {
    lastArgs = args;
    const r = await cli(ctx, m, args);
    if ('unavailable' in r && r.unavailable) {
      ctx.log.error(`${what} is unavailable: ${r.unavailable}`);
      void vscode.window.showErrorMessage(`Proofmeter: ${what} is unavailable: ${r.unavailable}.`);
      return r;
    }
    last = r as CliResult;
    outputs.push([last.stdout.trim(), last.stderr.trim()].filter(Boolean).join('\n'));
    if (last.code !== 0) break;
  }
  const res = last!;
  const output = outputs.join('\n\n');
  ctx.log.show(`proofmeter ${lastArgs.join(' ')} (exit ${res.code})`, output);
  if (res.code === 0) void vscode.window.showInformationMessage(`Proofmeter: ${inVsCode(firstLine(res.stdout)) || `${what} done.`}`);
  else void vscode.window.showErrorMessage(`Proofmeter: ${what} failed: ${inVsCode(firstLine(res.stderr) || firstLine(res.stdout)) || `exit ${res.code}`}`);
  // The watchers may have read the files between the settings write and the reseal that follows
  // it; the views show the state as the command left it, not a moment inside it.
  await m.refresh(which, { fromScratch: true });
  await loadGates(ctx, m);
  return { ok: res.code === 0, code: res.code, output };
}

/** Runs `doctor --json` and puts its gates on the dashboard (trusted workspaces only); the report, or null. */
export async function loadGates(ctx: CommandContext, m: Meter): Promise<DoctorReport | null> {
  if (!vscode.workspace.isTrusted) return null;
  const json = await cli(ctx, m, ['doctor', '--dir', m.cwd, '--json']);
  if (!('stdout' in json)) return null;
  const gates = parseGates(json.stdout);
  const report = parseDoctorReport(json.stdout);
  if (!gates || !report) {
    ctx.log.warn(`doctor --json (exit ${json.code}) gave no gates the dashboard can show`);
    return null;
  }
  m.setGates(gates);
  return report;
}

/**
 * Doctor: the verdict in a notification (warnings first, then the count the dashboard shows, and
 * the one thing to do as its button), the CLI's full report in the output channel, and the gates on
 * the dashboard. The verdict and the dashboard are read from the same `doctor --json` report.
 */
async function doctor(ctx: CommandContext): Promise<CliOutcome & { verdict?: DoctorVerdict }> {
  const m = ctx.meter();
  if (!m) return { ok: false, refused: 'no folder' };
  if (refuseUntrusted(ctx, 'Doctor')) return { ok: false, refused: 'untrusted' };
  const r = await cli(ctx, m, ['doctor', '--dir', m.cwd]);
  if ('unavailable' in r && r.unavailable) {
    ctx.log.error(`Doctor is unavailable: ${r.unavailable}`);
    void vscode.window.showErrorMessage(`Proofmeter: Doctor is unavailable: ${r.unavailable}.`);
    return r;
  }
  const res = r as CliResult;
  const output = [res.stdout.trim(), res.stderr.trim()].filter(Boolean).join('\n');
  const title = `proofmeter doctor --dir ${m.cwd} (exit ${res.code})`;
  const report = await loadGates(ctx, m);
  const verdict = report ? doctorVerdict(report) : undefined;
  if (verdict) {
    const remedy = verdict.action === 'install' ? 'Install Hooks' : verdict.action === 'reseal' ? REMEDY.reseal.title : null;
    const buttons = remedy ? [remedy, 'Show Report'] : ['Show Report'];
    // In VS Code's words: a remedy names the command (remedies.ts).
    const text = `Proofmeter Doctor: ${inVsCode(verdict.message)}`;
    const shown = verdict.ok && !verdict.warnings.length ? vscode.window.showInformationMessage(text, ...buttons) : vscode.window.showWarningMessage(text, ...buttons);
    void Promise.resolve(shown).then((choice) => {
      if (choice === 'Install Hooks') void vscode.commands.executeCommand('proofmeter.installHooks' satisfies CommandId);
      else if (choice === REMEDY.reseal.title) void vscode.commands.executeCommand(REMEDY.reseal.command);
      else if (choice === 'Show Report') ctx.log.show(title, output);
    });
  } else ctx.log.show(title, output);
  // exit 1 is a report with unarmed gates: the command itself worked
  return { ok: res.code === 0 || res.code === 1, code: res.code, output, verdict };
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? '';
}
