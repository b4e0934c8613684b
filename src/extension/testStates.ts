// The Testing view's state for each plan item, read off the meter's tally: the engine is the only
// judge, this file only translates its states into the Testing API's words. Kept free of the
// vscode module so it is tested as plain code (test/vscode/unit/testStates.test.ts).
import type { VerifyResultJson } from '../cli/commands/verify';
import { countShort, countWords, rerunEnd, type RerunJson } from '../core/evidence/rerun';
import type { ItemJson, Tally } from '../core/tally/tally';
import type { ProofTarget } from '../workspace/verifier';
import { lensFor } from './lensText';

/**
 * passed: proved or closed; failed: failed (by the session's run or a re-run that took it back);
 * skipped: everything the meter has not counted either way. Never "unset": a test with no result in
 * the newest run shows an older run's result, which would be a state the meter no longer has.
 */
export type TestState = 'passed' | 'failed' | 'skipped';

export interface ItemTest {
  id: string;
  label: string;
  /** 1-based line of the item in the frozen plan file. */
  planLine: number;
  state: TestState;
  /** The meter's words for the state, as the CodeLens says them: "proved · exit 0 · 10:42". */
  description: string;
  /** A failed item's TestMessage: what failed and how (exit, reason, a fresh re-run's last lines). */
  message: string | null;
}

/** What a run from the Testing view just got from `proofmeter verify --json`, by item id. */
export type FreshResult = Pick<VerifyResultJson, 'outcome' | 'exit' | 'signal' | 'timeoutMs' | 'error' | 'tail' | 'tampered'>;
export type FreshResults = ReadonlyMap<string, FreshResult>;

type TallyPart = Pick<Tally, 'items' | 'ledger' | 'verifier'>;

function stateOf(item: ItemJson): TestState {
  switch (item.state) {
    case 'proved':
    case 'closed':
      return 'passed';
    case 'failed':
      return 'failed';
    case 'pending':
    case 'unrun':
    case 'open':
    case 'handed-over':
      return 'skipped';
  }
}

/** `sessionRan`: the tests the session's deciding run ran, as its output said; a pass that ran none or fewer is said so (rerun.ts countShort). */
function ended(r: Pick<RerunJson, 'outcome' | 'exit' | 'signal' | 'timeoutMs' | 'error' | 'tests'> & { tampered?: boolean }, sessionRan: number | null = null): string {
  if (r.tampered) return `changed the meter's files (${rerunEnd(r)})`;
  const short = countShort(r, sessionRan);
  if (short) return `exit 0, but ${countWords(short)}`;
  return r.outcome === 'pass' ? 'passed' : rerunEnd(r);
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The item's text without its closing "Proof: …" clause, when it ends with exactly the proof: the
 * Testing view cuts a long label short, and the meter's words beside it are what it is there for.
 */
export function testLabel(item: Pick<ItemJson, 'text' | 'proof'>): string {
  const text = oneLine(item.text);
  const clause = ` Proof: ${oneLine(item.proof)}`;
  return text.endsWith(clause) && text.length > clause.length ? text.slice(0, -clause.length) : text;
}

function failureMessage(item: ItemJson, t: TallyPart, rerun: RerunJson | undefined, fresh: FreshResult | undefined): string {
  const lines: string[] = [];
  if (rerun && t.verifier?.reopened.includes(item.id)) {
    lines.push(`${item.id} failed on re-run (${ended(rerun, item.run?.tests?.ran ?? null)}, ${rerun.at}): the session had proved it, and a newer re-run took it back.`);
  } else {
    const exit = item.run?.exit ?? null;
    const said = exit !== null && !/\bexit\b/i.test(item.detail) ? `${item.detail} (exit ${exit})` : item.detail;
    lines.push(`${item.id} failed in the session: ${said}.`);
    if (rerun?.outcome === 'pass') lines.push(`A re-run passed (${rerun.at}); a re-run never proves an item, the session's own run does.`);
  }
  lines.push(`Proof: ${item.proof}`);
  const tail = fresh && fresh.outcome !== 'pass' ? fresh.tail : [];
  if (tail.length) lines.push('', "The re-run's last lines of output:", ...tail);
  return lines.join('\n');
}

/**
 * The Testing view's items in plan order, each with the meter's state. `fresh`: the re-runs a run
 * from the Testing view just made, for the last lines of their output (the tally keeps none).
 */
export function itemTests(t: TallyPart, fresh: FreshResults = new Map()): ItemTest[] {
  return t.items.map((item) => {
    const state = stateOf(item);
    const rerun = t.verifier?.results.find((r) => r.id === item.id);
    const lens = lensFor(item, t).title.replace(/^\S+\s/, '');
    // A re-run beside a state it did not decide: said, never counted ("not run yet · re-run: exit 1").
    const reopened = t.verifier?.reopened.includes(item.id) ?? false;
    const description = rerun && !reopened ? `${lens} · re-run: ${ended(rerun, item.run?.tests?.ran ?? null)}` : lens;
    return {
      id: item.id,
      label: testLabel(item),
      planLine: item.planLine,
      state,
      description,
      message: state === 'failed' ? failureMessage(item, t, rerun, fresh.get(item.id)) : null,
    };
  });
}

/** A key of what the Testing view shows, so an unchanged tally publishes nothing new. */
export function testsKey(tests: readonly ItemTest[]): string {
  return JSON.stringify(tests.map((x) => [x.id, x.label, x.planLine, x.state, x.description, x.message]));
}

/**
 * Which of the chosen items `proofmeter verify --items` re-runs: Claude's command proofs only (the
 * verifier's own list, proofTargets); the rest are named with why they are not run. null: all.
 */
export function chooseTargets(chosen: readonly string[] | null, excluded: readonly string[], targets: readonly ProofTarget[], items: readonly ItemJson[]): { run: ProofTarget[]; notRunnable: { id: string; why: string }[] } {
  const wanted = (chosen ?? items.map((i) => i.id)).filter((id) => !excluded.includes(id));
  const run: ProofTarget[] = [];
  const notRunnable: { id: string; why: string }[] = [];
  for (const id of wanted) {
    const target = targets.find((x) => x.id === id);
    if (target) {
      run.push(target);
      continue;
    }
    const item = items.find((i) => i.id === id);
    const why =
      item?.owner === 'human'
        ? 'its proof is your words; nothing run closes it'
        : item?.owner === 'later'
          ? 'it waits for a later event; nothing run now closes it'
          : item?.handover
            ? 'Claude handed it over to you; your words close it'
            : 'it has no command proof to re-run';
    notRunnable.push({ id, why });
  }
  return { run, notRunnable };
}
