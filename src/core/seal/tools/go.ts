// go test: go.mod (and go.work) and the *_test.go files of the packages named: `./...` is every
// package below, `./pkg/...` every package under pkg, a module path maps through go.mod's module
// line. Folders go ignores (vendor, testdata, names starting with `.` or `_`) are skipped.
import { ancestors, joinPath } from '../paths';
import { walkFiles } from '../glob';
import { splitArgs, type Ctx, type ToolReader } from '../context';

const GO_VALUE = new Set(['-run', '-skip', '-count', '-timeout', '-tags', '-p', '-parallel', '-cpu', '-bench', '-benchtime', '-coverprofile', '-covermode', '-coverpkg', '-o', '-exec', '-vet', '-shuffle', '-C', '-mod', '-modfile', '-ldflags', '-gcflags', '-asmflags', '-buildmode', '-compiler', '-pkgdir', '-toolexec', '-trimpath', '-json']);

interface Module {
  dir: string;
  path: string | null;
}

function findModule(ctx: Ctx, cwd: string, via: string): Module | null {
  for (const dir of ancestors(cwd)) {
    const mod = joinPath(dir, 'go.mod')!;
    const text = ctx.view.read(mod);
    if (text === null) continue;
    ctx.out.add(mod, 'runner-config', via);
    const work = joinPath(dir, 'go.work')!;
    if (ctx.view.read(work) !== null) ctx.out.add(work, 'runner-config', via);
    return { dir, path: /^\s*module\s+(\S+)/m.exec(text)?.[1] ?? null };
  }
  return null;
}

function goIgnored(path: string): boolean {
  return path.split('/').some((p) => p === 'testdata' || p === 'vendor' || p.startsWith('_'));
}

export const goTool: ToolReader = (ctx, args, cwd, via) => {
  const [sub, ...rest] = args;
  if (sub !== 'test' && sub !== 'vet') return;
  const words = rest.map((a) => a.replace(/^--/, '-'));
  // Words after -args go to the test binary, not to go: no package or file of the run.
  const end = words.indexOf('-args');
  const { opts, positional } = splitArgs(end < 0 ? words : words.slice(0, end), GO_VALUE);
  const at = opts.get('-C')?.[0];
  const dir = at === undefined ? cwd : joinPath(cwd, at) ?? cwd;
  const v = `${via} runs go ${sub}`;
  const mod = findModule(ctx, dir, v);
  if (sub === 'vet') return;
  const pkgs = positional.filter((p) => !p.endsWith('.go'));
  const files = positional.filter((p) => p.endsWith('_test.go')).map((p) => joinPath(dir, p)).filter((p): p is string => p !== null);
  for (const pkg of pkgs.length || files.length ? pkgs : ['.']) {
    let rel = pkg;
    if (mod?.path && (pkg === mod.path || pkg.startsWith(mod.path + '/'))) rel = './' + pkg.slice(mod.path.length + 1) || '.';
    const deep = rel.endsWith('/...') || rel === '...';
    const base = joinPath(rel.startsWith('.') ? dir : mod?.dir ?? dir, rel.replace(/\/?\.\.\.$/, '') || '.');
    if (base === null) continue;
    const found = deep ? walkFiles(ctx.view, base) : (ctx.view.list(base) ?? []).filter((e) => !e.dir).map((e) => (base === '.' ? e.name : `${base}/${e.name}`));
    files.push(...found.filter((f) => f.endsWith('_test.go') && !goIgnored(f.slice(base === '.' ? 0 : base.length + 1))));
  }
  for (const f of files) ctx.out.add(f, 'test', v);
};
