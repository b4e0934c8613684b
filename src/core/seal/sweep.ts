// A node or python script the proof runs is read for the string literals in it: a script such as
// `node scripts/test.mjs` usually spawns its steps from an array of words (`['node_modules/.bin/
// mocha', 'test/unit/**/*.test.ts']`). A literal that names a known tool is read as that tool, a
// command line as a command, a glob as the tests it selects, and an existing file as a file the
// check loads. This is a heuristic: code that builds its commands at run time is not seen.
import { baseOf, joinPath } from './paths';
import { expandGlob, hasGlob } from './glob';
import type { Ctx } from './context';
import type { Role } from './deps';
import { TOOLS, toolName } from './tools/index';
import { toolInNodeModules } from './tools/js';

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`$]*)`/g;
const CODE = /\.(?:[cm]?[jt]sx?|py|go|rs|sh|bash)$/;
const SCRIPT = /\.(?:[cm]?[jt]s|py|sh|bash)$/;
/** Files a script names that are the product or prose, not the check: a script that tests `src/x.js` exists does not make it a checker. */
const NOT_CHECKER = /(?:^|\/)(?:src|lib|app|pkg|internal|cmd)\/|\.md$|(?:^|\/)(?:LICENSE|CHANGELOG|README)[^/]*$/i;

/** Files a script may name whose role is known by their name. */
export function roleByName(path: string): Role | null {
  const b = baseOf(path);
  if (/^\.mocharc\.|^(jest|vitest|vite)\.config\.|^vitest\.workspace\.|^pytest\.ini$|^\.pytest\.ini$|^conftest\.py$|^tox\.ini$|^setup\.cfg$|^pyproject\.toml$|^Cargo\.toml$|^go\.mod$|^bunfig\.toml$/.test(b)) return 'runner-config';
  if (/^tsconfig.*\.json$|^jsconfig\.json$|^mypy\.ini$|^pyrightconfig\.json$/.test(b)) return 'type-config';
  if (/^\.eslintrc|^eslint\.config\.|^\.eslintignore$|^\.prettierrc|^prettier\.config\.|^\.prettierignore$|^biome\.jsonc?$|^\.flake8$|^ruff\.toml$|^\.ruff\.toml$|^\.pylintrc$|^\.golangci\./.test(b)) return 'lint-config';
  if (/^(GNUmakefile|makefile|Makefile)$|\.mk$/.test(b)) return 'makefile';
  return null;
}

function literals(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(LITERAL)) {
    const v = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (v && v.length < 300 && !v.includes('\n')) out.add(v);
  }
  return [...out];
}

export function sweepLiterals(ctx: Ctx, text: string, cwd: string, via: string): void {
  for (const lit of literals(text)) {
    if (lit.startsWith('-')) continue;
    const first = lit.split(/\s+/)[0]!;
    const tool = toolInNodeModules(first) ?? (first.includes('/') ? null : toolName(first));
    if (tool !== null && tool in TOOLS) {
      ctx.run(lit.includes(' ') ? lit.replace(first, tool) : tool, cwd, via);
      continue;
    }
    if (lit.includes(' ') || lit.includes('node_modules')) continue;
    if (hasGlob(lit)) {
      if (!lit.includes('/') && !lit.includes('.')) continue;
      for (const f of expandGlob(ctx.view, lit, cwd)) if (CODE.test(f)) ctx.out.add(f, 'test', `${via} names ${lit}`);
      continue;
    }
    if (!lit.includes('.') && !lit.includes('/')) continue;
    const p = joinPath(cwd, lit);
    if (p === null || p === '.' || baseOf(p) === 'package.json' || NOT_CHECKER.test(p) || ctx.view.read(p) === null) continue;
    const role = roleByName(p);
    if (role === 'makefile') continue;
    if (role) ctx.out.add(p, role, `${via} names it`);
    else if (SCRIPT.test(p)) ctx.script(p, null, [], cwd, `${via} names it`);
    else ctx.out.add(p, 'test-support', `${via} names it`);
  }
}
