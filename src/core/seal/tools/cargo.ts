// cargo test (and nextest, clippy, build): Cargo.toml, .cargo/config.toml, the integration tests
// under tests/, and the sources under src/ that hold tests (`#[test]`, `#[cfg(test)]`). Other
// sources are the product, not the checker, and are left out. Workspace members are followed.
import { joinPath } from '../paths';
import { expandGlob, walkFiles } from '../glob';
import { sectionList, sectionText } from '../ini';
import { allExisting, firstExisting, splitArgs, type Ctx, type ToolReader } from '../context';

const CARGO_VALUE = new Set(['--manifest-path', '-p', '--package', '--features', '-F', '--target', '--test', '--bench', '--bin', '--example', '-j', '--jobs', '--profile', '--exclude', '--config', '-Z', '--target-dir', '--color', '--message-format']);
const TESTY = /#\[\s*(?:[\w:]+::)?test\b|#\[cfg\(test\)\]/;

function crate(ctx: Ctx, dir: string, v: string, tests: boolean, seen: Set<string>): void {
  if (seen.has(dir)) return;
  seen.add(dir);
  const manifest = joinPath(dir, 'Cargo.toml')!;
  const text = ctx.view.read(manifest);
  if (text === null) return;
  ctx.out.add(manifest, 'runner-config', v);
  for (const c of allExisting(ctx, dir, ['.cargo/config.toml', '.cargo/config'])) ctx.out.add(c, 'runner-config', v);
  if (tests) {
    for (const f of walkFiles(ctx.view, joinPath(dir, 'tests')!)) if (f.endsWith('.rs')) ctx.out.add(f, 'test', v);
    for (const f of walkFiles(ctx.view, joinPath(dir, 'src')!)) if (f.endsWith('.rs') && TESTY.test(ctx.view.read(f) ?? '')) ctx.out.add(f, 'test', v);
  }
  const ws = sectionText(text, 'workspace');
  for (const m of (ws && sectionList(ws, 'members')) ?? []) {
    const p = joinPath(dir, m);
    if (p === null) continue;
    const dirs = m.includes('*') ? expandGlob(ctx.view, `${m}/Cargo.toml`, dir).map((f) => f.slice(0, -'/Cargo.toml'.length)) : [p];
    for (const d of dirs) crate(ctx, d, v, tests, seen);
  }
}

export const cargo: ToolReader = (ctx, args, cwd, via) => {
  const words = args.filter((a) => !a.startsWith('+'));
  const sub = words[0] === 'nextest' ? 'test' : words[0] === 't' ? 'test' : words[0];
  if (sub === undefined || !['test', 'clippy', 'build', 'check', 'b', 'c', 'fmt', 'run'].includes(sub)) return;
  const { opts } = splitArgs(words.slice(1), CARGO_VALUE);
  const manifest = opts.get('--manifest-path')?.[0];
  const dir = manifest === undefined ? cwd : joinPath(cwd, manifest.replace(/\/?Cargo\.toml$/, '') || '.') ?? cwd;
  const v = `${via} runs cargo ${words[0]}`;
  crate(ctx, dir, v, sub === 'test', new Set());
  if (words[0] === 'nextest') {
    const n = firstExisting(ctx, dir, ['.config/nextest.toml']);
    if (n) ctx.out.add(n, 'runner-config', v);
  }
  if (sub === 'clippy') for (const c of allExisting(ctx, dir, ['clippy.toml', '.clippy.toml'])) ctx.out.add(c, 'lint-config', v);
  if (sub === 'fmt') for (const c of allExisting(ctx, dir, ['rustfmt.toml', '.rustfmt.toml'])) ctx.out.add(c, 'lint-config', v);
};
