// The two status bar items: the goal's progress (click: dashboard) and git's commit/push state
// (click: Source Control). Without a goal the progress item stays, quiet, as the way to start; the
// git item shows only while there is a goal.
import * as vscode from 'vscode';
import type { ViewState } from '../protocol';
import type { CommandId } from './commandIds';
import type { Meter } from './meter';
import { faultView, gitView, noGoalView, progressView, type ProgressView } from './statusText';

export const PROGRESS_ITEM_ID = 'proofmeter.progress';
export const GIT_ITEM_ID = 'proofmeter.git';
/** Where the quiet no-goal item leads: the walkthrough from a plan to a live meter. */
export const START_COMMAND: CommandId = 'proofmeter.start';

export class StatusBar implements vscode.Disposable {
  readonly progress: vscode.StatusBarItem;
  readonly git: vscode.StatusBarItem;
  private readonly sub: vscode.Disposable;
  private bg: string | undefined;
  /** Whether each item is shown (StatusBarItem has no getter for it). */
  readonly shown = { progress: false, git: false };

  constructor(
    private readonly meter: Meter,
    /** proofmeter.showGitItem */
    private readonly showGit: () => boolean = () => true,
  ) {
    this.progress = vscode.window.createStatusBarItem(PROGRESS_ITEM_ID, vscode.StatusBarAlignment.Left, 100);
    this.progress.name = 'Proofmeter Progress';
    this.progress.command = 'proofmeter.openDashboard' satisfies CommandId;
    this.git = vscode.window.createStatusBarItem(GIT_ITEM_ID, vscode.StatusBarAlignment.Left, 99);
    this.git.name = 'Proofmeter Commit and Push';
    this.git.command = 'workbench.view.scm';
    this.sub = meter.onDidChange((s) => this.render(s));
    // Nothing is computed at activation without a goal, so no change would ever draw the quiet item.
    if (!meter.hasGoal()) this.render(meter.idleState());
  }

  render(state: ViewState): void {
    const tally = state.tally;
    let view: ProgressView | null = null;
    if (tally) view = progressView(tally, { fault: state.fault, trusted: state.trusted, context: state.context });
    else if (state.fault) view = faultView(state.fault);
    if (!view) view = noGoalView();
    this.progress.command = tally || state.fault ? ('proofmeter.openDashboard' satisfies CommandId) : START_COMMAND;
    set(this.progress, 'text', view.text);
    const tip = new vscode.MarkdownString(view.tooltip, true);
    this.progress.tooltip = tip;
    this.progress.accessibilityInformation = { label: view.ariaLabel, role: 'button' };
    const bg = view.severity === 'error' ? 'statusBarItem.errorBackground' : view.severity === 'warning' ? 'statusBarItem.warningBackground' : undefined;
    const fg = view.severity === 'error' ? 'statusBarItem.errorForeground' : view.severity === 'warning' ? 'statusBarItem.warningForeground' : undefined;
    if (this.bg !== bg) {
      this.bg = bg;
      this.progress.backgroundColor = bg ? new vscode.ThemeColor(bg) : undefined;
      this.progress.color = fg ? new vscode.ThemeColor(fg) : undefined;
    }
    this.toggle('progress', true);

    const facts = tally && state.trusted && this.showGit() ? this.meter.gitFacts() : null;
    if (!facts) {
      this.toggle('git', false);
      return;
    }
    const g = gitView(facts, tally?.stages.find((s) => s.name === 'commit')?.detail ?? null);
    set(this.git, 'text', g.text);
    this.git.tooltip = new vscode.MarkdownString(g.tooltip, true);
    this.git.accessibilityInformation = { label: g.ariaLabel, role: 'button' };
    this.toggle('git', true);
  }

  private toggle(which: 'progress' | 'git', on: boolean): void {
    if (this.shown[which] === on) return;
    this.shown[which] = on;
    if (on) this[which].show();
    else this[which].hide();
  }

  dispose(): void {
    this.sub.dispose();
    this.progress.dispose();
    this.git.dispose();
  }
}

/** Assigns only when the value changes, so an unchanged item is never re-rendered. */
function set<K extends 'text'>(item: vscode.StatusBarItem, key: K, value: vscode.StatusBarItem[K]): void {
  if (item[key] !== value) item[key] = value;
}
