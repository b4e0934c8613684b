// The Verify command's steps, kept free of the vscode module so they can be tested as plain code:
// list the proofs the verifier will re-run, ask the person (a modal that names every command),
// run `proofmeter verify --json` with a cancellable progress notification fed by its progress
// lines, then recompute the tally and say what the re-runs found.
import type { VerifyJson } from '../cli/commands/verify';
import type { Tally } from '../core/tally/tally';
import type { ViewState } from '../protocol';
import type { GoalState } from '../workspace/goalState';
import { proofTargets, type ProofTarget } from '../workspace/verifier';
import { readVerifyJson } from './verifyJson';

export interface VerifyUi {
  /** A modal question; true only when the person chose to run. */
  confirm(message: string, detail: string): Promise<boolean>;
  /** Runs the task under a cancellable progress notification. */
  progress<T>(title: string, task: (report: (message: string, increment?: number) => void, signal: AbortSignal) => Promise<T>): Promise<T>;
  info(message: string): void;
  warn(message: string): void;
  /** The full text for the output channel. */
  show(title: string, text: string): void;
}

export interface StreamedRun {
  code: number;
  stdout: string;
  stderr: string;
  cancelled: boolean;
}

export interface VerifyDeps {
  cwd: string;
  goal: GoalState | null;
  tally: Tally | null;
  ui: VerifyUi;
  /** Runs the bundled CLI with these arguments, calling onLine for each stderr line. */
  run(args: string[], onLine: (line: string) => void, signal: AbortSignal): Promise<StreamedRun>;
  refresh(): Promise<ViewState>;
}

export type VerifyOutcome =
  | { kind: 'no-goal' }
  | { kind: 'nothing' }
  | { kind: 'declined'; targets: ProofTarget[] }
  | { kind: 'cancelled'; state: ViewState }
  | { kind: 'failed'; code: number; message: string; state: ViewState }
  | { kind: 'ran'; code: number; result: VerifyJson; state: ViewState };

/** What the modal says: every command that will run, and how. */
export function confirmationText(targets: ProofTarget[], cwd: string): { message: string; detail: string } {
  return {
    message: `Re-run ${targets.length} of Claude's proof${targets.length === 1 ? '' : 's'} in ${cwd}?`,
    detail: [
      "Each runs outside Claude's shell (bash --noprofile --norc, in the workspace root, with the PATH, HOME and locale recorded when the goal was frozen), one at a time, up to 120 s each:",
      '',
      ...targets.map((t) => `${t.id}: ${t.proof}`),
    ].join('\n'),
  };
}

const PROGRESS = /^\[(\d+)\/(\d+)\] (\S+): (.*)$/;

/** The notification's words for one progress line of the CLI, and how far it moves the bar. */
export function progressOf(line: string): { message: string; increment: number } | null {
  const m = PROGRESS.exec(line);
  if (!m) return null;
  const total = Number(m[2]);
  const started = m[4]!.startsWith('`');
  return { message: `${m[3]}: ${started ? `running ${m[4]}` : m[4]}`, increment: started || total === 0 ? 0 : 100 / total };
}

/** One line for the notification after the run. */
export function summaryOf(r: VerifyJson): string {
  // A pass the session proved and still disagrees with was taken back on its test count (rerun.ts countShort).
  const short = (x: VerifyJson['results'][number]) => x.outcome === 'pass' && x.session === 'proved' && r.disagreements.includes(x.id);
  const failed = r.results.filter((x) => x.outcome !== 'pass' || short(x));
  const end = (f: VerifyJson['results'][number]) =>
    short(f) ? (f.tests ? `ran ${f.tests.ran} test${f.tests.ran === 1 ? '' : 's'}` : 'printed no test count') : f.outcome === 'timeout' ? 'timed out' : f.outcome === 'error' ? 'could not run' : `exit ${f.exit ?? f.signal}`;
  const head = failed.length
    ? `${failed.length} of ${r.results.length} re-run(s) did not pass: ${failed.map((f) => `${f.id} (${end(f)})`).join(', ')}`
    : `all ${r.results.length} re-run(s) passed`;
  const dis = r.disagreements.length ? `; the session disagrees on ${r.disagreements.join(', ')}` : '';
  const notRun = r.notRun.length ? `; not run: ${r.notRun.join(', ')}` : '';
  return `Proofmeter: ${head}${dis}${notRun}. Verdict: ${r.verdict === 'done' ? 'ALL DONE' : 'NOT DONE'}.`;
}

export async function verifyFlow(deps: VerifyDeps, opts: { confirmed?: boolean } = {}): Promise<VerifyOutcome> {
  if (!deps.goal) {
    deps.ui.info('Proofmeter: this workspace has no goal yet. Use "Proofmeter: Set Goal".');
    return { kind: 'no-goal' };
  }
  const targets = proofTargets(deps.goal, deps.tally);
  if (!targets.length) {
    deps.ui.info("Proofmeter: the goal has no command proofs of Claude's to re-run.");
    return { kind: 'nothing' };
  }
  if (!opts.confirmed) {
    const { message, detail } = confirmationText(targets, deps.cwd);
    if (!(await deps.ui.confirm(message, detail))) return { kind: 'declined', targets };
  }
  const ran = await deps.ui.progress('Proofmeter: re-running the proofs', (report, signal) =>
    deps.run(['verify', '--json', '--cwd', deps.cwd], (line) => {
      const p = progressOf(line);
      if (p) report(p.message, p.increment);
    }, signal),
  );
  const state = await deps.refresh();
  if (ran.cancelled) {
    deps.ui.warn('Proofmeter: Verify was cancelled; the proofs that finished are saved, the rest were not run.');
    return { kind: 'cancelled', state };
  }
  // Read through the schema: the CLI is another process, possibly another build (proofmeter.cliPath).
  const read = readVerifyJson(ran.stdout);
  const result = read.ok ? read.json : null;
  if ((ran.code !== 0 && ran.code !== 1) || !result) {
    const message = ran.stderr.trim().split('\n').at(-1) || `exit ${ran.code}`;
    deps.ui.show(`proofmeter verify --cwd ${deps.cwd} (exit ${ran.code})`, [ran.stdout.trim(), ran.stderr.trim()].filter(Boolean).join('\n'));
    deps.ui.warn(`Proofmeter: Verify failed: ${message}`);
    return { kind: 'failed', code: ran.code, message, state };
  }
  const lines = result.results.map((r) => `${r.id}  ${r.outcome}${r.exit !== null ? ` (exit ${r.exit})` : ''}  ${r.durationMs} ms  session: ${r.session}  proof: ${r.proof}`);
  deps.ui.show(`proofmeter verify --cwd ${deps.cwd} (exit ${ran.code})`, lines.join('\n'));
  if (ran.code === 0) deps.ui.info(summaryOf(result));
  else deps.ui.warn(summaryOf(result));
  return { kind: 'ran', code: ran.code, result, state };
}
