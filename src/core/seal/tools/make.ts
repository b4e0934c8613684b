// make [-C DIR] [-f FILE] [TARGET…]: the Makefile as the parts the targets read (each target's rule
// and recipe, recursively through prerequisites, and the variables), included makefiles whole, and
// every recipe line read as a command with the Makefile's variables put in.
import { joinPath } from '../paths';
import { expandVars, parseMakefile, recipeFlags } from '../makefile';
import { firstExisting, optValues, splitArgs, type ToolReader } from '../context';

const MAKE_VALUE = new Set(['-C', '--directory', '-f', '--file', '--makefile', '-j', '--jobs', '-l', '--load-average', '-I', '--include-dir', '-o', '-W']);

export const make: ToolReader = (ctx, args, cwd, via) => {
  const { opts, positional } = splitArgs(args, MAKE_VALUE);
  const at = optValues(opts, '-C', '--directory')[0];
  const dir = at === undefined ? cwd : joinPath(cwd, at) ?? cwd;
  const given = optValues(opts, '-f', '--file', '--makefile')[0];
  const path = given !== undefined ? joinPath(dir, given) : firstExisting(ctx, dir, ['GNUmakefile', 'makefile', 'Makefile']);
  const text = path === null ? null : ctx.view.read(path);
  if (path === null || text === null) {
    ctx.out.note(`${via}: make finds no Makefile in ${dir}`);
    return;
  }
  const mk = parseMakefile(text);
  for (const inc of mk.includes) {
    const p = joinPath(dir, expandVars(inc, mk.vars));
    if (p !== null && ctx.view.read(p) !== null) ctx.out.add(p, 'makefile', `${via} (included by ${path})`);
  }
  const overrides = positional.filter((p) => p.includes('='));
  const vars = new Map(mk.vars);
  for (const o of overrides) vars.set(o.slice(0, o.indexOf('=')), o.slice(o.indexOf('=') + 1));
  const targets = positional.filter((p) => !p.includes('='));
  const wanted = targets.length ? targets : mk.defaultTarget === null ? [] : [mk.defaultTarget];
  const parts = new Set<string>(['vars']);
  const visit = (target: string, depth: number) => {
    if (parts.has(`target:${target}`) || depth > 30) return;
    parts.add(`target:${target}`);
    const rule = mk.rules.get(target);
    if (!rule) return;
    for (const p of rule.prereqs) if (mk.rules.has(p)) visit(p, depth + 1);
    for (const line of rule.recipe) ctx.run(expandVars(recipeFlags(line.text).command, vars), dir, `make ${target}`);
  };
  for (const t of wanted) visit(t, 0);
  ctx.out.add(path, 'makefile', via, [...parts]);
};

