// What every tool reader is handed: the workspace, the set it adds to, and a way to hand back a
// command of its own (an npm script's body, a make recipe line) for the resolver to read in turn.
import { joinPath } from './paths';
import type { DepSet } from './deps';
import type { WorkspaceView } from './view';

export interface Ctx {
  view: WorkspaceView;
  out: DepSet;
  /** Reads a command (a shell text) as if run in folder `cwd`; `via` says who runs it. */
  run(text: string, cwd: string, via: string): void;
  /** Reads the named file as a script the proof runs (`sh x`, `./x`, `node x`). */
  script(path: string, interpreter: string | null, args: string[], cwd: string, via: string): void;
}

/** A tool reader: the words after the tool's name, in folder `cwd`. */
export type ToolReader = (ctx: Ctx, args: string[], cwd: string, via: string) => void;

/** The first of `names` in `dir` that exists, as a workspace path. */
export function firstExisting(ctx: Ctx, dir: string, names: readonly string[]): string | null {
  for (const n of names) {
    const p = joinPath(dir, n);
    if (p !== null && ctx.view.read(p) !== null) return p;
  }
  return null;
}

/** Every one of `names` in `dir` that exists. */
export function allExisting(ctx: Ctx, dir: string, names: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    const p = joinPath(dir, n);
    if (p !== null && ctx.view.read(p) !== null) out.push(p);
  }
  return out;
}

/**
 * Splits a tool's words into options and positional arguments. `withValue` lists options whose
 * value is the next word; `--opt=value` is always one word.
 */
export function splitArgs(args: readonly string[], withValue: ReadonlySet<string>): { opts: Map<string, string[]>; positional: string[]; rest: string[] } {
  const opts = new Map<string, string[]>();
  const positional: string[] = [];
  const put = (k: string, v: string) => opts.set(k, [...(opts.get(k) ?? []), v]);
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') return { opts, positional, rest: args.slice(k + 1) };
    if (a.startsWith('-') && a.length > 1) {
      const eq = a.indexOf('=');
      if (a.startsWith('--') && eq > 0) put(a.slice(0, eq), a.slice(eq + 1));
      else if (withValue.has(a) && k + 1 < args.length) put(a, args[++k]!);
      else put(a, '');
    } else positional.push(a);
  }
  return { opts, positional, rest: [] };
}

/** The values given to any of the option's spellings. */
export function optValues(opts: Map<string, string[]>, ...names: string[]): string[] {
  return names.flatMap((n) => opts.get(n) ?? []);
}
