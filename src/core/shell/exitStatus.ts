// What a command's exit status can say. A proof counts when its command exits 0, so a command
// whose exit cannot be anything but 0 proves nothing: `true`, `echo done`, `npm test || true`,
// `npm test; echo done`, `npm test | tail` (the pipeline's status is tail's unless pipefail is set
// before it), `npm test &`. Compound commands (if, for, while, case, { … }) are not judged.
import { parse, isPlainWord, simpleCommands, type AndOr, type Command, type Pipeline, type Script, type SimpleCommand } from './parse';
import { stripPrefix, verbName } from './verbs';

export type Masking = 'constant' | 'or-mask' | 'sequence' | 'pipeline' | 'background';

export type ExitReading =
  | { kind: 'can-fail' }
  /** Compound commands, which this reading does not follow. */
  | { kind: 'unread' }
  | {
      kind: 'cannot-fail';
      how: Masking;
      /** The text that decides the exit: `true`, `|| true`, `echo done` after `;`, `tail -5` after `|`, `npm test &`. */
      culprit: string;
      /** The command with the mask taken out, when what is left can fail. */
      fix: string | null;
    };

/** Always exit 0 (a failing printf format is not a failing check). */
const CONSTANT = new Set(['true', ':', 'echo', 'printf']);
/** Pipeline ends that exit 0 whatever came before them. */
const SINKS = new Set(['tail', 'head', 'tee', 'cat', 'wc', 'sort']);
const RESERVED = new Set(['if', 'then', 'elif', 'else', 'fi', 'for', 'while', 'until', 'do', 'done', 'case', 'esac', 'select', 'function', '{', '}', 'coproc']);
/** Wrappers that pass the wrapped command's status through. */
const PASS_THROUGH = new Set(['command', 'builtin', 'exec', 'env', 'nice', 'nohup', 'time', 'timeout', 'sudo', 'doas', 'stdbuf', 'ionice', 'chronic']);

interface Options {
  pipefail: boolean;
  errexit: boolean;
}

type Reading = { fails: true } | { fails: false; how: Masking; culprit: string; fix: string | null };

const CAN: Reading = { fails: true };

class Unread extends Error {}

function cut(src: string, from: number, to: number): string {
  return (src.slice(0, from) + src.slice(to)).trim();
}

export function exitReading(src: string, script: Script = parse(src)): ExitReading {
  try {
    // Before the first command the status is 0: a bare `exit` there cannot fail.
    const start: Reading = { fails: false, how: 'constant', culprit: '', fix: null };
    const r = readList(src, script.list, { pipefail: false, errexit: false }, start);
    return r.fails ? { kind: 'can-fail' } : { kind: 'cannot-fail', how: r.how, culprit: r.culprit, fix: r.fix };
  } catch (e) {
    if (e instanceof Unread) return { kind: 'unread' };
    throw e;
  }
}

/** `before` is the status the list starts with: what a bare `exit` hands on. */
function readList(src: string, list: AndOr[], opts: Options, before: Reading): Reading {
  let prior: Reading = before;
  let failing = -1;
  let fatal = false;
  list.forEach((ao, k) => {
    let r = readAndOr(src, ao, opts, prior);
    if (ao.background) r = { fails: false, how: 'background', culprit: src.slice(ao.start, ao.through).trim(), fix: cut(src, ao.end, ao.through) || null };
    // Under set -e a failing command ends the script there, so what follows cannot hide it.
    if (opts.errexit && !ao.background && readPipeline(src, ao.pipelines[ao.pipelines.length - 1]!, { ...opts }, CAN).fails) fatal = true;
    if (!r.fails && r.how === 'constant' && failing >= 0) {
      const from = list[failing]!.end;
      r = { fails: false, how: 'sequence', culprit: src.slice(list[failing]!.through, ao.end).trim(), fix: cut(src, from, ao.through) || null };
    }
    if (r.fails) failing = k;
    prior = r;
  });
  return fatal ? CAN : prior;
}

function readAndOr(src: string, ao: AndOr, opts: Options, before: Reading): Reading {
  let r = readPipeline(src, ao.pipelines[0]!, opts, before);
  for (let k = 1; k < ao.pipelines.length; k++) {
    const p = ao.pipelines[k]!;
    if (ao.ops[k - 1] === '&&') {
      // Either the left fails (and its status stands) or the right decides.
      const right = readPipeline(src, p, opts, r);
      r = r.fails ? CAN : right;
    } else {
      // The right runs only after the left failed, so its status is the only failure left.
      const right = readPipeline(src, p, opts, CAN);
      if (!r.fails) continue;
      r = right.fails ? CAN : { fails: false, how: 'or-mask', culprit: src.slice(ao.pipelines[k - 1]!.end, p.end).trim(), fix: cut(src, ao.pipelines[k - 1]!.end, p.end) };
    }
  }
  return r;
}

function readPipeline(src: string, p: Pipeline, opts: Options, before: Reading): Reading {
  const stages = p.commands.map((c, k) => readCommand(src, c, k === 0 && p.commands.length === 1 ? opts : { ...opts }, before, p.commands.length === 1));
  const last = stages[stages.length - 1]!;
  // A negated status fails when the command succeeds, which every command here can.
  if (p.bang) return CAN;
  if (stages.length === 1) return last;
  const end = p.commands[p.commands.length - 1]!;
  if (opts.pipefail) return stages.some((s) => s.fails) ? CAN : last;
  if (end.kind === 'simple' && SINKS.has(verbOf(end) ?? '')) {
    if (!stages.slice(0, -1).some((s) => s.fails)) return { fails: false, how: 'constant', culprit: src.slice(p.start, p.end).trim(), fix: null };
    return { fails: false, how: 'pipeline', culprit: src.slice(end.start, end.end).trim(), fix: `set -o pipefail; ${src.trim()}` };
  }
  return last;
}

function verbOf(c: SimpleCommand): string | undefined {
  const w = stripPrefix(
    c.words.map((x) => x.value),
    PASS_THROUGH,
  );
  return w[0] === undefined ? undefined : verbName(w[0]);
}

function readCommand(src: string, c: Command, opts: Options, before: Reading, alone: boolean): Reading {
  if (c.kind === 'subshell') return readList(src, c.list, { ...opts }, before);
  const first = c.words[0];
  if (first && isPlainWord(first) && RESERVED.has(first.value)) throw new Unread();
  const words = stripPrefix(
    c.words.map((w) => w.value),
    PASS_THROUGH,
  );
  const constant = (): Reading => ({ fails: false, how: 'constant', culprit: src.slice(c.start, c.end).trim(), fix: null });
  const verb = words[0] === undefined ? undefined : verbName(words[0]);
  if (verb === undefined) {
    // Only assignments: the status is that of the last substitution in them, if any.
    return c.words.some((w) => w.pieces.some((p) => p.kind === 'sub')) ? CAN : constant();
  }
  if (CONSTANT.has(verb)) return constant();
  if (verb === 'exit' || verb === 'return') {
    if (words[1] === undefined) return before.fails ? CAN : constant();
    return words[1] === '0' ? constant() : CAN;
  }
  if (verb === 'set') {
    // Options set in a pipeline stage die with its subshell.
    if (alone) setOptions(words.slice(1), opts);
    return constant();
  }
  return CAN;
}

/** `set -euo pipefail`, `set -o errexit -o pipefail`, `set +o pipefail`. */
function setOptions(args: string[], opts: Options): void {
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (!/^[-+][A-Za-z]+$/.test(a)) continue;
    const on = a[0] === '-';
    for (const letter of a.slice(1)) {
      if (letter === 'e') opts.errexit = on;
      if (letter === 'o') {
        const name = args[++k];
        if (name === 'pipefail') opts.pipefail = on;
        if (name === 'errexit') opts.errexit = on;
      }
    }
  }
}

/** Existence checks: `ls X`, `test -e/-f/-d X`, `[ -f X ]`, `[[ -d X ]]`, `cat X`. */
function checksExistence(c: SimpleCommand): boolean {
  const words = stripPrefix(
    c.words.map((w) => w.value),
    PASS_THROUGH,
  );
  const verb = words[0] === undefined ? undefined : verbName(words[0]);
  const args = words.slice(1);
  if (verb === 'ls') return true;
  if (verb === 'cat') return args.some((a) => !a.startsWith('-')) && !c.redirects.some((r) => r.op.includes('<'));
  if (verb === 'test' || verb === '[' || verb === '[[') {
    const inner = verb === 'test' ? args : args.slice(0, -1);
    return inner.length === 2 && ['-e', '-f', '-d'].includes(inner[0]!);
  }
  return false;
}

/**
 * Whether every command in it only checks that something exists: such a proof passes as soon as
 * a file is there, whatever it holds. Negated checks (`! test -e x`, a file is gone) are not.
 */
export function existenceOnly(src: string, script: Script = parse(src)): boolean {
  const bang = (list: AndOr[]): boolean => list.some((ao) => ao.pipelines.some((p) => p.bang || p.commands.some((c) => c.kind === 'subshell' && bang(c.list))));
  if (script.subs.length || bang(script.list)) return false;
  // Only commands that run something are judged: `set -e`, bare assignments (`A=1`) and bare
  // redirections (`> log`) neither check nor prove anything beside a check.
  const commands = simpleCommands(script.list).filter((c) => {
    const verb = verbOf(c);
    return verb !== undefined && verb !== 'set';
  });
  return commands.length > 0 && commands.every(checksExistence);
}
