// Text patterns that loosen a check wherever they are added: in a script, a package.json script,
// a make recipe, a runner's config or a CI file. Counted before and after; a pattern that occurs
// more often after is an addition.
import type { FindingKind } from '../findings/finding';

export interface Loosening {
  kind: Extract<FindingKind, 'failure-swallowed' | 'test-skipped' | 'test-focused'>;
  /** How the finding names it. */
  name: string;
  re: RegExp;
  /** Only in texts that mention this (pytest's -k, make's -i). */
  when?: RegExp;
}

export const LOOSENINGS: readonly Loosening[] = [
  { kind: 'failure-swallowed', name: '|| true', re: /\|\|\s*(?:true|:|exit\s+0|echo\b[^\n;&|)]*)(?=\s*(?:$|[;&|)\n]))/gm },
  { kind: 'failure-swallowed', name: '; exit 0', re: /;\s*exit\s+0\b/g },
  { kind: 'failure-swallowed', name: 'set +e', re: /\bset\s+\+e\b/g },
  { kind: 'failure-swallowed', name: '--passWithNoTests', re: /--passWithNoTests\b|--pass-with-no-tests\b|\bpassWithNoTests["']?\s*[:=]\s*true/g },
  { kind: 'failure-swallowed', name: '--bail=0', re: /--bail[= ]0\b|\bbail["']?\s*:\s*0\b/g },
  { kind: 'failure-swallowed', name: '--exit-zero', re: /--exit-zero\b|\bexit-zero\s*=\s*(?:true|yes|1)\b/gi },
  { kind: 'failure-swallowed', name: '--suppress-no-test-exit-code', re: /--suppress-no-test-exit-code\b/g },
  { kind: 'failure-swallowed', name: '--no-error-on-unmatched-pattern', re: /--no-error-on-unmatched-pattern\b/g },
  { kind: 'failure-swallowed', name: 'continue-on-error', re: /\bcontinue-on-error\s*:\s*true\b/g },
  { kind: 'failure-swallowed', name: 'allow_failure', re: /\ballow_failure\s*:\s*true\b/g },
  { kind: 'failure-swallowed', name: 'exit 0 in code', re: /\bprocess\.exit\(\s*0\s*\)|\bprocess\.exitCode\s*=\s*0\b|\b(?:sys\.exit|os\._exit)\(\s*0\s*\)/g },
  { kind: 'failure-swallowed', name: 'make -i', re: /--ignore-errors\b|\bmake\s+(?:[^\n;&|]*\s)?-[a-zA-Z]*i\b/g },
  { kind: 'failure-swallowed', name: 'a recipe line marked - (errors ignored)', re: /^\t[@+]*-/gm },
  { kind: 'test-skipped', name: 'a skip flag', re: /(?:^|\s)-skip[= ]|--deselect\b|(?:^|\s)--skip\b|--testPathIgnorePatterns\b|--ignore(?:-glob)?[= ]|(?:^|\s)--exclude[= ]/gm },
  { kind: 'test-skipped', name: '-k "not …"', re: /(?:^|\s)-k[= ]+['"]?not\b/gm },
  { kind: 'test-focused', name: 'a filter that runs only some tests', re: /--grep\b|--fgrep\b|--testNamePattern\b|--testPathPatterns?\b|(?:^|\s)-run[= ]|(?:^|\s)-g\s/gm },
  { kind: 'test-focused', name: '-k', re: /(?:^|\s)-k[= ]+(?!['"]?not\b)/gm, when: /\bpytest\b|py\.test/ },
];

export interface Added {
  loosening: Loosening;
  /** 1-based line in the new text of the first occurrence that is new. */
  line: number;
  /** The line, trimmed. */
  text: string;
}

/** The loosenings that occur more often in `after` than in `before`. */
export function addedLoosenings(before: string | null, after: string): Added[] {
  const out: Added[] = [];
  const lines = after.split('\n');
  for (const l of LOOSENINGS) {
    if (l.when && !l.when.test(after)) continue;
    const was = before === null ? 0 : [...before.matchAll(l.re)].length;
    const now = [...after.matchAll(l.re)];
    if (now.length <= was) continue;
    const m = now[was]!;
    const line = after.slice(0, m.index).split('\n').length;
    out.push({ loosening: l, line, text: (lines[line - 1] ?? '').trim().slice(0, 160) });
  }
  return out;
}

/** Lines added to a config that look like a gate being loosened, by what they do. */
const HINTS: ReadonlyArray<[string, RegExp, 'add' | 'del']> = [
  ['excludes added', /exclude|ignore|collect_ignore|norecursedirs|testPathIgnorePatterns|--deselect|\bskip/i, 'add'],
  ['rules disabled', /["']?[\w/@.-]+["']?\s*:\s*(?:["']off["']|0)\s*[,}\]]?\s*$|["']off["']|eslint-disable|@ts-(?:ignore|nocheck|expect-error)|\bnoqa\b|type:\s*ignore|["']?strict["']?\s*[:=]\s*false|skipLibCheck["']?\s*:\s*true|noImplicitAny["']?\s*:\s*false|ignore_errors\s*=\s*true|^\s*disable\s*=|\ballow\s*=/im, 'add'],
  ['globs narrowed', /\b(?:spec|include|testMatch|testRegex|testpaths|python_files|roots|files|members)\b|\*\*|\*\.|\/\*/, 'del'],
];

export function configHints(added: readonly string[], removed: readonly string[]): string[] {
  return HINTS.filter(([, re, side]) => (side === 'add' ? added : removed).some((l) => re.test(l))).map(([name]) => name);
}
