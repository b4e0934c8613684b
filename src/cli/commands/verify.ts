// `proofmeter verify`: re-runs every one of Claude's command proofs outside the agent's shell and
// sets each result beside what the session's evidence says. Exit 0 only when every re-run passed.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { countShort, countWords, disagrees, rerunEnd, rerunSchema, type Rerun, type RerunJson } from '../../core/evidence/rerun';
import type { ItemState } from '../../core/evidence/evidenceSchema';
import { tallyText } from '../../core/tally/format';
import type { Tally } from '../../core/tally/tally';
import { readGoal } from '../../workspace/goalState';
import { DEFAULT_TIMEOUT_MS, proofTargets, verifyProofs, type ProofTarget } from '../../workspace/verifier';
import { UserError } from '../../core/userError';
import { tallyWorkspace } from '../../workspace/workspaceTally';
import { sandboxLine, type SandboxState } from '../../workspace/rerunSandbox';
import type { SavedRerun } from '../../workspace/verifyState';
import { UsageError, type CommandResult, type Io } from '../io';

/**
 * A re-run beside the session's state of its item; whether it reopened the item is the tally's.
 * `sandbox` and `tampered` as the verify record keeps them (verifyState.ts).
 */
export type VerifyResultJson = Omit<RerunJson, 'reopened' | 'by'> &
  Pick<SavedRerun, 'sandbox' | 'tampered'> & {
    /** The last lines of a re-run's output that did not pass, as the text report prints them (never saved); [] for a pass. */
    tail: string[];
  };

export interface VerifyJson {
  results: VerifyResultJson[];
  disagreements: string[];
  /** The tally's verdict with the re-runs applied: never done over a failing re-run. */
  verdict: Tally['verdict'];
  where: 'work tree' | 'clean checkout of HEAD';
  env: 'goal' | 'runner';
  notRun: string[];
  /** Where the proofs run now ran: in the sandbox ('kernel') or not ('none', with why); null when none ran. */
  sandbox: SandboxState | null;
}

function pickTargets(all: ProofTarget[], goalIds: { id: string; owner: string }[], wanted: string | undefined): ProofTarget[] {
  if (wanted === undefined) return all;
  const ids = wanted.split(',').map((s) => s.trim()).filter(Boolean);
  if (!ids.length) throw new UsageError('--items takes ids, e.g. --items S1,V2');
  return ids.map((raw) => {
    const item = goalIds.find((i) => i.id.toLowerCase() === raw.toLowerCase());
    if (!item) throw new UsageError(`${raw} is not an item of the goal (${goalIds.map((i) => i.id).join(' ')})`);
    const t = all.find((x) => x.id === item.id);
    if (!t) {
      const whose = item.owner === 'human' ? 'the person' : item.owner === 'later' ? 'a later event' : 'the person since Claude handed it over';
      throw new UsageError(`${item.id} belongs to ${whose}; the verifier re-runs Claude's command proofs only`);
    }
    return t;
  });
}

function seconds(v: string | undefined): number {
  if (v === undefined) return DEFAULT_TIMEOUT_MS;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--timeout takes seconds (a number above 0), not '${v}'`);
  return Math.round(n * 1000);
}

function tail(buf: Buffer | undefined, lines = 5): string[] {
  if (!buf || !buf.length) return [];
  return buf.toString('utf8').replace(/\s+$/, '').split('\n').slice(-lines);
}

/** `sessionRan`: how many tests the session's deciding run of the proof ran, when its output said (a pass is held to it). */
function endWords(r: Pick<Rerun, 'outcome' | 'exit' | 'signal' | 'timeoutMs' | 'error' | 'tests'> & Partial<Pick<SavedRerun, 'tampered'>>, sessionRan: number | null = null): string {
  if (r.tampered) return `FAILED (changed the meter's files while it ran: meter-tampered; ${rerunEnd(r)})`;
  const short = countShort(r, sessionRan);
  if (short) return `FAILED (exit 0, but ${countWords(short)})`;
  return r.outcome === 'pass' ? 'pass' : `FAILED (${rerunEnd(r)})`;
}

export async function run(args: string[], io: Io): Promise<CommandResult> {
  const { values } = parseArgs({
    args,
    options: { cwd: { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' }, items: { type: 'string' }, clean: { type: 'boolean' } },
    allowPositionals: false,
  });
  const cwd = resolve(io.cwd, values.cwd ?? '.');
  const timeoutMs = seconds(values.timeout);
  const read = readGoal(cwd);
  if (read.kind === 'bad') throw new UserError(read.error);
  if (read.kind === 'none') throw new UserError(`no adopted goal in ${cwd} (proofmeter adopt PLAN.md)`);
  const goal = read.goal;
  const before = tallyWorkspace({ cwd, env: io.env });
  const sessionRan = (id: string) => before.items.find((i) => i.id === id)?.run?.tests?.ran ?? null;
  const targets = pickTargets(proofTargets(goal, before), goal.items, values.items);
  const clean = values.clean === true;

  const ac = new AbortController();
  const onSignal = () => ac.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let verified;
  try {
    verified = await verifyProofs({
      workspace: cwd,
      goal,
      targets,
      env: io.env,
      timeoutMs,
      by: 'verify',
      clean,
      signal: ac.signal,
      // Progress goes to stderr, so --json output stays one object; the extension reads these lines.
      onProof: (e) => io.err(e.phase === 'start' ? `[${e.index + 1}/${e.total}] ${e.target.id}: \`${e.target.proof}\`` : `[${e.index + 1}/${e.total}] ${e.target.id}: ${endWords(e.result!, sessionRan(e.target.id))} in ${e.result!.durationMs} ms`),
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  if (verified.error) throw new UserError(verified.error);
  if (ac.signal.aborted) {
    io.err('proofmeter verify: cancelled; the proofs that finished are saved, the rest were not run');
    return { code: 130 };
  }

  const after = tallyWorkspace({ cwd, env: io.env });
  const viewed: RerunJson[] = (clean ? after.verifier?.clean : after.verifier?.results) ?? [];
  const sessionOf = (id: string): ItemState => viewed.find((v) => v.id === id)?.session ?? before.items.find((i) => i.id === id)?.state ?? 'unrun';
  // The schema keeps the re-run's own fields and drops what only the saved file needs (tree key, environment).
  const results: VerifyResultJson[] = verified.results.map((r) => ({
    ...rerunSchema.parse(r),
    session: sessionOf(r.id),
    sandbox: r.sandbox,
    tampered: r.tampered,
    tail: r.outcome === 'pass' && !countShort(r, sessionRan(r.id)) ? [] : tail(verified.output.get(r.id)),
  }));
  // A pass whose count falls short of the session's run (or ran none) is no pass (rerun.ts countShort).
  const passes = (r: VerifyResultJson) => r.outcome === 'pass' && !countShort(r, sessionRan(r.id));
  const disagreements = results.filter((r) => disagrees(r.session, passes(r) ? 'pass' : 'fail')).map((r) => r.id);
  const json: VerifyJson = {
    results,
    disagreements,
    verdict: after.verdict,
    where: clean ? 'clean checkout of HEAD' : 'work tree',
    env: verified.env.source,
    notRun: verified.notRun.map((t) => t.id),
    sandbox: verified.sandbox,
  };
  const allPassed = results.length === targets.length && results.every(passes);
  if (values.json) {
    io.out(JSON.stringify(json, null, 2));
    return { code: allPassed ? 0 : 1 };
  }

  const out: string[] = [];
  if (disagreements.length) {
    out.push(`Disagreements (the session and the re-run differ): ${disagreements.join(' ')}`);
    for (const r of results.filter((x) => disagreements.includes(x.id))) out.push(`  ${r.id}  the session: ${r.session}; the re-run: ${endWords(r, sessionRan(r.id))}  proof: ${r.proof}`);
  } else {
    out.push('Disagreements: none.');
  }
  const envWords = json.env === 'goal' ? 'the PATH, HOME and locale recorded when the goal was frozen' : "this process's PATH, HOME and locale (the goal was frozen before environments were recorded)";
  out.push(`Re-runs in the ${json.where} (bash --noprofile --norc, ${envWords})${clean ? '; they check what is committed and never change the count' : ''}:`);
  if (verified.sandbox) out.push(`  (${sandboxLine(verified.sandbox)})`);
  if (!targets.length) out.push('  nothing to re-run: the goal has no command proofs of Claude’s');
  const w = Math.max(2, ...results.map((r) => r.id.length));
  for (const r of results) {
    out.push(`  ${r.id.padEnd(w)}  ${endWords(r, sessionRan(r.id))}  ${r.durationMs} ms, ${r.outputBytes} bytes of output${r.outputTruncated ? ' (kept the first 256 KiB)' : ''}  proof: ${r.proof}`);
    for (const l of r.tail) out.push(`  ${' '.repeat(w)}  | ${l}`);
  }
  const other = clean ? after.verifier?.results : after.verifier?.clean;
  if (other?.length) {
    out.push(`Saved beside these, ${clean ? 'in the work tree' : 'in a clean checkout of HEAD (never counted)'}: ${other.map((r) => `${r.id} ${r.outcome}`).join(', ')}`);
  }
  out.push('');
  out.push(tallyText(after));
  io.out(out.join('\n'));
  return { code: allPassed ? 0 : 1 };
}
