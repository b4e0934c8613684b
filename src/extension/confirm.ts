// The one confirmation every remedy asks before it changes the gate: a modal naming what will
// change, whose default is not the change. VS Code's modal focuses its first button, so Enter
// presses it (code-server 4.139's dialog.ts: the button at index 0 takes focus; the Cancel VS Code
// adds is last). A modal whose only button is the action therefore acts on Enter. Here the first
// button is the safe one ("Keep …"), focused and styled primary, the action is a secondary button,
// and Escape still cancels: Enter and Escape both leave everything as it is.
import * as vscode from 'vscode';
import type { Question } from './remedyQuestions';

/** Set by the host tests (through the API) to answer in place of the person; records what was asked. */
let answerer: ((q: Question) => boolean) | null = null;

export function answerConfirmations(fn: ((q: Question) => boolean) | null): void {
  answerer = fn;
}

/** true only when the person pressed the action's own button. */
export async function confirmChange(q: Question): Promise<boolean> {
  if (answerer) return answerer(q);
  const keep: vscode.MessageItem = { title: q.keep };
  const act: vscode.MessageItem = { title: q.action };
  const cancel: vscode.MessageItem = { title: 'Cancel', isCloseAffordance: true };
  const choice = await vscode.window.showWarningMessage(q.message, { modal: true, detail: q.detail }, keep, act, cancel);
  return choice === act;
}
