// What a change to one dependency (or one part of it) did, read by what the dependency is: a
// command text (a shell script, a package script, a make recipe), a script in another language,
// a runner or lint config, or a test file. Each returns the facts that are findings of their own;
// a change that is none of them is a `checker-changed` or `gate-config-changed` for the caller.
import type { FindingKind } from '../findings/finding';
import { exitReading } from '../shell/exitStatus';
import { blankNonCode } from './blank';
import { inventory } from './inventory';
import { addedLoosenings } from './patterns';
import { recipeFlags } from './makefile';

export interface Fact {
  kind: FindingKind;
  /** One line, after the file's name: `can no longer fail: \`true\` decides its exit`. */
  what: string;
  line: number | null;
  /** What makes this fact this one, for the finding's id. */
  key: string;
}

export type Dialect = 'sh' | 'make' | 'node' | 'python' | 'other';

function cannotFailSh(text: string): { how: string; culprit: string } | null {
  const r = exitReading(text);
  return r.kind === 'cannot-fail' ? { how: r.how, culprit: r.culprit } : null;
}

/** A make target fails when any recipe line not marked `-` fails: each line is its own shell. */
function cannotFailMake(text: string): { how: string; culprit: string } | null {
  const lines = text.split('\n').filter((l) => l.startsWith('\t')).map((l) => recipeFlags(l.slice(1)));
  if (lines.some((l) => !l.ignoreErrors && cannotFailSh(l.command) === null)) return null;
  const ignored = lines.find((l) => l.ignoreErrors && cannotFailSh(l.command) === null);
  if (ignored) return { how: 'ignored', culprit: `-${ignored.command.trim()}` };
  const masked = lines.map((l) => cannotFailSh(l.command)).find((r) => r !== null && r.how !== 'constant');
  return masked ?? { how: 'constant', culprit: lines.map((l) => l.command.trim()).join('; ') || '(no recipe)' };
}

const CODE_LANG: Record<'node' | 'python', 'js' | 'py'> = { node: 'js', python: 'py' };
const SKIPPABLE = /^(?:import\b|from\s+\S+\s+import\b|(?:const|let|var)\s+[\w{}\s,]+=\s*require\(|['"]use strict['"]|#!)/;
const EXIT_ZERO = /^(?:process\.exit\(\s*0?\s*\)|process\.exitCode\s*=\s*0\b|(?:sys\.exit|exit|quit|os\._exit)\(\s*0?\s*\))/;

/** The first statement of a node or python script, when it is an unconditional exit 0. */
function firstStatementExits(text: string, lang: 'js' | 'py'): string | null {
  const code = blankNonCode(text, lang).split('\n');
  for (let k = 0; k < code.length; k++) {
    const l = code[k]!.trim();
    if (!l || SKIPPABLE.test(text.split('\n')[k]!.trim())) continue;
    return EXIT_ZERO.test(l) ? text.split('\n')[k]!.trim() : null;
  }
  return null;
}

function isEmpty(text: string, dialect: Dialect): boolean {
  if (dialect === 'node' || dialect === 'python') return !blankNonCode(text, CODE_LANG[dialect]).replace(/^#!.*$/m, '').trim();
  if (dialect === 'make') return !text.split('\n').some((l) => l.startsWith('\t') && l.trim());
  return !text.split('\n').some((l) => l.trim() && !l.trim().startsWith('#'));
}

function cannotFail(text: string, dialect: Dialect): { how: string; culprit: string } | null {
  if (dialect === 'sh') return cannotFailSh(text);
  if (dialect === 'make') return cannotFailMake(text);
  if (dialect === 'node' || dialect === 'python') {
    const exit = firstStatementExits(text, CODE_LANG[dialect]);
    return exit === null ? null : { how: 'constant', culprit: exit };
  }
  return null;
}

/**
 * A command text that was `before` (null: absent, which fails) and is `after`. Trivialized: it can
 * no longer fail and what decides is a constant (`true`, `exit 0`, emptied). Swallowed: it can no
 * longer fail because a failure is masked (`|| true`, `; echo`, `| tail`), or a loosening was added.
 */
export function commandFacts(before: string | null, after: string, dialect: Dialect): Fact[] {
  const facts: Fact[] = [];
  const could = before === null || (!isEmpty(before, dialect) && cannotFail(before, dialect) === null);
  if (could && isEmpty(after, dialect)) {
    return [{ kind: 'checker-trivialized', what: before === null ? 'is empty: it cannot fail' : 'was emptied: it cannot fail', line: null, key: 'emptied' }];
  }
  const now = could ? cannotFail(after, dialect) : null;
  if (now && now.how === 'constant') {
    facts.push({ kind: 'checker-trivialized', what: `can no longer fail: \`${clip(now.culprit)}\` decides its exit`, line: null, key: now.culprit });
  } else if (now) {
    facts.push({ kind: 'failure-swallowed', what: `can no longer fail: \`${clip(now.culprit)}\` hides the failure`, line: null, key: now.culprit });
  }
  for (const a of addedLoosenings(before, after)) {
    // A check that can no longer fail is already the finding; a loosening on top of it says no more.
    if (a.loosening.kind === 'failure-swallowed' && facts.some((f) => f.kind === 'failure-swallowed' || f.kind === 'checker-trivialized')) continue;
    facts.push({ kind: a.loosening.kind, what: `${a.loosening.name} added: \`${clip(a.text)}\``, line: a.line, key: `${a.loosening.name}\0${a.text}` });
  }
  return facts;
}

/** A runner, lint or CI config: only loosenings are facts of their own; every other change is a gate change. */
export function configFacts(before: string | null, after: string): Fact[] {
  return addedLoosenings(before, after).map((a) => ({ kind: a.loosening.kind, what: `${a.loosening.name} added: \`${clip(a.text)}\``, line: a.line, key: `${a.loosening.name}\0${a.text}` }));
}

export interface TestFacts {
  facts: Fact[];
  /** "cases 3 → 4, assertions 5 → 7", for the evidence of a plain change. */
  counts: string | null;
}

/** Marker texts of `after` that `before` does not have as often (a multiset difference). */
function newMarkers<T extends { text: string }>(before: readonly T[], after: readonly T[]): T[] {
  const left = new Map<string, number>();
  for (const m of before) left.set(m.text, (left.get(m.text) ?? 0) + 1);
  return after.filter((m) => {
    const n = left.get(m.text) ?? 0;
    if (n > 0) left.set(m.text, n - 1);
    return n === 0;
  });
}

/** A test file that was `before` (null: not a test the proof ran) and is `after` (null: deleted). */
export function testFacts(path: string, before: string | null, after: string | null): TestFacts {
  const was = before === null ? null : inventory(path, before);
  if (after === null) return { facts: [{ kind: 'test-deleted', what: `was deleted${was ? ` (${was.cases} test cases)` : ''}`, line: null, key: 'deleted' }], counts: null };
  const now = inventory(path, after);
  if (before !== null && (!after.trim() || (now && was && was.cases > 0 && now.cases === 0))) {
    return { facts: [{ kind: 'test-deleted', what: `was emptied (${was?.cases ?? 0} test cases → 0)`, line: null, key: 'emptied' }], counts: null };
  }
  if (!now) return { facts: [], counts: null };
  const facts: Fact[] = [];
  const focusedNow = newMarkers(was?.focused ?? [], now.focused);
  for (const m of focusedNow) facts.push({ kind: 'test-focused', what: `focuses a test, so only it runs: \`${clip(m.text)}\``, line: m.line, key: m.text });
  if (!was) return { facts, counts: null };
  for (const m of newMarkers(was.skipped, now.skipped)) facts.push({ kind: 'test-skipped', what: `skips a test: \`${clip(m.text)}\``, line: m.line, key: m.text });
  if (now.cases < was.cases) facts.push({ kind: 'tests-removed', what: `has fewer test cases than sealed: ${was.cases} → ${now.cases}`, line: null, key: `${was.cases}->${now.cases}` });
  if (now.assertions < was.assertions) facts.push({ kind: 'assertions-removed', what: `has fewer assertions than sealed: ${was.assertions} → ${now.assertions}`, line: null, key: `${was.assertions}->${now.assertions}` });
  return { facts, counts: `test cases ${was.cases} → ${now.cases}, assertions ${was.assertions} → ${now.assertions}` };
}

export function clip(s: string, n = 80): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? one.slice(0, n - 1) + '…' : one;
}
