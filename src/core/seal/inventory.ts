// The test inventory of one test file: its test cases, its assertions and its skip and focus
// markers, counted by the conventions of the common runners over the file's code with comments
// and strings blanked (blank.ts). Regular expressions, not a parser: a case written through a
// helper (`cases.forEach(c => it(...))` is one case, `it.each` is one) counts as written, which is
// what a diff between two versions of the same file needs.
import { blankNonCode, langOf, type Lang } from './blank';

export interface Marker {
  /** 1-based. */
  line: number;
  /** The source line, trimmed (cut at 160 characters): it names the test. */
  text: string;
}

export interface TestInventory {
  lang: Lang;
  cases: number;
  assertions: number;
  skipped: Marker[];
  focused: Marker[];
}

interface Rules {
  cases: RegExp[];
  assertions: RegExp[];
  skipped: RegExp[];
  focused: RegExp[];
}

/** it/test and their modifiers (`it.only.each`, `test.concurrent`), not hooks or suites (`test.describe`). */
const JS_CASE = /(?<![\w$.])(?:it|test|specify|xit|xtest|fit|xspecify)((?:\s*\.\s*[A-Za-z]+)*)\s*\(/g;
const JS_NOT_CASE = /\b(?:describe|before|after|beforeEach|afterEach|beforeAll|afterAll|use|step|extend|info|setTimeout|slow|expect)\b/;

const RULES: Record<Exclude<Lang, 'js' | 'py'>, Rules> = {
  go: {
    cases: [/^func\s+Test(?![a-z])\w*\s*\(\s*\w+\s+\*testing\.T\s*\)/gm, /\bt\.Run\s*\(/g],
    assertions: [/\b(?:t|tb)\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(/g, /\b(?:require|assert)\.[A-Z]\w*\s*\(/g],
    skipped: [/\b(?:t|tb)\.(?:Skip|Skipf|SkipNow)\s*\(/g],
    focused: [],
  },
  rust: {
    cases: [/#\[\s*(?:\w+::)*(?:test|rstest|test_case)\b/g],
    assertions: [/\b(?:debug_)?assert(?:_eq|_ne|_matches)?!\s*[([{]/g],
    skipped: [/#\[\s*ignore\b/g],
    focused: [],
  },
};

const JS_ASSERT = [/(?<![\w$.])assert\s*[.(]/g, /(?<![\w$.])expect\s*[(.]/g, /\bt\.assert\b/g, /(?<![\w$.])should\s*[.(]/g, /\.should\b/g];
const JS_SKIP = [
  /(?<![\w$.])(?:it|test|specify|describe|context|suite)(?:\s*\.\s*[A-Za-z]+)*\s*\.\s*(?:skip|todo|skipIf|fixme)\b/g,
  /(?<![\w$.])(?:xit|xtest|xspecify|xdescribe|xcontext|xsuite)\s*\(/g,
  /\bthis\.skip\s*\(/g,
  /\bt\.(?:skip|todo)\s*\(/g,
  /[{,]\s*(?:skip|todo)\s*:\s*(?:true|['"`])/g,
];
const JS_FOCUS = [/(?<![\w$.])(?:it|test|specify|describe|context|suite)(?:\s*\.\s*[A-Za-z]+)*\s*\.\s*only\b/g, /(?<![\w$.])(?:fit|fdescribe|ftest)\s*\(/g, /[{,]\s*only\s*:\s*true/g];

const PY_ASSERT = [/^\s*assert\b/gm, /\bpytest\.raises\b/g, /\bself\.assert[A-Z]\w*\s*\(/g];
const PY_SKIP = [/\bpytest\.mark\.(?:skip|skipif|xfail)\b/g, /@unittest\.skip\w*/g, /^\s*@skip(?:If|Unless)?\b/gm, /\bpytest\.skip\s*\(/g, /\bself\.skipTest\s*\(/g];

export function inventory(path: string, text: string): TestInventory | null {
  const lang = langOf(path);
  if (lang === null) return null;
  const code = blankNonCode(text, lang);
  const lines = text.split('\n');
  const starts = lineStarts(code);
  const markers = (res: RegExp[]): Marker[] => {
    const seen = new Set<number>();
    const out: Marker[] = [];
    for (const re of res) {
      for (const m of code.matchAll(re)) {
        const line = lineAt(starts, m.index);
        if (seen.has(line)) continue;
        seen.add(line);
        out.push({ line, text: (lines[line - 1] ?? '').trim().slice(0, 160) });
      }
    }
    return out.sort((a, b) => a.line - b.line);
  };
  const count = (res: RegExp[]) => res.reduce((n, re) => n + [...code.matchAll(re)].length, 0);
  if (lang === 'js') {
    const cases = [...code.matchAll(JS_CASE)].filter((m) => !JS_NOT_CASE.test(m[1] ?? '')).length + count([/\bt\.test\s*\(/g]);
    return { lang, cases, assertions: count(JS_ASSERT), skipped: markers(JS_SKIP), focused: markers(JS_FOCUS) };
  }
  if (lang === 'py') return { lang, cases: pythonCases(code), assertions: count(PY_ASSERT), skipped: markers(PY_SKIP), focused: [] };
  const r = RULES[lang];
  return { lang, cases: count(r.cases), assertions: count(r.assertions), skipped: markers(r.skipped), focused: markers(r.focused) };
}

/**
 * pytest's collection: `def test*` at module level, and in classes named Test* (or unittest
 * TestCase subclasses) as direct methods. Nested functions are not cases.
 */
function pythonCases(code: string): number {
  const stack: { indent: number; testClass: boolean }[] = [];
  let cases = 0;
  for (const line of code.split('\n')) {
    if (!line.trim()) continue;
    const indent = /^\s*/.exec(line)![0].length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    const cls = /^\s*class\s+(\w+)\s*(?:\(([^)]*)\))?\s*:/.exec(line);
    if (cls) {
      stack.push({ indent, testClass: !parent && (cls[1]!.startsWith('Test') || /TestCase\b/.test(cls[2] ?? '')) });
      continue;
    }
    const fn = /^\s*(?:async\s+)?def\s+(\w+)\s*\(/.exec(line);
    if (fn) {
      if (fn[1]!.startsWith('test') && (!parent || parent.testClass)) cases++;
      stack.push({ indent, testClass: false });
    }
  }
  return cases;
}

function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') out.push(i + 1);
  return out;
}

function lineAt(starts: number[], index: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
