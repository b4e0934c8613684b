// What a runner name resolves to. npm, yarn and pnpm run a script with every `node_modules/.bin`
// from the package's folder up put first on PATH, so `mocha` in `scripts.test` is whatever file
// `node_modules/.bin/mocha` is then, and a `node_modules/.bin/node` made later is what `node`
// runs. Each command word read under a package manager adds those bin paths, present or not, up
// to the first that exists, as `runner-bin` dependencies; a bin that exists is followed through its
// link to the package's file, and that package's version is kept (a part of its package.json), so
// an install from the lockfile is told from a bin put in place (installedAsLocked). The package manager's own project configuration (`.npmrc`, `.yarnrc*`) is a
// `package-config` dependency, absent or not: `script-shell=/bin/true` there makes npm run nothing.
import { ancestors, dirOf, joinPath } from './paths';
import { isRecord, parseJsonc } from './jsonc';
import type { Ctx } from './context';
import { followPackage } from './moduleGraph';

/** Words the shell runs itself: no PATH search, so no bin can stand in for them. */
const BUILTINS = new Set(['cd', 'echo', 'printf', 'test', '[', '[[', ']]', 'true', 'false', ':', 'exit', 'return', 'set', 'export', 'unset', 'pushd', 'popd', 'read', 'shift', 'wait', 'trap', 'local', 'declare', 'readonly', 'source', '.', 'eval', 'exec', 'type', 'command', 'builtin', 'alias', 'let', 'if', 'then', 'else', 'elif', 'fi', 'for', 'while', 'until', 'do', 'done', 'case', 'in', 'esac', '{', '}', '!', 'function', 'time', 'umask', 'ulimit', 'hash', 'getopts', 'kill', 'jobs', 'fg', 'bg']);

/** The package managers' configuration files a project can hold, read from the package's folder. */
const PM_CONFIGS = ['.npmrc', '.yarnrc', '.yarnrc.yml'];

/** At most this many folders up for bins: deeper workspaces are rare, and each is a stat on every check. */
const MAX_BIN_DIRS = 4;

/** The package manager's configuration files, for a package manager run in `cwd`. */
export function addPackageManagerConfig(ctx: Ctx, cwd: string, via: string): void {
  const dirs = new Set([packageDir(ctx, cwd), '.']);
  for (const d of dirs) {
    for (const name of PM_CONFIGS) ctx.out.add(joinPath(d, name)!, 'package-config', `${via} runs a package manager, which reads it`);
  }
}

/** The nearest folder up from `cwd` with a package.json (npm's project folder), else `cwd`. */
function packageDir(ctx: Ctx, cwd: string): string {
  for (const d of ancestors(cwd)) if (ctx.view.read(joinPath(d, 'package.json')!) !== null) return d;
  return cwd;
}

/**
 * The bins a command word resolves to on a package manager's PATH: `node_modules/.bin/<verb>` in
 * `cwd`'s folder and each one up, to the first that exists. `follow` (a runner the seal reads)
 * follows that one through its link to the package's file and version.
 */
export function addBins(ctx: Ctx, verb: string, cwd: string, via: string, follow: boolean): void {
  if (BUILTINS.has(verb) || verb.includes('/') || verb.includes('=') || !/^[\w@.+-]+$/.test(verb)) return;
  let n = 0;
  for (const d of ancestors(cwd)) {
    if (n++ >= MAX_BIN_DIRS) return;
    const bin = joinPath(d, `node_modules/.bin/${verb}`)!;
    if (addBinFile(ctx, bin, via, follow)) return;
  }
}

/**
 * One bin file (also a runner called by its node_modules path): a dependency present or not.
 * Returns whether it exists.
 */
export function addBinFile(ctx: Ctx, bin: string, via: string, follow: boolean): boolean {
  ctx.out.add(bin, 'runner-bin', `${via} finds it on the package manager's PATH`);
  if (ctx.view.read(bin) === null) return false;
  if (!follow) return true;
  const target = ctx.view.link?.(bin);
  if (!target) return true;
  const file = joinPath(dirOf(bin), target);
  if (file === null) {
    ctx.out.note(`${via}: ${bin} links outside the workspace (${target}); only the link's content is kept`);
    return true;
  }
  ctx.out.add(file, 'runner-bin', `${bin} links to it`);
  const pkg = /^(.*?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
  if (pkg !== undefined) {
    addPackageVersion(ctx, pkg, via);
    followPackage(ctx, file, pkg, via);
  }
  return true;
}

/** The project's Python virtual environments, whose bin folder an activated shell puts first on PATH. */
const VENVS = ['.venv', 'venv'];

/**
 * The bin a command word finds in the project's virtual environment (`.venv/bin/pytest`), when the
 * environment has one: kept as it is, not followed (its python links out of the project).
 */
export function addVenvBins(ctx: Ctx, verb: string, via: string): void {
  if (BUILTINS.has(verb) || verb.includes('/') || !/^[\w.+-]+$/.test(verb)) return;
  const root = ctx.view.list('.');
  for (const env of VENVS) {
    if (!root?.some((e) => e.dir && e.name === env)) continue;
    const bin = `${env}/bin/${verb}`;
    if (ctx.view.list(`${env}/bin`)?.some((e) => e.name === verb)) ctx.out.add(bin, 'runner-bin', `${via} finds it in the project's virtual environment`);
  }
}

/** Said in the `via` of a runner package's manifest whose installed version is the one its lockfile pins. */
export const AS_LOCKED = ' (the version its lockfile pins)';

/** The installed package's version (a part of its package.json), and a note when the lockfile names another. */
function addPackageVersion(ctx: Ctx, pkg: string, via: string): void {
  const manifest = `${pkg}/package.json`;
  const json = parseJsonc(ctx.view.read(manifest) ?? '');
  if (!isRecord(json)) return;
  const installed = typeof json.version === 'string' ? json.version : null;
  // The lockfile beside the node_modules the package is in; its entry is keyed by that path.
  const at = pkg.lastIndexOf('node_modules/');
  const root = at === 0 ? '.' : pkg.slice(0, at - 1);
  const lockPath = joinPath(root, 'package-lock.json')!;
  const lockText = ctx.view.read(lockPath);
  const entry = lockText === null ? null : lockEntry(lockText, pkg.slice(at));
  const locked = entry !== null && installed !== null && entry.version === installed;
  ctx.out.add(manifest, 'runner-bin', `${via} runs a file of this package${locked ? AS_LOCKED : ''}`, ['json:version']);
  if (lockText === null) return;
  if (entry === null) ctx.out.note(`runner ${pkg}: not in ${lockPath}`);
  else if (entry.version !== null && installed !== null && entry.version !== installed) ctx.out.note(`runner ${pkg}: installed ${installed}, ${lockPath} says ${entry.version}`);
}

/**
 * Whether a bin is what an install from the lockfile makes: a link into a package whose installed
 * version is the one the lockfile pins. A bin that appears after the seal that way is `npm ci` or
 * `npm install` run on a project sealed before its packages were installed, not a runner put in
 * place: one written as a file, or linked into anything else, is.
 */
export function installedAsLocked(bin: string, toolchain: readonly { path: string; via: string }[]): boolean {
  const target = toolchain.find((d) => d.via === `${bin} links to it`)?.path;
  const pkg = target === undefined ? undefined : /^(.*?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(target)?.[1];
  return pkg !== undefined && toolchain.some((d) => d.path === `${pkg}/package.json` && d.via.endsWith(AS_LOCKED));
}

interface LockEntry {
  version: string | null;
  integrity: string | null;
}

/** A package's entry in a package-lock.json (v2/v3 `packages`, v1 `dependencies`), or null. */
let lastLock: { text: string; json: unknown } | null = null;

export function lockEntry(text: string, key: string): LockEntry | null {
  // A lockfile can be megabytes and a script's every bin asks it: parsed once per text.
  if (lastLock?.text !== text) lastLock = { text, json: parseJsonc(text) };
  const json = lastLock.json;
  if (!isRecord(json)) return null;
  const name = key.replace(/^.*node_modules\//, '');
  const e = isRecord(json.packages) ? json.packages[key] : isRecord(json.dependencies) ? json.dependencies[name] : undefined;
  if (!isRecord(e)) return null;
  return { version: typeof e.version === 'string' ? e.version : null, integrity: typeof e.integrity === 'string' ? e.integrity : null };
}

/** Notes the toolchain reader makes that are findings when new (a runner that no longer matches its lockfile). */
export function isRunnerNote(note: string): boolean {
  return /^runner \S+: installed /.test(note);
}
