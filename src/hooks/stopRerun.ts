// The stop gate's re-run: when the session's evidence says Claude's part is done, every one of
// Claude's command proofs is run again by the verifier, outside the agent's shell, before the
// stop goes through. Every pass a stop goes through on is one this call ran: a saved pass is never
// reused (verify.json is the agent's to write), only a saved failure while the workspace's content
// is unchanged, which can only keep the stop blocked. The whole re-run keeps inside a budget below
// the stop entry's own timeout, so Claude Code never cuts the gate off (which would let the stop
// through).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { meterHookOf } from '../core/install/entries';
import { meterEntries, parseSettings } from '../core/install/settingsMerge';
import { countShort, countWords, rerunDetail, rerunPasses } from '../core/evidence/rerun';
import type { Tally } from '../core/tally/tally';
import type { GoalState } from '../workspace/goalState';
import { claudeConfigDir } from '../workspace/transcriptFiles';
import { DEFAULT_TIMEOUT_MS, proofTargets, verifyProofs, type ProofTarget } from '../workspace/verifier';
import type { SavedRerun } from '../workspace/verifyState';
import { sandboxLine, type SandboxState } from '../workspace/rerunSandbox';

/**
 * What Claude Code allows a command hook that names no timeout. Releases have differed (60 s in
 * older ones); the smaller is assumed, so an entry installed before it carried a timeout still
 * gets a budget that fits.
 */
export const ASSUMED_DEFAULT_TIMEOUT_S = 60;

/** The meter's Stop entry timeout in effect: Claude Code runs every entry, so the smallest one found. */
export function stopEntryTimeoutS(workspace: string, env: NodeJS.ProcessEnv): number {
  const files = [join(workspace, '.claude', 'settings.json'), join(workspace, '.claude', 'settings.local.json'), join(claudeConfigDir(env), 'settings.json')];
  let found: number | null = null;
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    const p = parseSettings(text);
    if (!p.ok) continue;
    for (const e of meterEntries(p.value)) {
      if (e.event !== 'Stop' || meterHookOf(e.command) !== 'stop') continue;
      const t = e.timeout !== null && e.timeout > 0 ? e.timeout : ASSUMED_DEFAULT_TIMEOUT_S;
      found = found === null ? t : Math.min(found, t);
    }
  }
  return found ?? ASSUMED_DEFAULT_TIMEOUT_S;
}

/**
 * The re-run's share of the entry's timeout: minus a margin (10%, at least 5 s) for the tally,
 * the answer and a slow start, and minus what this process has already spent.
 */
export function rerunBudgetMs(timeoutS: number, spentMs: number): number {
  const ms = timeoutS * 1000;
  return Math.max(0, ms - Math.max(5000, ms / 10) - spentMs);
}

/**
 * Each proof's limit in the stop gate: PROOFMETER_VERIFY_TIMEOUT seconds (for a suite that needs
 * longer than the verifier's 120 s; the budget still bounds it), else 120 s. A value that is not a
 * positive number is ignored; a small one can only make a re-run time out, never pass.
 */
export function stopProofTimeoutMs(env: NodeJS.ProcessEnv): number {
  const s = Number(env.PROOFMETER_VERIFY_TIMEOUT);
  return Number.isFinite(s) && s > 0 ? Math.round(s * 1000) : DEFAULT_TIMEOUT_MS;
}

export interface StopRerun {
  results: SavedRerun[];
  /** The re-runs that did not pass (failed, timed out, could not run). */
  failed: SavedRerun[];
  notRun: ProofTarget[];
  reused: string[];
  envSource: 'goal' | 'runner';
  budgetMs: number;
  /** Whether the proofs run now ran in the sandbox (rerunSandbox.ts); absent or null when none ran. */
  sandbox?: SandboxState | null;
  /** The work tree's content when the re-runs started and, when they changed it, after (verifier.ts). */
  treeKey?: string | null;
  treeKeyAfter?: string | null;
  /** Per id, how many tests the session's deciding run of the proof ran (its output's summary), or null; a re-run is held to it. */
  sessionRan?: Record<string, number | null>;
}

/** `spentMs`: what the gate has used so far (the runner's own start is inside the margin). */
/** `withoutSandbox`: run bare for this reason, as where no sandbox is available (tests). */
export async function rerunForStop(workspace: string, env: NodeJS.ProcessEnv, goal: GoalState, tally: Tally, spentMs: number, withoutSandbox?: string): Promise<StopRerun> {
  const budgetMs = rerunBudgetMs(stopEntryTimeoutS(workspace, env), spentMs);
  const run = await verifyProofs({
    workspace,
    goal,
    targets: proofTargets(goal, tally),
    env,
    timeoutMs: stopProofTimeoutMs(env),
    by: 'stop',
    reuseFailures: true,
    budgetMs,
    withoutSandbox,
  });
  // A re-run that exits 0 and runs no tests, or fewer than the session's own run, is no pass (rerun.ts).
  const sessionRan = Object.fromEntries(tally.items.map((i) => [i.id, i.run?.tests?.ran ?? null]));
  return {
    results: run.results,
    failed: run.results.filter((r) => !rerunPasses(r, sessionRan[r.id] ?? null)),
    sessionRan,
    notRun: run.notRun,
    reused: run.reused,
    envSource: run.env.source,
    budgetMs,
    sandbox: run.sandbox,
    treeKey: run.treeKey,
    treeKeyAfter: run.treeKeyAfter,
  };
}

/** The block's reason: each proof that failed on re-run, with its end and time, and what to do. */
export function rerunReason(r: StopRerun, capNote: string): string {
  const lines = ["Proofmeter: this session's transcript says Claude's part is done, but re-running the proofs outside this session's shell disagrees:"];
  for (const f of r.failed) {
    const reused = r.reused.includes(f.id) ? ' (the workspace has not changed since, so it was not run again)' : '';
    const short = countShort(f, r.sessionRan?.[f.id] ?? null);
    const other = f.changedOther?.map((c) => `${c.path}, which ${c.id}'s proof \`${c.proof}\` depends on`).join('; ');
    const what = f.tampered
      ? "changed the meter's files while it re-ran (meter-tampered), so it fails whatever it exited"
      : other
        ? `changed ${other}, while it re-ran (proof-changed-other), so it fails whatever it exited; each proof re-ran over its own view, so the other proof ran on the files as they are`
        : short
          ? countWords(short)
          : rerunDetail(f);
    lines.push(`- ${f.id} \`${f.proof}\`: ${what}${reused}`);
  }
  for (const t of r.notRun) {
    lines.push(`- ${t.id} \`${t.proof}\`: not re-run: the stop gate's time budget (${Math.round(r.budgetMs / 1000)} s) ran out; every proof must pass in one stop's re-run, so proofs that take longer together need a larger \`timeout\` on the meter's Stop entry (the person's change)`);
  }
  lines.push(
    `The re-run is \`bash --noprofile --norc -c PROOF\` in the workspace root with the PATH, HOME and locale ${r.envSource === 'goal' ? 'recorded when the goal was frozen' : "of the meter's own process (this goal was frozen before environments were recorded)"}: nothing set in this session's shell (functions, aliases, variables, another folder) reaches it.`,
    ...(r.sandbox ? [`The ${sandboxLine(r.sandbox)}.`] : []),
    ...(r.failed.some((f) => !f.tampered && countShort(f, r.sessionRan?.[f.id] ?? null))
      ? ["A re-run that exits 0 but runs no tests, or fewer than this session's own run of the proof, does not pass: put back what selects the tests (the runner's configuration, its filters, the test files)."]
      : []),
    "Fix what the proof checks in the workspace's files, then run the proof again here; the stop goes through once every re-run passes.",
    capNote,
  );
  return lines.join('\n');
}
