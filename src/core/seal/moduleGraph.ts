// The files a sealed test loads, followed through the module graph of its language within the
// project: relative `require()`/`import` specifiers in JavaScript and TypeScript, local imports in
// Python (`from . import x`, `from tests.helpers import y`). A test's assertion helper
// (`test/support/expect.js`) decides whether the test can fail as much as the test does, so it is
// a `test-helper` dependency. The product code a test imports (`../src/sum.js`) is what the work
// changes and is not followed: only files in a test folder (`test/`, `tests/`, `__tests__/`, …)
// or named as test helpers are, and the walk goes on only through them. Bounded in depth and count.
import { baseOf, dirOf, joinPath } from './paths';
import { blankNonCode } from './blank';
import type { Ctx } from './context';

/** How many imports deep from a test, and how many helper files per proof at most. */
export const MAX_MODULE_DEPTH = 6;
export const MAX_HELPERS = 200;

const TEST_DIR = /^(?:tests?|__tests__|specs?|testing|e2e|__mocks__|__fixtures__|test[-_]?(?:utils?|helpers?|support|lib|common))$/i;
const HELPER_NAME = /^(?:(?:test|spec)[-_]?(?:utils?|helpers?|support|setup|common|lib)|setup[-_]?tests?|(?:jest|vitest|mocha)[-_.]setup|conftest)(?:\.[\w.]+)?$|[-_.](?:test|spec)[-_]?(?:utils?|helpers?|support)\.[\w]+$/i;

/** Whether a project file is test code (a helper), not product code, by where it is and its name. */
export function isHelperPath(path: string): boolean {
  const parts = path.split('/');
  return parts.slice(0, -1).some((p) => TEST_DIR.test(p)) || HELPER_NAME.test(baseOf(path));
}

const JS_FILE = /\.(?:[cm]?[jt]sx?)$/;
const JS_EXTS = ['.js', '.ts', '.mjs', '.cjs', '.mts', '.cts', '.jsx', '.tsx', '.json'];
/** A `.js` specifier in TypeScript names the `.ts` file it compiles from. */
const TS_FOR: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };

/** The relative specifiers of a JS/TS file: `require('./x')`, `import … from '../y'`, `import('./z')`, `export … from`. */
export function jsSpecifiers(text: string): string[] {
  const code = blankNonCode(text, 'js');
  const out: string[] = [];
  // Found in the blanked code (comments gone, strings' insides blanked but their quotes kept), read from the text at the same place.
  for (const m of code.matchAll(/(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)(['"])/g)) {
    const open = m.index + m[0].length;
    const close = code.indexOf(m[1]!, open);
    if (close < 0) continue;
    const spec = text.slice(open, close);
    if (spec.startsWith('./') || spec.startsWith('../')) out.push(spec);
  }
  return out;
}

export interface PyImport {
  /** Leading dots of a relative import (0: absolute). */
  level: number;
  /** The module path after the dots, as parts (empty for `from . import x`). */
  module: string[];
  /** The names imported from it (`from m import a, b`), which may be submodules. */
  names: string[];
}

/** The imports of a Python file: `import a.b, c`, `from .m import x, y`, `from . import (x,\n y)`. */
export function pyImports(text: string): PyImport[] {
  const code = blankNonCode(text, 'py');
  const out: PyImport[] = [];
  const lines = code.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    const imp = /^\s*import\s+(.+)$/.exec(l);
    if (imp) {
      for (const part of imp[1]!.split(',')) {
        const name = part.trim().split(/\s+/)[0] ?? '';
        if (/^[\w.]+$/.test(name)) out.push({ level: 0, module: name.split('.'), names: [] });
      }
      continue;
    }
    const from = /^\s*from\s+(\.*)([\w.]*)\s+import\s+(.*)$/.exec(l);
    if (!from) continue;
    let rest = from[3]!;
    // A parenthesised list runs to its `)`; a backslash continues the line.
    while ((rest.includes('(') && !rest.includes(')')) || /\\\s*$/.test(rest)) {
      const next = lines[++k];
      if (next === undefined) break;
      rest = rest.replace(/\\\s*$/, '') + ' ' + next;
    }
    const names = rest.replace(/[()]/g, ' ').split(',').map((n) => n.trim().split(/\s+/)[0] ?? '').filter((n) => /^\w+$/.test(n));
    out.push({ level: from[1]!.length, module: from[2] ? from[2].split('.') : [], names });
  }
  return out;
}

/** The file a relative JS specifier names, by the resolution node and TypeScript's bundler mode use. */
function resolveJs(ctx: Ctx, from: string, spec: string, accept?: (path: string) => boolean): string | null {
  const base = joinPath(dirOf(from), spec.replace(/\/+$/, ''));
  if (base === null) return null;
  const ext = /\.[cm]?[jt]sx?$|\.json$/.exec(base)?.[0];
  const cands = [base, ...JS_EXTS.map((e) => base + e), ...(ext ? (TS_FOR[ext] ?? []).map((t) => base.slice(0, -ext.length) + t) : []), ...JS_EXTS.map((e) => `${base}/index${e}`)];
  return firstFile(ctx, cands, accept);
}

/**
 * The first of the candidates that is a file, found by listing their folders (a listing is one stat
 * on each check, where a probe for each absent name would be one each). Only test code is looked
 * at: a product file read here would be watched, and every edit of it would make the next check
 * read the whole seal again.
 */
function firstFile(ctx: Ctx, cands: readonly string[], accept: (path: string) => boolean = isHelperPath): string | null {
  for (const c of cands.filter(accept)) {
    const entries = ctx.view.list(dirOf(c));
    if (entries?.some((e) => !e.dir && e.name === baseOf(c)) && ctx.view.read(c) !== null) return c;
  }
  return null;
}

/** The project files a Python import names: a module file or a package's __init__.py, from the roots pytest and python put on sys.path. */
function resolvePy(ctx: Ctx, from: string, imp: PyImport): string[] {
  const moduleFiles = (dir: string, parts: string[]): string[] => {
    if (!parts.length) return [];
    const p = joinPath(dir, parts.join('/'));
    if (p === null) return [];
    const f = firstFile(ctx, [`${p}.py`, `${p}/__init__.py`]);
    return f ? [f] : [];
  };
  const found: string[] = [];
  const withNames = (dir: string, parts: string[]) => {
    found.push(...moduleFiles(dir, parts));
    // `from pkg import sub` may name a submodule.
    for (const n of imp.names) found.push(...moduleFiles(dir, [...parts, n]));
  };
  if (imp.level > 0) {
    let dir = dirOf(from);
    for (let k = 1; k < imp.level; k++) dir = dirOf(dir);
    withNames(dir, imp.module);
    return found;
  }
  for (const root of new Set(['.', dirOf(from), rootdirOf(ctx, from)])) {
    // Only a root whose listing has the first name: `import os` probes nothing further.
    const first = imp.module[0];
    if (!first || !ctx.view.list(root)?.some((e) => e.name === first || e.name === `${first}.py`)) continue;
    withNames(root, imp.module);
  }
  return found;
}

/** pytest's rootdir-less import root: the first folder up from the test that is not a package (no __init__.py). */
function rootdirOf(ctx: Ctx, from: string): string {
  let dir = dirOf(from);
  while (dir !== '.' && ctx.view.list(dir)?.some((e) => e.name === '__init__.py')) dir = dirOf(dir);
  return dir;
}

/**
 * Follows the imports of `starts` (sealed tests and runner setup files) and adds each project file
 * reached that is test code as a `test-helper`. Product files end the walk where they are met.
 */
export function followModules(ctx: Ctx, starts: readonly string[]): void {
  const seen = new Set<string>(starts);
  let added = 0;
  let queue = starts.map((path) => ({ path, via: path }));
  for (let depth = 0; depth < MAX_MODULE_DEPTH && queue.length; depth++) {
    const next: typeof queue = [];
    for (const { path } of queue) {
      const text = ctx.view.read(path);
      if (text === null) continue;
      const targets = JS_FILE.test(path) ? jsSpecifiers(text).map((s) => resolveJs(ctx, path, s)) : path.endsWith('.py') ? pyImports(text).flatMap((i) => resolvePy(ctx, path, i)) : [];
      for (const t of targets) {
        if (t === null || seen.has(t)) continue;
        seen.add(t);
        if (added++ >= MAX_HELPERS) {
          ctx.out.note(`the tests load more than ${MAX_HELPERS} helper files; the rest are not followed`);
          return;
        }
        ctx.out.add(t, 'test-helper', `${path} loads it`);
        next.push({ path: t, via: path });
      }
    }
    queue = next;
  }
}

/** A package file longer than this is kept but not read for what it loads. */
const MAX_SCAN_CHARS = 1_000_000;

/** How many files of a runner's package are followed from its bin at most. */
export const MAX_PACKAGE_FILES = 200;

/**
 * The files of a runner's package its bin loads (`bin/mocha.js` → `lib/cli/…`), by relative
 * specifiers within the package's folder: the runner is its code as much as its bin, and an edit
 * of `lib/cli/run.js` runs under the sealed name as well. Other packages it loads are not followed.
 */
export function followPackage(ctx: Ctx, entry: string, pkgDir: string, via: string): void {
  const inside = (p: string) => p.startsWith(pkgDir + '/');
  const seen = new Set<string>([entry]);
  let queue = [entry];
  while (queue.length) {
    const next: string[] = [];
    for (const path of queue) {
      const text = JS_FILE.test(path) || !/\.[^/]*$/.test(path) ? ctx.view.read(path) : null;
      // A bundled runner (typescript's tsc.js, megabytes) is its own file: kept by digest, not scanned.
      if (text === null || text.length > MAX_SCAN_CHARS) continue;
      for (const spec of jsSpecifiers(text)) {
        const t = resolveJs(ctx, path, spec, inside);
        // Its manifest is kept by its version (toolchain.ts), not as a file it loads.
        if (t === null || seen.has(t) || t.endsWith('.json')) continue;
        if (seen.size >= MAX_PACKAGE_FILES) {
          ctx.out.note(`${via}: ${pkgDir} loads more than ${MAX_PACKAGE_FILES} files of its own; the rest are not kept`);
          return;
        }
        seen.add(t);
        ctx.out.add(t, 'runner-bin', `${path} loads it`);
        next.push(t);
      }
    }
    queue = next;
  }
}
