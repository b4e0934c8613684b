// The CLI's person-only remedies as VS Code commands: Restore Goal (`doctor --restore`), Reseal for
// This Machine (`doctor --reseal`) and Accept Finding… (`accept F-…`). Each refuses in Restricted
// Mode and without a finding it answers, shows what it will change (the diff of a changed goal,
// the goal a reseal seals), asks with a modal whose default changes nothing (confirm.ts), then
// runs the bundled CLI, the same code a terminal runs, and shows its one-line result.
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Finding } from '../core/findings/finding';
import { SEAL_KINDS } from '../core/sealRecord/findings';
import { verdictHolders } from '../core/tally/severity';
import { goalPath } from '../workspace/goalState';
import { acceptFinding } from './acceptFinding';
import type { AcceptOutcome } from './acceptFlow';
import { CliUnavailableError, runBundledCli } from './cli';
import { needMeter, refuseUntrusted, type CliOutcome, type CommandContext } from './commands';
import { confirmChange } from './confirm';
import type { Meter } from './meter';
import { inVsCode, remediesOf } from './remedies';
import { goalNow, sealOf } from './remedyFacts';
import { resealQuestion, restoreQuestion } from './remedyQuestions';
import { showSealedDiff } from './sealedDiff';

/** `{ confirmed: true }` from code (the host tests), never from a webview: its runCommand carries no arguments. */
export function confirmedBy(opts: unknown): boolean {
  return typeof opts === 'object' && opts !== null && (opts as { confirmed?: unknown }).confirmed === true;
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? '';
}

/** Refused with a one-line reason, nothing changed. */
function nothing(message: string): CliOutcome {
  void vscode.window.showInformationMessage(`Proofmeter: ${message}`);
  return { ok: false, refused: 'nothing to do' };
}

/** Runs the CLI remedy, shows its first line (the whole output in the log), and refreshes the meter. */
async function runRemedy(ctx: CommandContext, m: Meter, what: string, args: string[]): Promise<CliOutcome> {
  let r;
  try {
    r = await runBundledCli(ctx.extensionPath, args, m.cwd, undefined, ctx.settings().cliPath);
  } catch (e) {
    if (!(e instanceof CliUnavailableError)) throw e;
    void vscode.window.showErrorMessage(`Proofmeter: ${what} is unavailable: ${e.message}.`);
    return { ok: false, unavailable: e.message };
  }
  const output = [r.stdout.trim(), r.stderr.trim()].filter(Boolean).join('\n');
  ctx.log.info(`${what}: proofmeter ${args[0] ?? ''} exit ${r.code}, ${output.length} bytes of output`);
  if (r.code === 0) void vscode.window.showInformationMessage(`Proofmeter: ${inVsCode(firstLine(r.stdout)) || `${what} done.`}`);
  else {
    ctx.log.show(`proofmeter ${args.join(' ')} (exit ${r.code})`, output);
    void vscode.window.showErrorMessage(`Proofmeter: ${what} failed: ${inVsCode(firstLine(r.stderr) || firstLine(r.stdout)) || `exit ${r.code}`}`);
  }
  await m.refresh(what, { fromScratch: true });
  return { ok: r.code === 0, code: r.code, output };
}

/** The tally's findings now (computed first when the meter has not yet). */
async function findingsNow(m: Meter): Promise<{ integrity: Finding[]; holders: Finding[] }> {
  const t = (await m.ensureComputed()).tally;
  return { integrity: t?.integrity ?? [], holders: t ? verdictHolders(t) : [] };
}

export async function restoreGoal(ctx: CommandContext, opts: unknown): Promise<CliOutcome> {
  const m = needMeter(ctx);
  if (!m) return { ok: false, refused: 'no folder' };
  if (refuseUntrusted(ctx, 'Restore Goal')) return { ok: false, refused: 'untrusted' };
  const { holders } = await findingsNow(m);
  const goal = holders.find((f) => remediesOf(f)[0] === 'restore');
  if (!goal) return nothing('the goal is as it was sealed: there is nothing to restore.');
  const seal = sealOf(m.cwd, process.env);
  if (!seal?.goal?.text) return nothing('the seal kept no text of the goal to restore; Reseal for This Machine or Adopt Plan instead.');
  const file = goalPath(m.cwd);
  const missing = !existsSync(file);
  await showSealedDiff(m.cwd, file, 'goal.json: as sealed ↔ now');
  const q = restoreQuestion({ sealedAt: seal.takenAt, missing, others: holders.length - 1 });
  if (!confirmedBy(opts) && !(await confirmChange(q))) return { ok: false, refused: 'cancelled' };
  return runRemedy(ctx, m, 'Restore Goal', ['doctor', '--dir', m.cwd, '--restore']);
}

export async function reseal(ctx: CommandContext, opts: unknown): Promise<CliOutcome> {
  const m = needMeter(ctx);
  if (!m) return { ok: false, refused: 'no folder' };
  if (refuseUntrusted(ctx, 'Reseal for This Machine')) return { ok: false, refused: 'untrusted' };
  const { integrity } = await findingsNow(m);
  // What a reseal takes back: the seal's own findings, and a goal sealed on another machine.
  const taken = integrity.filter((f) => SEAL_KINDS.has(f.kind) || f.kind === 'sealed-elsewhere');
  if (!taken.length) return nothing('the seal is intact: there is nothing to reseal.');
  const elsewhere = taken.some((f) => f.kind === 'sealed-elsewhere');
  const file = goalPath(m.cwd);
  // The goal it will seal: its change beside the sealed text when there is one, else the file itself.
  const goalChanged = taken.some((f) => f.file === file);
  const diffShown = goalChanged && (await showSealedDiff(m.cwd, file, 'goal.json: as sealed ↔ what Reseal seals'));
  if (!diffShown && existsSync(file)) await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
  const q = resealQuestion({ goal: goalNow(m.cwd), findings: taken.map((f) => ({ id: f.id, kind: f.kind })), elsewhere });
  if (!confirmedBy(opts) && !(await confirmChange(q))) return { ok: false, refused: 'cancelled' };
  return runRemedy(ctx, m, 'Reseal for This Machine', ['doctor', '--dir', m.cwd, '--reseal']);
}

/** Accept Finding…: the given finding, or one picked among the open errors; 'refused' when there is none. */
export async function acceptCommand(ctx: CommandContext, given: unknown): Promise<AcceptOutcome> {
  const m = needMeter(ctx);
  if (!m) return 'refused';
  if (refuseUntrusted(ctx, 'Accept Finding')) return 'refused';
  const state = await m.ensureComputed();
  const open = state.seal.filter((f) => f.severity === 'error' && !f.accepted);
  let id = typeof given === 'string' ? given : undefined;
  if (id === undefined) {
    if (!open.length) {
      void vscode.window.showInformationMessage('Proofmeter: no open error finding to accept.');
      return 'refused';
    }
    const pick = await vscode.window.showQuickPick(
      open.map((f) => ({ label: f.id, detail: f.message, id: f.id })),
      { title: 'Proofmeter: Accept Finding', placeHolder: 'The finding to accept (its change opens before you confirm)', matchOnDetail: true },
    );
    if (!pick) return 'cancelled';
    id = pick.id;
  }
  const file = state.tally?.integrity.find((f) => f.id === id)?.file ?? null;
  const outcome = await acceptFinding(ctx.extensionPath, m.cwd, id, state.seal, file);
  if (outcome === 'ok') await m.refresh('finding accepted');
  return outcome;
}
