// pytest, unittest and python itself. pytest reads the first of pytest.ini, pyproject.toml,
// tox.ini and setup.cfg that configures it; all that exist are dependencies (as their pytest
// section), so a section added to another one later is noticed. Test files: python_files
// (default test_*.py and *_test.py) under the paths given or testpaths, and every conftest.py
// on the way, which pytest loads as plugins.
import { ancestors, baseOf, dirOf, joinPath } from '../paths';
import { globToRegExp, walkFiles } from '../glob';
import { sectionList, sectionText } from '../ini';
import { firstExisting, optValues, splitArgs, type Ctx, type ToolReader } from '../context';

const PYTEST_VALUE = new Set(['-k', '-m', '-c', '-p', '--rootdir', '--confcutdir', '-o', '--override-ini', '--ignore', '--ignore-glob', '--deselect', '--junitxml', '--junit-xml', '--tb', '-n', '--numprocesses', '--maxfail', '--cov', '--cov-report', '--cov-config', '-W', '--basetemp', '--durations', '-r', '--log-level', '--timeout', '--dist', '--import-mode', '--capture']);

/** Where pytest looks for its settings, with the section each keeps them in (null: the whole file). */
const PYTEST_CONFIGS: ReadonlyArray<[string, string | null]> = [
  ['pytest.ini', null],
  ['.pytest.ini', null],
  ['pyproject.toml', 'tool.pytest.ini_options'],
  ['tox.ini', 'pytest'],
  ['setup.cfg', 'tool:pytest'],
];

export const pytest: ToolReader = (ctx, args, cwd, via) => {
  const { opts, positional } = splitArgs(args, PYTEST_VALUE);
  const v = `${via} runs pytest`;
  let settings = '';
  const given = optValues(opts, '-c')[0];
  if (given !== undefined) {
    const p = joinPath(cwd, given);
    if (p !== null) {
      ctx.out.add(p, 'runner-config', v);
      settings = ctx.view.read(p) ?? '';
    }
  } else {
    for (const [name, section] of PYTEST_CONFIGS) {
      const p = joinPath(cwd, name)!;
      const text = ctx.view.read(p);
      if (text === null) continue;
      ctx.out.add(p, 'runner-config', v, section === null ? null : [`section:${section}`]);
      const s = section === null ? text : sectionText(text, section);
      if (s !== null && !settings) settings = s;
    }
  }
  const patterns = (sectionList(settings, 'python_files') ?? ['test_*.py', '*_test.py']).map(globToRegExp);
  const ignored = optValues(opts, '--ignore').map((i) => joinPath(cwd, i)).filter((p): p is string => p !== null);
  const ignoreGlobs = optValues(opts, '--ignore-glob').map((g) => globToRegExp(joinPath(cwd, g) ?? g));
  const roots = positional.length ? positional.map((p) => p.replace(/::.*$/, '')) : sectionList(settings, 'testpaths') ?? ['.'];
  const tests = new Set<string>();
  for (const r of roots) {
    const p = joinPath(cwd, r);
    if (p === null) continue;
    // A file given by name runs whatever its name; a folder runs the files python_files selects.
    const files = ctx.view.read(p) !== null ? [p] : walkFiles(ctx.view, p).filter((f) => f.endsWith('.py') && patterns.some((re) => re.test(baseOf(f))));
    for (const f of files) if (!ignored.some((i) => f === i || f.startsWith(i + '/')) && !ignoreGlobs.some((re) => re.test(f))) tests.add(f);
  }
  for (const f of tests) ctx.out.add(f, 'test', v);
  addConftests(ctx, cwd, [...tests], v);
};

/** Every conftest.py from the root folder down to each test's folder. */
function addConftests(ctx: Ctx, cwd: string, tests: string[], via: string): void {
  const dirs = new Set<string>();
  for (const t of tests) for (const d of ancestors(dirOf(t))) dirs.add(d);
  dirs.add(cwd);
  for (const d of dirs) {
    const p = joinPath(d, 'conftest.py')!;
    if (ctx.view.read(p) !== null) ctx.out.add(p, 'runner-config', via);
  }
}

/** python -m unittest [discover -s DIR -p PATTERN] or module names (tests.test_x). */
export const unittest: ToolReader = (ctx, args, cwd, via) => {
  const { opts, positional } = splitArgs(args, new Set(['-s', '--start-directory', '-p', '--pattern', '-t', '--top-level-directory', '-k']));
  const v = `${via} runs unittest`;
  const mods = positional.filter((p) => p !== 'discover');
  if (mods.length && positional[0] !== 'discover') {
    for (const m of mods) {
      const p = joinPath(cwd, m.endsWith('.py') ? m : m.replace(/\./g, '/') + '.py');
      if (p !== null && ctx.view.read(p) !== null) ctx.out.add(p, 'test', v);
    }
    return;
  }
  const start = joinPath(cwd, optValues(opts, '-s', '--start-directory')[0] ?? mods[0] ?? '.') ?? cwd;
  const pattern = globToRegExp(optValues(opts, '-p', '--pattern')[0] ?? mods[1] ?? 'test*.py');
  for (const f of walkFiles(ctx.view, start)) if (f.endsWith('.py') && pattern.test(baseOf(f))) ctx.out.add(f, 'test', v);
};

/** python [options] script | -m module | -c code. */
export const python: ToolReader = (ctx, args, cwd, via) => {
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '-m') {
      const mod = args[k + 1];
      if (mod !== undefined) ctx.run([mod === 'pytest' || mod === 'py.test' ? 'pytest' : mod, ...args.slice(k + 2)].join(' '), cwd, via);
      return;
    }
    if (a === '-c') {
      ctx.out.note(`${via}: python runs inline code, not read`);
      return;
    }
    if (a === '-W' || a === '-X') k++;
    else if (!a.startsWith('-')) {
      const p = joinPath(cwd, a);
      if (p !== null) ctx.script(p, 'python', args.slice(k + 1), cwd, via);
      return;
    }
  }
};

/** Lint and type tools of Python: their own files and the sections they read in shared ones. */
const PY_LINT: Record<string, { files: string[]; sections: Array<[string, string]>; role: 'lint-config' | 'type-config' }> = {
  mypy: { files: ['mypy.ini', '.mypy.ini'], sections: [['pyproject.toml', 'tool.mypy'], ['setup.cfg', 'mypy']], role: 'type-config' },
  pyright: { files: ['pyrightconfig.json'], sections: [['pyproject.toml', 'tool.pyright']], role: 'type-config' },
  flake8: { files: ['.flake8'], sections: [['setup.cfg', 'flake8'], ['tox.ini', 'flake8']], role: 'lint-config' },
  ruff: { files: ['ruff.toml', '.ruff.toml'], sections: [['pyproject.toml', 'tool.ruff']], role: 'lint-config' },
  pylint: { files: ['.pylintrc', 'pylintrc'], sections: [['pyproject.toml', 'tool.pylint'], ['setup.cfg', 'pylint']], role: 'lint-config' },
  black: { files: [], sections: [['pyproject.toml', 'tool.black']], role: 'lint-config' },
  isort: { files: ['.isort.cfg'], sections: [['pyproject.toml', 'tool.isort'], ['setup.cfg', 'isort']], role: 'lint-config' },
};

export function pythonLint(name: keyof typeof PY_LINT): ToolReader {
  const spec = PY_LINT[name]!;
  return (ctx, _args, cwd, via) => {
    const v = `${via} runs ${name}`;
    const own = firstExisting(ctx, cwd, spec.files);
    if (own) ctx.out.add(own, spec.role, v);
    for (const [file, section] of spec.sections) {
      const p = joinPath(cwd, file)!;
      if (ctx.view.read(p) !== null) ctx.out.add(p, spec.role, v, [`section:${section}`]);
    }
  };
}

export const tox: ToolReader = (ctx, _args, cwd, via) => {
  const p = firstExisting(ctx, cwd, ['tox.ini']);
  if (p) ctx.out.add(p, 'runner-config', `${via} runs tox`);
};
