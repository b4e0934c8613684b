// Code a shell runs that the guard cannot read as written: text decoded, decompressed or rewritten
// on its way to `sh` or `eval` (`echo cm0g… | base64 -d | sh`, `eval "$(… | rev)"`,
// `source <(… | gunzip)`), or printed by a program (`python3 gen.py | sh`). Whatever it spells, the
// guard sees only the encoded form, so such a command is refused whatever it names, as a command
// nested past the guard's depth is. Programs that fetch text (`curl … | sh`) are left alone: what
// they print is no spelling the agent chose to hide a command in.
import { parse, simpleCommands, type AndOr, type Command, type Pipeline, type Redirect } from '../core/shell/parse';
import { isInterpreter, SHELLS, stripPrefix, verbName } from '../core/shell/verbs';
import { hasInlineCode } from './bashWords';

/** Programs whose output is their input decoded, decompressed, converted or rewritten. */
const REWRITERS: ReadonlySet<string> = new Set([
  'base64', 'base32', 'basenc', 'xxd', 'od', 'hexdump', 'uudecode', 'openssl', 'gpg',
  'gunzip', 'gzip', 'zcat', 'gzcat', 'bzip2', 'bunzip2', 'bzcat', 'xz', 'unxz', 'xzcat', 'lzma', 'unlzma', 'lzcat',
  'zstd', 'unzstd', 'zstdcat', 'lz4', 'lz4cat', 'brotli',
  'rev', 'tr', 'sed', 'cut', 'paste', 'fold', 'iconv', 'recode', 'jq', 'yq', 'dd', 'envsubst', 'm4',
]);

// An escape that spells a character by its code (`\x72`, `\162`, `\u0072`): what printf and echo -e
// print is then not what the guard reads.
const CODE_ESCAPE = /\\(?:x[0-9A-Fa-f]|u[0-9A-Fa-f]|U[0-9A-Fa-f]|[0-7])/;

/** Whether a stage's words make text that differs from anything the guard can read in them. */
export function rewritesText(words: readonly string[]): boolean {
  const [verb, ...args] = stripPrefix(words);
  const name = verbName(verb ?? '');
  if (REWRITERS.has(name) || isInterpreter(name)) return true;
  return (name === 'printf' || name === 'echo') && args.some((a) => CODE_ESCAPE.test(a));
}

/** Whether a command's text holds a stage that rewrites text, in itself or a substitution it makes. */
export function hasRewriter(text: string, depth = 0): boolean {
  const script = parse(text);
  if (simpleCommands(script.list).some((c) => rewritesText(c.words.map((w) => w.value)))) return true;
  return depth < 4 && script.subs.some((s) => hasRewriter(s, depth + 1));
}

/** Whether code handed to a shell, `eval` or `source` comes out of a substitution that rewrites text. */
export function runsRewrittenText(code: readonly string[]): boolean {
  return code.some((word) => parse(word).subs.some((s) => hasRewriter(s)));
}

/**
 * Whether a list pipes text into a shell (`… | sh`, `… | (bash)`, `… | xargs sh -c`) from a stage
 * in front of it that rewrites text, that stage a subshell or a group (`{ … | base64 -d; } | sh`)
 * included.
 */
export function pipesRewrittenIntoShell(list: readonly AndOr[], text: string): boolean {
  return pipelinesOf(list).some((p) => p.commands.some((c, k) => k > 0 && readsCodeOnStdin(c) && p.commands.slice(0, k).some((b) => rewritesInto(b, text))));
}

/** Whether a stage in front of a shell rewrites the text it passes on; `}` closes a group the pipe does not show, so the whole command is looked at. */
function rewritesInto(c: Command, text: string): boolean {
  if (c.kind === 'subshell') return simpleCommands(c.list).some((s) => rewritesText(s.words.map((w) => w.value)));
  const words = c.words.map((w) => w.value);
  return words[0] === '}' ? hasRewriter(text) : rewritesText(words);
}

/** Whether a pipeline stage runs what comes down the pipe as code: a shell reading it, or xargs handing it to one. */
function readsCodeOnStdin(c: Command): boolean {
  if (c.kind === 'subshell') return simpleCommands(c.list).some(readsCodeOnStdin);
  const words = c.words.map((w) => w.value);
  const [verb = '', ...args] = stripPrefix(words);
  if (!SHELLS.has(verbName(verb))) return false;
  if (words.some((w) => verbName(w) === 'xargs')) return true;
  return !args.some((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a)) && args.every((a) => a.startsWith('-'));
}

function pipelinesOf(list: readonly AndOr[]): Pipeline[] {
  return list.flatMap((ao) => ao.pipelines.flatMap((p) => [p, ...p.commands.flatMap((c) => (c.kind === 'subshell' ? pipelinesOf(c.list) : []))]));
}

/**
 * Whether a word holds a substitution that rewrites text the command itself spells out
 * (`"$(echo edualc. | rev)"`, `$(base64 -d <<< LmNsYXVkZQ==)`): a path made so is one the agent
 * chose to hide, so a command writing or removing it is refused as if it named the meter's files.
 * A substitution that rewrites what only the run can know (`"$(echo "$f" | sed s/a/b/)"`, a file
 * renamed in a loop) is left alone. An ANSI-C quote (`$'…'`) is text the command spells.
 */
export function hidesPath(word: string): boolean {
  return parse(word).subs.some(rewritesSpelledText);
}

/**
 * Whether a substitution rewrites text it spells out itself: a rewriting stage fed, anywhere before
 * it in the pipe, by `echo`, `printf` or a here-string or here-document (its own or a group's), or
 * printf or echo spelling letters by their codes, or inline code of an interpreter; inside groups,
 * subshells and `if … then` as well (`{ echo … | rev; }`, `echo … | cat | rev`). What `pwd`, `ls` or
 * `git` print is the run's, and so is any text with an expansion left in it.
 */
function rewritesSpelledText(sub: string): boolean {
  if (/\$(?!')/.test(sub)) return false;
  return listRewritesSpelled(parse(sub).list, false);
}

function listRewritesSpelled(list: readonly AndOr[], fed: boolean): boolean {
  return list.some((ao) => ao.pipelines.some((p) => p.commands.some((c, k) => {
    const fedHere = fed || c.redirects.some(spelledRedirect) || p.commands.slice(0, k).some(spellsText);
    if (c.kind === 'subshell') return listRewritesSpelled(c.list, fedHere);
    const words = c.words.map((w) => w.value);
    if (!rewritesText(words)) return false;
    const [verb = '', ...args] = stripPrefix(words);
    const name = verbName(verb);
    return fedHere || name === 'printf' || name === 'echo' || (isInterpreter(name) && hasInlineCode(name, args));
  })));
}

/** Whether a stage prints text the command spells: echo, printf or a here-string or here-document. */
function spellsText(c: Command): boolean {
  if (c.redirects.some(spelledRedirect)) return true;
  if (c.kind === 'subshell') return simpleCommands(c.list).some(spellsText);
  const name = verbName(stripPrefix(c.words.map((w) => w.value))[0] ?? '');
  return name === 'echo' || name === 'printf';
}

function spelledRedirect(r: Redirect): boolean {
  return r.body !== null || r.op.endsWith('<<<');
}

/**
 * What the guard keeps as the value of a variable set by a substitution that rewrites text: itself
 * such a substitution, with no blank in it so no reader takes it for a command line. `eval "$c"`,
 * `sh -c "$c"` and `$c` then read as running rewritten text too, and `rm -rf "$c"` as removing a
 * hidden path when the text rewritten was the command's own (`c=$(echo edualc. | rev)`, LITERAL)
 * rather than the run's (`c=$(pwd | rev)`, FROM_RUN).
 */
export const REWRITTEN_VALUE = { LITERAL: '$(rev<<<hidden)', FROM_RUN: '$(rev<$_)' } as const;

/** The `how` of the guard's finding for such code, by which its reason is worded (guardReasons.ts). */
export const UNREADABLE = 'hidden command';
