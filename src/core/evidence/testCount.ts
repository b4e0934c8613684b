// How many tests a proof ran, read from the closing summary its test runner printed. This is the
// one place the meter reads a proof's output, and what it reads can only take a pass back (a re-run
// that ran none, or fewer than the session's own run, is not a pass: rerun.ts); an exit code alone
// cannot tell a suite from a suite narrowed to nothing. Only the count is ever kept, never the text.
//
// Each runner's summary is matched whole, line by line, after colour codes are taken out; when
// several appear (a script that runs two runners, cargo's one per test binary) they are added up.
// No summary recognised is null: a run cut short, a reporter that prints none (mocha's or node's
// `dot`), or a runner not listed here. `ran` is what executed: passed plus failed, never skipped,
// pending, todo or deselected.
import { z } from 'zod';

export interface TestCount {
  /** The runners whose summaries were read, in the order they appeared, joined with '+': "mocha", "cargo", "mocha+pytest". */
  runner: string;
  ran: number;
  passed: number;
  failed: number;
  skipped: number;
}

/** What a record keeps of a count: the runner's name and how many ran. */
export const testsRanSchema = z.object({ runner: z.string(), ran: z.number().int().nonnegative() });
export type TestsRan = z.infer<typeof testsRanSchema>;

export function testsRan(c: TestCount | null): TestsRan | null {
  return c ? { runner: c.runner, ran: c.ran } : null;
}

interface Part {
  runner: string;
  passed: number;
  failed: number;
  skipped: number;
}

// CSI sequences (colours, cursor moves) and OSC ones (hyperlinks, titles).
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

const num = (s: string | undefined): number => (s === undefined ? 0 : Number(s));

/** Counts named in a list such as "1 failed, 2 passed" or "2 passed | 1 skipped": word -> number. */
function namedCounts(list: string, sep: RegExp): Map<string, number> | null {
  const out = new Map<string, number>();
  for (const piece of list.split(sep)) {
    const m = /^(\d+) ([a-z]+)$/.exec(piece.trim());
    if (!m) return null;
    out.set(m[2]!, (out.get(m[2]!) ?? 0) + Number(m[1]));
  }
  return out;
}

// mocha's spec, dot, list ... reporters: "3 passing (13ms)", then "1 pending", "1 failing".
const MOCHA_PASSING = /^(\d+) passing \(\d+(?:\.\d+)?(?:ms|s|m|h)\)$/;
const MOCHA_MORE = /^(\d+) (pending|failing)$/;
// jest: "Tests:       1 failed, 1 skipped, 1 todo, 3 passed, 6 total" (or "..., 2 of 6 total" when it bailed).
const JEST_TESTS = /^Tests:\s+(.*?),?\s*(?:\d+ of )?(\d+) total$/;
// jest and vitest with nothing selected (exit 0 only with --passWithNoTests).
const NONE_FOUND = /^No tests? (?:files )?found, exiting with code \d+$/;
// vitest: "Tests  1 failed | 3 passed | 1 skipped | 1 todo (6)".
const VITEST_TESTS = /^Tests\s+(.+?)\s+\((\d+)\)$/;
// node --test: TAP "# tests 4" / spec "ℹ tests 4", then pass, fail, cancelled, skipped, todo. mocha's tap reporter prints "# tests", "# pass", "# fail" too.
const NODE_LINE = /^(?:#|ℹ) (tests|suites|pass|fail|cancelled|skipped|skip|todo|duration_ms) (\d+(?:\.\d+)?)$/;
// pytest: "==== 1 failed, 3 passed, 1 skipped in 0.79s ====", "-q": without the bars, "no tests ran in 0.80s".
const PYTEST = /^=*\s*(no tests ran|(?:\d+ [a-z]+)(?:, \d+ [a-z]+)*) in \d+(?:\.\d+)?s(?: \(\d+:\d\d:\d\d\))?\s*=*$/;
const PYTEST_WORDS = new Set(['passed', 'failed', 'skipped', 'deselected', 'xfailed', 'xpassed', 'error', 'errors', 'warning', 'warnings', 'rerun']);
// cargo test: one per test binary and for the doc-tests.
const CARGO = /^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured; (\d+) filtered out/;
// go test: package lines; under -v, "=== RUN" and a "--- PASS/FAIL/SKIP:" per test and subtest.
const GO_PACKAGE = /^(ok|FAIL|\?)\s+\S+\s+(.*)$/;
const GO_OK_TAIL = /^(?:\d+(?:\.\d+)?s|\(cached\))(\s+\[no tests to run\])?(?:\s+coverage: .*)?$/;
const GO_RUN = /^=== RUN\s+\S/;
const GO_RESULT = /^--- (PASS|FAIL|SKIP): \S/;
/**
 * A line that may be one of the above: one test per line before the many, since a proof's output
 * is mostly other lines (the transcript scan reads every passed Bash result).
 */
const CANDIDATE = /passing|pending|failing|^Tests|^No tests? |^[#ℹ] |passed|failed|skipped|deselected|xfailed|error|no tests ran|^test result|^=== RUN|^--- |^ok\s|^FAIL\s|^\?\s/;

/**
 * Go prints no total: under -v each test's `--- PASS/FAIL/SKIP` line is counted (subtests too); without
 * -v only a run where no package ran a test is countable (every package "[no tests to run]" or
 * "[no test files]"), and any other package line makes the whole count unknown.
 */
function goPart(lines: readonly string[]): Part | 'unknown' | null {
  let sawPackage = false;
  let unknown = false;
  let verbose = false;
  const p: Part = { runner: 'go', passed: 0, failed: 0, skipped: 0 };
  for (const line of lines) {
    if (GO_RUN.test(line)) verbose = true;
    const r = GO_RESULT.exec(line.trimStart());
    if (r) {
      if (r[1] === 'PASS') p.passed++;
      else if (r[1] === 'FAIL') p.failed++;
      else p.skipped++;
      continue;
    }
    const m = GO_PACKAGE.exec(line);
    if (!m) continue;
    if (m[1] === '?') {
      if (/\[no test files\]$/.test(m[2]!)) sawPackage = true;
      continue;
    }
    const tail = m[1] === 'ok' ? GO_OK_TAIL.exec(m[2]!) : /^\d+(?:\.\d+)?s$|^\[build failed\]$|^\[setup failed\]$/.exec(m[2]!);
    if (!tail) continue;
    sawPackage = true;
    if (!(m[1] === 'ok' && tail[1])) unknown = true;
  }
  if (!sawPackage) return null;
  if (verbose) return p;
  return unknown ? 'unknown' : p;
}

/**
 * The tests a run's output says it ran, or null when no runner's summary is recognised in it (or a
 * summary was seen whose count cannot be known, as `go test` without -v).
 */
export function countTests(output: string): TestCount | null {
  const lines = stripAnsi(output)
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    // An empty line is kept: mocha's pending and failing lines follow its passing line with none between.
    .filter((l) => l === '' || CANDIDATE.test(l));
  const parts: Part[] = [];
  let mocha: Part | null = null;
  // node's block, open from its "tests" line to the first line of another kind.
  const open: { node: (Part & { named: boolean }) | null } = { node: null };
  const closeNode = () => {
    const n = open.node;
    if (!n) return;
    // node counts skipped and todo in "tests"; "pass" and "fail" are what ran.
    parts.push({ runner: n.named ? 'node' : 'tap', passed: n.passed, failed: n.failed, skipped: n.skipped });
    open.node = null;
  };
  for (const line of lines) {
    let m: RegExpExecArray | null;
    if ((m = MOCHA_PASSING.exec(line))) {
      mocha = { runner: 'mocha', passed: num(m[1]), failed: 0, skipped: 0 };
      parts.push(mocha);
      continue;
    }
    if (mocha && (m = MOCHA_MORE.exec(line))) {
      if (m[2] === 'pending') mocha.skipped += num(m[1]);
      else mocha.failed += num(m[1]);
      continue;
    }
    if (line !== '') mocha = null;
    if ((m = NODE_LINE.exec(line))) {
      const [, key, value] = m;
      const n = Math.floor(Number(value));
      const node = open.node;
      if (key === 'tests') {
        closeNode();
        open.node = { runner: 'node', passed: 0, failed: 0, skipped: 0, named: line.startsWith('ℹ') };
      } else if (node) {
        if (key === 'pass') node.passed = n;
        else if (key === 'fail' || key === 'cancelled') node.failed += n;
        else if (key === 'skipped' || key === 'skip') node.skipped += n;
        else if (key === 'suites' || key === 'todo') node.named = true;
      }
      continue;
    }
    closeNode();
    if ((m = JEST_TESTS.exec(line))) {
      const c = m[1] === '' ? new Map<string, number>() : namedCounts(m[1]!, /,/);
      if (c) parts.push({ runner: 'jest', passed: c.get('passed') ?? 0, failed: c.get('failed') ?? 0, skipped: (c.get('skipped') ?? 0) + (c.get('todo') ?? 0) });
      continue;
    }
    if ((m = VITEST_TESTS.exec(line))) {
      const c = /^no tests$/.test(m[1]!) ? new Map<string, number>() : namedCounts(m[1]!, /\|/);
      if (c) parts.push({ runner: 'vitest', passed: c.get('passed') ?? 0, failed: c.get('failed') ?? 0, skipped: (c.get('skipped') ?? 0) + (c.get('todo') ?? 0) });
      continue;
    }
    if (NONE_FOUND.test(line)) {
      parts.push({ runner: line.startsWith('No test files') ? 'vitest' : 'jest', passed: 0, failed: 0, skipped: 0 });
      continue;
    }
    if ((m = PYTEST.exec(line))) {
      const c = m[1] === 'no tests ran' ? new Map<string, number>() : namedCounts(m[1]!, /,/);
      if (c && [...c.keys()].every((k) => PYTEST_WORDS.has(k))) {
        const g = (k: string) => c.get(k) ?? 0;
        parts.push({ runner: 'pytest', passed: g('passed') + g('xpassed'), failed: g('failed') + g('xfailed') + g('error') + g('errors'), skipped: g('skipped') + g('deselected') });
      }
      continue;
    }
    if ((m = CARGO.exec(line))) {
      parts.push({ runner: 'cargo', passed: num(m[1]), failed: num(m[2]), skipped: num(m[3]) + num(m[5]) });
      continue;
    }
  }
  closeNode();
  const go = goPart(lines);
  if (go === 'unknown') return null;
  if (go) parts.push(go);
  if (!parts.length) return null;
  const runners: string[] = [];
  for (const p of parts) if (!runners.includes(p.runner)) runners.push(p.runner);
  const sum = (k: 'passed' | 'failed' | 'skipped') => parts.reduce((n, p) => n + p[k], 0);
  const passed = sum('passed');
  const failed = sum('failed');
  return { runner: runners.join('+'), ran: passed + failed, passed, failed, skipped: sum('skipped') };
}
