// The JavaScript test runners and node itself: which config files they load and which test
// files their defaults or their config select. Settings computed in a JS config are not seen
// (configText.ts), so a JS config's own change is what gets noticed there.
import { baseOf, joinPath } from '../paths';
import { expandGlob, globToRegExp, hasGlob, walkFiles } from '../glob';
import { isRecord, parseJsonc } from '../jsonc';
import { looseList, looseValue } from '../configText';
import { allExisting, firstExisting, optValues, splitArgs, type Ctx, type ToolReader } from '../context';
import { findPackage } from './packageScripts';
import { addBinFile } from '../toolchain';

const CODE = /\.(?:[cm]?[jt]sx?)$/;

/** Setup files a runner loads (`--require ./test/setup.js`): paths in the workspace, not package names. */
function addSetupFiles(ctx: Ctx, names: readonly string[], cwd: string, via: string): void {
  for (const n of names) {
    if (!n.startsWith('.') && !n.includes('/')) continue;
    const p = joinPath(cwd, n);
    if (p === null) continue;
    for (const cand of [p, `${p}.js`, `${p}.ts`, `${p}.mjs`, `${p}.cjs`]) {
      if (ctx.view.read(cand) !== null) {
        ctx.out.add(cand, 'test-helper', via);
        break;
      }
    }
  }
}

function addTests(ctx: Ctx, files: readonly string[], via: string): void {
  for (const f of files) ctx.out.add(f, 'test', via);
}

/** The package.json key a runner also reads its settings from, as a part. */
function packageKey(ctx: Ctx, cwd: string, key: string, via: string): unknown {
  const pkg = findPackage(ctx, cwd);
  if (!pkg) return undefined;
  const json = parseJsonc(ctx.view.read(pkg.path) ?? '');
  ctx.out.add(pkg.path, 'manifest', via, [`json:${key}`]);
  return isRecord(json) ? json[key] : undefined;
}

const MOCHA_RC = ['.mocharc.cjs', '.mocharc.js', '.mocharc.mjs', '.mocharc.yaml', '.mocharc.yml', '.mocharc.jsonc', '.mocharc.json'];
const MOCHA_VALUE = new Set(['--config', '--grep', '-g', '--fgrep', '-f', '--timeout', '-t', '--slow', '-s', '--reporter', '-R', '--reporter-option', '--reporter-options', '-O', '--require', '-r', '--file', '--ignore', '--exclude', '--extension', '--ui', '-u', '--spec', '--retries', '--jobs', '-j', '--package', '--node-option', '-n', '--watch-files', '--watch-ignore', '--import', '--loader']);

export const mocha: ToolReader = (ctx, args, cwd, via) => {
  const { opts, positional } = splitArgs(args, MOCHA_VALUE);
  const v = `${via} runs mocha`;
  const configs = opts.has('--no-config') ? [] : optValues(opts, '--config').map((c) => joinPath(cwd, c)).filter((p): p is string => p !== null);
  if (!opts.has('--no-config') && !configs.length) {
    const rc = firstExisting(ctx, cwd, MOCHA_RC);
    if (rc) configs.push(rc);
  }
  const settings: Record<string, unknown> = {};
  for (const c of configs) {
    ctx.out.add(c, 'runner-config', v);
    const text = ctx.view.read(c) ?? '';
    for (const key of ['spec', 'extension', 'require', 'file', 'ignore', 'exclude', 'recursive']) {
      const value = looseValue(text, key);
      if (value !== undefined) settings[key] = value;
    }
  }
  const fromPackage = opts.has('--no-package') ? undefined : packageKey(ctx, cwd, 'mocha', v);
  if (isRecord(fromPackage)) for (const [k, value] of Object.entries(fromPackage)) settings[k] ??= value;
  const list = (key: string, ...flags: string[]) => [...optValues(opts, ...flags), ...toList(settings[key])];
  const ext = list('extension', '--extension');
  const extensions = ext.length ? ext : ['js', 'cjs', 'mjs'];
  const recursive = opts.has('--recursive') || settings.recursive === true;
  const specs = positional.length ? positional : list('spec', '--spec');
  const chosen = new Set<string>();
  for (const spec of specs.length ? specs : ['./test']) {
    for (const f of specFiles(ctx, spec, cwd, extensions, recursive)) chosen.add(f);
  }
  const ignored = list('ignore', '--ignore', '--exclude').concat(toList(settings.exclude)).map((g) => globToRegExp(joinPath(cwd, g) ?? g));
  addTests(ctx, [...chosen].filter((f) => !ignored.some((re) => re.test(f))), v);
  addSetupFiles(ctx, [...list('require', '--require', '-r'), ...list('file', '--file')], cwd, v);
};

function toList(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** A mocha spec: a glob, a file, or a folder (its files with the extensions; deeper with --recursive). */
function specFiles(ctx: Ctx, spec: string, cwd: string, extensions: string[], recursive: boolean): string[] {
  if (hasGlob(spec)) return expandGlob(ctx.view, spec, cwd);
  const p = joinPath(cwd, spec);
  if (p === null) return [];
  if (ctx.view.read(p) !== null) return [p];
  const ok = (f: string) => extensions.some((e) => f.endsWith('.' + e.replace(/^\./, '')));
  if (recursive) return walkFiles(ctx.view, p).filter(ok);
  return (ctx.view.list(p) ?? []).filter((e) => !e.dir).map((e) => `${p === '.' ? '' : p + '/'}${e.name}`).filter(ok);
}

const JEST_CONFIG = ['jest.config.js', 'jest.config.ts', 'jest.config.mjs', 'jest.config.cjs', 'jest.config.cts', 'jest.config.mts', 'jest.config.json'];
const JEST_VALUE = new Set(['--config', '-c', '--testPathPattern', '--testPathPatterns', '--testNamePattern', '-t', '--testPathIgnorePatterns', '--rootDir', '--roots', '--selectProjects', '--shard', '--maxWorkers', '-w', '--reporters', '--setupFiles', '--setupFilesAfterEach', '--testMatch', '--testRegex', '--outputFile', '--coverageDirectory', '--testTimeout', '--bail', '-b']);
/** jest's default testMatch. */
const JEST_DEFAULT = [/(^|\/)__tests__\/(?:[^/]*\/)*[^/]*\.[jt]sx?$/, /(^|\/)(?:[^/]*\.)?(?:spec|test)\.[jt]sx?$/];

export const jest: ToolReader = (ctx, args, cwd, via) => {
  const { opts, positional } = splitArgs(args, JEST_VALUE);
  const v = `${via} runs jest`;
  const given = optValues(opts, '--config', '-c')[0];
  const config = given !== undefined && !given.trim().startsWith('{') ? joinPath(cwd, given) : firstExisting(ctx, cwd, JEST_CONFIG);
  let text = '';
  if (config) {
    ctx.out.add(config, 'runner-config', v);
    text = ctx.view.read(config) ?? '';
  }
  const fromPackage = packageKey(ctx, cwd, 'jest', v);
  const setting = (key: string): string[] | null => looseList(text, key) ?? (isRecord(fromPackage) ? toList(fromPackage[key]) : null);
  const files = walkFiles(ctx.view, cwd).filter((f) => CODE.test(f));
  const rel = (f: string) => (cwd === '.' ? f : f.slice(cwd.length + 1));
  const matchGlobs = [...optValues(opts, '--testMatch'), ...(setting('testMatch') ?? [])].map((g) => globToRegExp(g.replace(/^<rootDir>\//, '')));
  const regexes = [...optValues(opts, '--testRegex'), ...(setting('testRegex') ?? [])].flatMap(safeRegExp);
  const matchers = matchGlobs.length ? matchGlobs.map((re) => (f: string) => re.test(rel(f)) || re.test(f)) : regexes.length ? regexes.map((re) => (f: string) => re.test(rel(f))) : JEST_DEFAULT.map((re) => (f: string) => re.test(f));
  const ignore = [...optValues(opts, '--testPathIgnorePatterns'), ...(setting('testPathIgnorePatterns') ?? [])].flatMap(safeRegExp);
  const filters = [...positional, ...optValues(opts, '--testPathPattern', '--testPathPatterns')].flatMap(safeRegExp);
  addTests(ctx, files.filter((f) => matchers.some((m) => m(f)) && !ignore.some((re) => re.test(f)) && (!filters.length || filters.some((re) => re.test(f)))), v);
  addSetupFiles(ctx, [...(setting('setupFiles') ?? []), ...(setting('setupFilesAfterEach') ?? []), ...(setting('setupFilesAfterEnv') ?? [])].map((s) => s.replace(/^<rootDir>\//, './')), cwd, v);
};

function safeRegExp(s: string): RegExp[] {
  try {
    return [new RegExp(s)];
  } catch {
    return [];
  }
}

const VITEST_CONFIG = ['vitest.config.ts', 'vitest.config.mts', 'vitest.config.cts', 'vitest.config.js', 'vitest.config.mjs', 'vitest.config.cjs', 'vitest.workspace.ts', 'vitest.workspace.js', 'vitest.workspace.json', 'vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs', 'vite.config.cjs'];
const VITEST_VALUE = new Set(['--config', '-c', '--root', '-r', '--dir', '--project', '--reporter', '--outputFile', '--testNamePattern', '-t', '--environment', '--pool', '--shard', '--exclude', '--bail', '--retry']);
const VITEST_SUB = new Set(['run', 'watch', 'dev', 'related', 'bench', 'list']);
const VITEST_DEFAULT = /(^|\/)[^/]*\.(?:test|spec)\.[cm]?[jt]sx?$/;

export const vitest: ToolReader = (ctx, args, cwd, via) => {
  const { opts, positional } = splitArgs(args, VITEST_VALUE);
  const v = `${via} runs vitest`;
  const root = joinPath(cwd, optValues(opts, '--root', '-r')[0] ?? '.') ?? cwd;
  const given = optValues(opts, '--config', '-c')[0];
  const configs = given !== undefined ? [joinPath(cwd, given)].filter((p): p is string => p !== null) : allExisting(ctx, root, VITEST_CONFIG);
  let include: string[] = [];
  let exclude: string[] = [...optValues(opts, '--exclude')];
  for (const c of configs) {
    ctx.out.add(c, 'runner-config', v);
    const text = ctx.view.read(c) ?? '';
    include = include.concat(looseList(text, 'include') ?? []);
    exclude = exclude.concat(looseList(text, 'exclude') ?? []);
  }
  const dir = joinPath(root, optValues(opts, '--dir')[0] ?? '.') ?? root;
  const rel = (f: string) => (root === '.' ? f : f.slice(root.length + 1));
  const inc = include.filter((g) => /[*?]/.test(g)).map(globToRegExp);
  const exc = exclude.map(globToRegExp);
  const filters = positional.filter((p, k) => !(k === 0 && VITEST_SUB.has(p)));
  const files = walkFiles(ctx.view, dir).filter((f) => (inc.length ? inc.some((re) => re.test(rel(f))) : VITEST_DEFAULT.test(f)) && !exc.some((re) => re.test(rel(f))) && (!filters.length || filters.some((s) => f.includes(s))));
  addTests(ctx, files, v);
};

/** node --test's default patterns (Node 20+), with TypeScript when a loader such as tsx runs it. */
const NODE_TEST_DEFAULT = [/(^|\/)[^/]*[.\-_]test\.[cm]?[jt]sx?$/, /(^|\/)test-[^/]*\.[cm]?[jt]sx?$/, /(^|\/)test\.[cm]?[jt]sx?$/, /(^|\/)test\/(?:[^/]*\/)*[^/]*\.[cm]?[jt]sx?$/];
const NODE_VALUE = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file', '--conditions', '-C', '--title', '--input-type', '--test-name-pattern', '--test-reporter', '--test-reporter-destination', '--test-concurrency', '--test-timeout', '--test-shard', '--test-skip-pattern', '--stack-size', '--max-old-space-size']);

/** node, tsx, ts-node, bun (for a file): the script it runs, or the node test runner with --test. */
export const node: ToolReader = (ctx, args, cwd, via) => {
  const first = args.findIndex((a, k) => !a.startsWith('-') && !NODE_VALUE.has(args[k - 1] ?? ''));
  const options = first < 0 ? args : args.slice(0, first);
  const { opts } = splitArgs(options, NODE_VALUE);
  addSetupFiles(ctx, optValues(opts, '-r', '--require', '--import', '--loader', '--experimental-loader'), cwd, via);
  if (opts.has('-e') || opts.has('--eval') || opts.has('-p') || opts.has('--print')) {
    ctx.out.note(`${via}: node runs inline code, not read`);
    return;
  }
  if (opts.has('--test')) {
    const patterns = first < 0 ? [] : args.slice(first);
    const defaults = (dir: string) => walkFiles(ctx.view, dir).filter((f) => NODE_TEST_DEFAULT.some((re) => re.test(f)));
    // A folder given (`node --test test/`) is searched for the default patterns, as node does.
    const named = (p: string) => {
      const found = expandGlob(ctx.view, p, cwd);
      if (found.length || hasGlob(p)) return found;
      const dir = joinPath(cwd, p.replace(/^\.\//, '').replace(/\/+$/, '') || '.');
      return dir !== null && ctx.view.list(dir) ? defaults(dir) : [];
    };
    const files = patterns.length ? patterns.flatMap(named) : defaults(cwd);
    addTests(ctx, files, `${via} runs node --test`);
    return;
  }
  if (first < 0) return;
  const script = args[first]!;
  // A runner called through its file (`node node_modules/.bin/mocha`) is that runner.
  const tool = toolInNodeModules(script);
  if (tool !== null) {
    const bin = joinPath(cwd, script);
    if (bin !== null) addBinFile(ctx, bin, via, true);
    ctx.run([tool, ...args.slice(first + 1)].join(' '), cwd, via);
    return;
  }
  const p = joinPath(cwd, script);
  if (p !== null) ctx.script(p, 'node', args.slice(first + 1), cwd, via);
};

/** `node_modules/.bin/mocha` → mocha, `node_modules/jest/bin/jest.js` → jest, `node_modules/@scope/x/…` → x. */
export function toolInNodeModules(path: string): string | null {
  const m = /(?:^|\/)node_modules\/(?:\.bin\/([^/]+)|(?:@[^/]+\/)?([^/]+)\/)/.exec(path);
  if (!m) return null;
  return (m[1] ?? m[2] ?? baseOf(path)).replace(/\.[cm]?js$/, '');
}

const BUN_TEST = /(^|\/)[^/]*[._](?:test|spec)\.[cm]?[jt]sx?$/;

/** bun test [filters], bun run x, bun x.ts. */
export const bun: ToolReader = (ctx, args, cwd, via) => {
  const [sub, ...rest] = args.filter((a) => !a.startsWith('-'));
  if (sub === undefined) return;
  if (sub === 'test') {
    const conf = firstExisting(ctx, cwd, ['bunfig.toml']);
    if (conf) ctx.out.add(conf, 'runner-config', `${via} runs bun test`);
    addTests(ctx, walkFiles(ctx.view, cwd).filter((f) => BUN_TEST.test(f) && (!rest.length || rest.some((r) => f.includes(r.replace(/^\.\//, ''))))), `${via} runs bun test`);
    return;
  }
  const name = sub === 'run' ? rest[0] : sub;
  if (name === undefined) return;
  const pkg = findPackage(ctx, cwd);
  if (pkg && name in pkg.scripts) ctx.run(`npm run ${name}`, cwd, via);
  else if (CODE.test(name)) node(ctx, [name], cwd, via);
};
