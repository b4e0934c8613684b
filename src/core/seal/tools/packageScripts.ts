// npm, yarn, pnpm and bun running package.json scripts, and the helpers scripts chain with
// (npm-run-all, run-s, run-p, concurrently). A script is a dependency as a part of package.json
// (`json:scripts.test`), with its pre and post scripts: npm runs `pretest`, `test`, `posttest`.
import { ancestors, joinPath } from '../paths';
import { isRecord, parseJsonc } from '../jsonc';
import { globToRegExp } from '../glob';
import { splitArgs, type Ctx, type ToolReader } from '../context';

interface Package {
  path: string;
  dir: string;
  scripts: Record<string, string>;
}

/** The package.json a package manager uses from `cwd`: the nearest one up. */
export function findPackage(ctx: Ctx, cwd: string): Package | null {
  for (const dir of ancestors(cwd)) {
    const path = joinPath(dir, 'package.json')!;
    const text = ctx.view.read(path);
    if (text === null) continue;
    const json = parseJsonc(text);
    const raw = isRecord(json) && isRecord(json.scripts) ? json.scripts : {};
    const scripts: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') scripts[k] = v;
    return { path, dir, scripts };
  }
  return null;
}

function quoteArg(a: string): string {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

/** Runs script `name` as npm does: pre, the script with the extra arguments appended, post. */
export function runScript(ctx: Ctx, name: string, extra: readonly string[], cwd: string, via: string): boolean {
  const pkg = findPackage(ctx, cwd);
  if (!pkg) {
    ctx.out.note(`${via}: no package.json above ${cwd}`);
    return false;
  }
  const names = [`pre${name}`, name, `post${name}`];
  ctx.out.add(pkg.path, 'manifest', via, names.filter((n) => n === name || n in pkg.scripts).map((n) => `json:scripts.${n}`));
  for (const n of names) {
    const body = pkg.scripts[n];
    if (body === undefined) continue;
    const args = n === name && extra.length ? ' ' + extra.map(quoteArg).join(' ') : '';
    ctx.run(body + args, pkg.dir, `scripts.${n}`);
  }
  return name in pkg.scripts;
}

const NPM_RUN = new Set(['run', 'run-script', 'rum', 'urn']);
const NPM_ALIASES: Record<string, string> = { t: 'test', tst: 'test', test: 'test', start: 'start', stop: 'stop', restart: 'restart' };
const NPM_VALUE = new Set(['--prefix', '-C', '--dir', '-w', '--workspace', '--filter', '-F', '--cwd']);

function managerArgs(args: readonly string[]): { cwdOpt: string | null; words: string[] } {
  let cwdOpt: string | null = null;
  const words: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (words.length === 0 && NPM_VALUE.has(a)) {
      if (a === '--prefix' || a === '-C' || a === '--dir' || a === '--cwd') cwdOpt = args[k + 1] ?? null;
      k++;
    } else if (words.length === 0 && /^--(prefix|dir|cwd)=/.test(a)) cwdOpt = a.slice(a.indexOf('=') + 1);
    else if (words.length === 0 && a.startsWith('-')) continue;
    else words.push(a);
  }
  return { cwdOpt, words };
}

/** `npm test`, `npm run x -- args`, `npm exec x`. */
export const npm: ToolReader = (ctx, args, cwd, via) => {
  const { cwdOpt, words } = managerArgs(args);
  const dir = cwdOpt === null ? cwd : joinPath(cwd, cwdOpt) ?? cwd;
  const [sub, ...rest] = words;
  if (sub === undefined) return;
  // What reaches the script: every word after `--`, or without one the words that are no flags.
  const scriptArgs = (w: string[]) => {
    const k = w.indexOf('--');
    return k < 0 ? w.filter((x) => !x.startsWith('-')) : w.slice(k + 1);
  };
  if (sub in NPM_ALIASES) runScript(ctx, NPM_ALIASES[sub]!, scriptArgs(rest), dir, via);
  else if (NPM_RUN.has(sub)) {
    // Only the words after the name go to the script: in `npm run -- x` the `--` ends npm's options
    // and x is the name, not an argument of its own script.
    const at = rest.findIndex((w) => !w.startsWith('-'));
    if (at >= 0) runScript(ctx, rest[at]!, scriptArgs(rest.slice(at + 1)), dir, via);
  } else if (sub === 'exec' || sub === 'x') ctx.run(rest.filter((w) => w !== '--').map(quoteArg).join(' '), dir, via);
};

const YARN_BUILTIN = new Set(['install', 'add', 'remove', 'upgrade', 'up', 'why', 'info', 'init', 'config', 'cache', 'set', 'plugin', 'version', 'pack', 'publish', 'login', 'logout', 'link', 'unlink', 'outdated', 'audit', 'import', 'global', 'workspaces', 'rebuild', 'patch', 'create', 'store', 'prune', 'list', 'ls', 'update', 'i', 'ci', 'fetch', 'setup']);

/** yarn, pnpm: `yarn x` runs script x, else the binary x; `pnpm exec x`, `yarn dlx x`. */
export const yarnLike: ToolReader = (ctx, args, cwd, via) => {
  const { cwdOpt, words } = managerArgs(args);
  const dir = cwdOpt === null ? cwd : joinPath(cwd, cwdOpt) ?? cwd;
  let [sub, ...rest] = words;
  if (sub === undefined || YARN_BUILTIN.has(sub)) return;
  if (sub === 'exec' || sub === 'dlx') {
    ctx.run(rest.map(quoteArg).join(' '), dir, via);
    return;
  }
  if (sub === 'run' || sub === 'run-script') [sub, ...rest] = rest.filter((w, k) => k > 0 || !w.startsWith('-'));
  if (sub === undefined) return;
  const extra = rest[0] === '--' ? rest.slice(1) : rest;
  const pkg = findPackage(ctx, dir);
  if (pkg && sub in pkg.scripts) runScript(ctx, sub, extra, dir, via);
  else if (pkg && NPM_ALIASES[sub] === 'test') runScript(ctx, 'test', extra, dir, via);
  else ctx.run([sub, ...extra].map(quoteArg).join(' '), dir, via);
};

const NPX_VALUE = new Set(['-p', '--package', '-c', '--call']);

/** npx, bunx, pnpx: the words after npx's own options (or after `--`) are a command. */
export const npx: ToolReader = (ctx, args, cwd, via) => {
  const call = args.findIndex((a) => a === '-c' || a === '--call');
  if (call >= 0 && args[call + 1] !== undefined) ctx.run(args[call + 1]!, cwd, via);
  const start = npxCommandStart(args);
  if (start < args.length) ctx.run(args.slice(start).map(quoteArg).join(' '), cwd, via);
};

/** Where the command starts: the first word that is neither an option of npx nor an option's value. */
function npxCommandStart(args: readonly string[]): number {
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') return k + 1;
    if (!a.startsWith('-') || a.length === 1) return k;
    if (NPX_VALUE.has(a)) k++;
  }
  return args.length;
}

/** npm-run-all, run-s, run-p: script names or globs (`test:*`; `*` stays within a `:` part). */
export const runAll: ToolReader = (ctx, args, cwd, via) => {
  const { positional } = splitArgs(args, new Set(['--max-parallel', '--npm-path']));
  const pkg = findPackage(ctx, cwd);
  if (!pkg) return;
  for (const raw of positional) {
    const [pattern, ...extra] = raw.split(/\s+/);
    const re = globToRegExp(pattern!.replace(/:/g, '/'));
    const names = Object.keys(pkg.scripts).filter((n) => re.test(n.replace(/:/g, '/')));
    if (!names.length) runScript(ctx, pattern!, extra, cwd, via);
    for (const n of names) runScript(ctx, n, extra, cwd, via);
  }
};

/** concurrently "cmd a" "npm:test:*": each argument is a command; `npm:x` is `npm run x`. */
export const concurrently: ToolReader = (ctx, args, cwd, via) => {
  const { positional } = splitArgs(args, new Set(['-n', '--names', '-c', '--prefix-colors', '-p', '--prefix', '-s', '--success', '--max-processes', '-m', '--restart-tries', '--name-separator', '-l', '--prefix-length', '-t', '--timestamp-format']));
  for (const cmd of positional) {
    const short = /^(npm|yarn|pnpm|bun):(.+)$/.exec(cmd);
    if (short) runAll(ctx, [short[2]!], cwd, via);
    else ctx.run(cmd, cwd, via);
  }
};
