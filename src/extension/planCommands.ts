// The first steps of the walkthrough: write a plan (New Plan), check it (Check Plan). Check Plan
// reads the plan with the same parser as `proofmeter check-plan`, adopt and the plan gate, so what
// it passes they pass.
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import type { ParsedPlan } from '../core/types';
import { parsePlanText } from '../workspace/planParser';
import { readPlanFile } from '../workspace/workspaceTally';
import type { CommandId } from './commandIds';
import type { Log } from './log';
import { PLAN_TEMPLATE } from './planTemplate';


/**
 * PLAN.md in the folder, written from the template when it is not there; returns its path. It opens
 * beside the active editor: run from the walkthrough, the walkthrough stays open with its next step
 * in view, and the plan (not a preview tab the next click would replace) takes the focus to be written.
 */
export async function newPlan(cwd: string): Promise<string> {
  const file = join(cwd, 'PLAN.md');
  if (!existsSync(file)) writeFileSync(file, PLAN_TEMPLATE);
  await vscode.window.showTextDocument(vscode.Uri.file(file), { viewColumn: vscode.ViewColumn.Beside, preview: false, preserveFocus: false });
  return file;
}

export interface CheckOutcome {
  file: string;
  ok: boolean;
  problems: number;
  items: number;
  /** One line per finding: "line 5: S1 [missing-proof] ...". */
  lines: string[];
}

/** The plan's findings, as check-plan words them; null when the file cannot be read. text: an open editor's, saved or not. */
export function checkPlanFile(file: string, text?: string): CheckOutcome | null {
  let plan: ParsedPlan;
  try {
    plan = text === undefined ? readPlanFile(file) : parsePlanText(text);
  } catch {
    return null;
  }
  const lines = plan.findings.map((f) => `line ${f.line}: ${f.id ? `${f.id} ` : ''}[${f.rule}] ${f.message}`);
  return { file, ok: plan.findings.length === 0 && plan.items.length > 0, problems: plan.findings.length, items: plan.items.length, lines };
}

/** Check Plan: a notification with the verdict; the findings in the output channel. */
export async function checkPlan(cwd: string, file: string, log: Log, text?: string): Promise<CheckOutcome | null> {
  const name = relative(cwd, file) || file;
  const r = checkPlanFile(file, text);
  if (!r) {
    void vscode.window.showErrorMessage(`Proofmeter: cannot read ${name}.`);
    return null;
  }
  if (r.ok) {
    void vscode.window.showInformationMessage(`Proofmeter: ${name} is ready to adopt: ${r.items} items, each with a proof.`, 'Adopt Plan').then((c) => {
      if (c === 'Adopt Plan') void vscode.commands.executeCommand('proofmeter.adoptPlan' satisfies CommandId, vscode.Uri.file(file));
    });
  } else {
    const what = r.items === 0 && r.problems === 0 ? 'has no items yet' : `has ${r.problems} problem${r.problems === 1 ? '' : 's'}`;
    log.show(`Check Plan: ${name} ${what}`, r.lines.join('\n') || 'Write each item as "- **S1.** What to do. Proof: `the command`".');
    // The problems are on the plan's lines in the Problems panel, each with its fix; they clear as the plan is fixed.
    const actions = r.problems > 0 ? ['Show Problems', 'Open Plan'] : ['Open Plan'];
    void vscode.window.showWarningMessage(`Proofmeter: ${name} ${what}.`, ...actions).then((c) => {
      if (c === 'Show Problems') void vscode.commands.executeCommand('workbench.actions.view.problems');
      if (c === 'Open Plan') void vscode.window.showTextDocument(vscode.Uri.file(file));
    });
  }
  return r;
}
