// Lint and type-check tools: eslint, tsc (and vue-tsc), prettier, biome, golangci-lint. Their
// configs are gates: loosening one (a rule off, an exclude added) lets a check pass that would not.
import { ancestors, dirOf, joinPath } from '../paths';
import { isRecord, parseJsonc, stringList } from '../jsonc';
import { allExisting, optValues, splitArgs, type Ctx, type ToolReader } from '../context';
import { findPackage } from './packageScripts';

const ESLINT_FLAT = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.cjs', 'eslint.config.ts', 'eslint.config.mts', 'eslint.config.cts'];
const ESLINT_RC = ['.eslintrc', '.eslintrc.js', '.eslintrc.cjs', '.eslintrc.yaml', '.eslintrc.yml', '.eslintrc.json', '.eslintignore'];

export const eslint: ToolReader = (ctx, args, cwd, via) => {
  const { opts } = splitArgs(args, new Set(['-c', '--config', '--ignore-path', '--rulesdir', '--ext', '--resolve-plugins-relative-to', '-f', '--format', '-o', '--output-file', '--max-warnings', '--parser', '--plugin', '--rule', '--env', '--global']));
  const v = `${via} runs eslint`;
  for (const c of optValues(opts, '-c', '--config', '--ignore-path')) {
    const p = joinPath(cwd, c);
    if (p !== null) ctx.out.add(p, 'lint-config', v);
  }
  // Flat config is found from the folder up; eslintrc files cascade from every folder up.
  for (const dir of ancestors(cwd)) {
    for (const p of allExisting(ctx, dir, [...ESLINT_FLAT, ...ESLINT_RC])) ctx.out.add(p, 'lint-config', v);
  }
  const pkg = findPackage(ctx, cwd);
  if (pkg) ctx.out.add(pkg.path, 'manifest', v, ['json:eslintConfig', 'json:eslintIgnore']);
};

/** tsc -p FILE|DIR, tsc -b [DIR…], or tsconfig.json from the folder up; then `extends` and `references`. */
export const tsc: ToolReader = (ctx, args, cwd, via) => {
  const { opts, positional } = splitArgs(args, new Set(['-p', '--project', '--outDir', '--rootDir', '--target', '-t', '--module', '-m', '--lib', '--jsx', '--declarationDir', '--tsBuildInfoFile']));
  const v = `${via} runs tsc`;
  const build = opts.has('-b') || opts.has('--build');
  const given = build ? positional : optValues(opts, '-p', '--project');
  if (!build && positional.some((p) => /\.[cm]?tsx?$/.test(p))) return;
  const starts = given.length ? given.map((g) => joinPath(cwd, g)).filter((p): p is string => p !== null) : [nearestTsconfig(ctx, cwd)].filter((p): p is string => p !== null);
  const seen = new Set<string>();
  for (const s of starts) tsconfig(ctx, s, v, seen);
};

function nearestTsconfig(ctx: Ctx, cwd: string): string | null {
  for (const dir of ancestors(cwd)) {
    const p = joinPath(dir, 'tsconfig.json')!;
    if (ctx.view.read(p) !== null) return p;
  }
  return null;
}

function tsconfig(ctx: Ctx, pathOrDir: string, via: string, seen: Set<string>): void {
  const path = ctx.view.read(pathOrDir) !== null ? pathOrDir : joinPath(pathOrDir, 'tsconfig.json')!;
  if (seen.has(path) || seen.size > 50) return;
  seen.add(path);
  const text = ctx.view.read(path);
  if (text === null) return;
  ctx.out.add(path, 'type-config', via);
  const json = parseJsonc(text);
  if (!isRecord(json)) return;
  const dir = dirOf(path);
  for (const ext of stringList(json.extends)) {
    // A package's config (`@tsconfig/node20`) lives in node_modules, outside what the seal keeps.
    if (!ext.startsWith('.')) continue;
    const p = joinPath(dir, ext);
    if (p !== null) tsconfig(ctx, p.endsWith('.json') || ctx.view.read(p) !== null ? p : `${p}.json`, via, seen);
  }
  if (Array.isArray(json.references)) {
    for (const r of json.references) {
      if (isRecord(r) && typeof r.path === 'string') {
        const p = joinPath(dir, r.path);
        if (p !== null) tsconfig(ctx, p, via, seen);
      }
    }
  }
}

const PRETTIER = ['.prettierrc', '.prettierrc.json', '.prettierrc.yaml', '.prettierrc.yml', '.prettierrc.json5', '.prettierrc.js', '.prettierrc.cjs', '.prettierrc.mjs', '.prettierrc.toml', 'prettier.config.js', 'prettier.config.cjs', 'prettier.config.mjs', '.prettierignore'];

/** A tool whose configs are a fixed list of names in the folder (and package.json keys). */
export function configTool(name: string, files: readonly string[], role: 'lint-config' | 'type-config', packageKeys: readonly string[] = []): ToolReader {
  return (ctx, _args, cwd, via) => {
    const v = `${via} runs ${name}`;
    for (const p of allExisting(ctx, cwd, files)) ctx.out.add(p, role, v);
    const pkg = packageKeys.length ? findPackage(ctx, cwd) : null;
    if (pkg) ctx.out.add(pkg.path, 'manifest', v, packageKeys.map((k) => `json:${k}`));
  };
}

export const prettier = configTool('prettier', PRETTIER, 'lint-config', ['prettier']);
export const biome = configTool('biome', ['biome.json', 'biome.jsonc'], 'lint-config');
export const golangci = configTool('golangci-lint', ['.golangci.yml', '.golangci.yaml', '.golangci.toml', '.golangci.json'], 'lint-config');
