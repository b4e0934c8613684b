// Reads a Bash command closely enough to see whether it writes to a protected path: redirections,
// in-place editors, rm/mv/cp/tee and friends, `sh -c` and `eval` bodies, command substitutions,
// inline interpreter code, scripts fed on stdin, `find -delete`, `git clean`, and the runner's
// subcommands that change the gate, and the script files a shell or interpreter is given to run.
// Commands are split by the shared shell reading (core/shell), the same that matches proofs; what
// it cannot take apart (an unexpanded variable, an inline script, a script file in another
// language) counts as a write when its text names a protected path.
import { readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parse, type Command, type Script, type SimpleCommand } from '../core/shell/parse';
import { braceExpand } from '../core/shell/braces';
import { globReach, hasShellGlob, partMayMatch } from '../core/shell/globReach';
import type { Word } from '../core/shell/lex';
import { gateChange } from '../core/shell/runner';
import { COPY, DESTROY, IN_PLACE, SHELLS, WRAPPERS, WRITE_ALL, isInterpreter, stripPrefix, verbName } from '../core/shell/verbs';
import { gitCall } from '../core/findings/gitActions';
import { classifyPath, heldIn, isWithin, mentionsProtected, namesClaudeFolder, realish, shown, touchesClaudeDir, type PathKind } from './protectedPaths';
import { hidesPath, pipesRewrittenIntoShell, rewritesText, runsRewrittenText, UNREADABLE } from './hiddenCode';
import { noteWritten, UNNAMED_SCRIPT, unseenScript } from './scriptsMadeHere';
import { operandPaths } from './globMatches';
import { setsVariables } from './variablesSet';
import { printsClaudePath } from './printedPaths';
import { findReach } from './findReach';
import { fromIndexOnly, indexReaches } from './gitIndexReach';
import { emptied } from '../core/shell/emptied';
import { assigns, expand, forget, setVariable, globbedFolder, isFolder, knownWhenRun, located, madeLink, type BashScope } from './bashScope';
import { copiesFolders, extractInto, FIND_EXEC, hardLinks, hasInlineCode, isWriteRedirect, namedAtRunTime, operands, outputValues, patchedPaths, patchFiles, patchPlace, PRINTS_FILES, readsWrites, TEXT_VERBS, writesWhatItIsGiven } from './bashWords';

export type { BashScope } from './bashScope';

export interface BashFinding {
  /** The path as shown to the agent, or the command for a gate change or a git action. */
  target: string;
  /** `git`: skips hooks or rewrites history; `claude-dir`: a git command that replaces or removes files in .claude/. */
  kind: PathKind | 'gate-change' | 'git' | 'claude-dir';
  /** How the command writes it: "redirect", "rm", "sed -i", ... */
  how: string;
}

interface Segment {
  words: string[];
  redirects: { op: string; target: string; body: string | null }[];
}

/**
 * A simple command of the shared reading as the words bash runs, after brace expansion, and its
 * redirections (a here-string's word is not brace-expanded). Null when a word makes more words than
 * the guard reads.
 */
function segmentOf(c: SimpleCommand): Segment | null {
  const words = expandedWords(c.words);
  return words && { words, redirects: c.redirects.map((r) => ({ op: r.op, target: r.target?.value ?? '', body: r.body })) };
}

/** The words bash makes of `words` by brace expansion, or null when one makes more than the guard reads. */
function expandedWords(words: readonly Word[]): string[] | null {
  const out: string[] = [];
  for (const w of words) {
    const made = braceExpand(w);
    if (made === null) return null;
    out.push(...made);
  }
  return out;
}

/** A word that makes more words by brace expansion than the guard reads is refused, whatever it names. */
const UNREAD_BRACES: BashFinding = { target: 'a brace expansion larger than the guard reads', kind: 'state', how: 'brace expansion' };

/** The file a command reads standard input from (`< fix.sh`, `0< fix.sh`, `<> fix.sh`). */
function stdinFile(redirects: readonly { op: string; target: string }[]): string | undefined {
  return redirects.find((r) => /^0?<>?$/.test(r.op))?.target;
}

/** What a command is given on standard input by a here-document or a here-string. */
function stdinText(seg: Segment): string[] {
  return seg.redirects.flatMap((r) => (r.body !== null ? [r.body] : r.op.endsWith('<<<') ? [r.target] : []));
}

/** A verb that writes, removes or runs code on the operands it is handed (by find -exec or xargs). */
function writesOperands(verb: string): boolean {
  return writesWhatItIsGiven(verb) || isInterpreter(verb) || namedAtRunTime(verb);
}

/**
 * What a command named at run time is given is read as written to, and the `.claude` folder among it
 * as removed (`$x -rf .claude`). A folder that only holds one is let through: `$(npm bin)/eslint .`
 * names the workspace, and most such commands are linters and compilers given a folder.
 */
function runTimeCommand(verbWord: string, args: readonly string[], scope: BashScope, found: BashFinding[]): void {
  for (const a of args) writesInto(a, `${verbWord} (a command named when it runs)`, scope, found);
}

/** Whether a path (not an expansion) is the workspace's `.claude` folder itself. */
function isClaudeDir(token: string, scope: BashScope): boolean {
  return !/[$`]/.test(token) && scope.prot.claudeDirs.includes(located(globReach(expand(token, scope)).path, scope));
}

/**
 * A command that may write any name inside `dir` (an archive unpacked there, a folder copied in):
 * refused when `dir` is a protected path or inside one, or the workspace's `.claude` folder itself,
 * where any name may be `settings.json` or `proofmeter`. A folder below `.claude` (`.claude/skills/x`)
 * holds neither; a folder that holds `.claude` (the workspace) is left to the seal check.
 */
function writesInto(dir: string, how: string, scope: BashScope, found: BashFinding[]): void {
  const f = checkPath(dir, scope, 'write');
  if (f) found.push({ ...f, how });
  else if (isClaudeDir(dir, scope)) found.push({ target: dir, kind: 'claude-dir', how });
}

const NOT_XARGS: ReadonlySet<string> = new Set([...WRAPPERS].filter((w) => w !== 'xargs'));

/**
 * `… | xargs rm`: the command xargs runs gets its operands down the pipe, so the words of the
 * stages before it (`echo PATH`, `ls GLOB`, `find ROOT`) stand for them.
 */
function pipedOperands(commands: readonly Command[], scope: BashScope, found: BashFinding[], depth = 0): void {
  const words = (c: Command) => (c.kind === 'simple' ? (expandedWords(c.words) ?? []) : []);
  commands.forEach((c, k) => {
    const xargs = stripPrefix(words(c), NOT_XARGS);
    const before = commands[k - 1];
    const beforeStdin = before?.kind === 'simple' ? stdinFile(segmentOf(before)?.redirects ?? []) : undefined;
    if (before && SHELLS.has(verbName(xargs[0] ?? ''))) pipedScript(words(before), beforeStdin, xargs.slice(1), scope, found, depth);
    // `cat x.diff | patch -p1`, `printf … | git apply`: the patch comes down the pipe.
    const verb = verbName(xargs[0] ?? '');
    if (before && (verb === 'patch' || verb === 'git')) appliedPatches(verb, xargs.slice(1), { texts: printedTexts(words(before), beforeStdin, '\n', scope) }, scope, found);
    if (k === 0 || verbName(xargs[0] ?? '') !== 'xargs') return;
    const [runWord = '', ...runArgs] = stripPrefix(xargs);
    const run = verbName(runWord);
    if ((SHELLS.has(run) || isInterpreter(run)) && !hasInlineCode(run, runArgs)) found.push(...scriptsNamedOnStdin(commands.slice(0, k), run, scope, depth));
    if (!writesOperands(run)) return;
    for (const before of commands.slice(0, k)) {
      const [verb = '', ...args] = stripPrefix(words(before));
      // find prints what it reaches: the paths it may print, not its roots, are what xargs is given.
      const reach = verbName(verb) === 'find' ? findReach(args, 'print', scope) : 'unread';
      if (reach === 'unread') for (const w of operands(args)) checkInto(w, `xargs ${run}`, 'destroy', scope, found);
      else if (reach) found.push({ target: shown(reach.path, scope.prot), kind: reach.kind, how: `find | xargs ${run}` });
    }
  });
}

/**
 * `printf 'rm -rf x' | sh`, `cat fix.sh | bash`: a shell given no command and no script reads one
 * from the pipe, so what the stage before prints is read as a command, when the guard can tell.
 */
function pipedScript(before: readonly string[], beforeStdin: string | undefined, shellArgs: readonly string[], scope: BashScope, found: BashFinding[], depth: number): void {
  if (shellArgs.some((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a)) || operands([...shellArgs]).length) return;
  const start = found.length;
  for (const text of printedTexts(before, beforeStdin, ' ', scope)) found.push(...analyzeAt(text, scope, depth + 1));
  // What the file says is named first; a rewriter (tr, sed) may still spell anything out of it.
  if (found.length === start && rewritesText(before)) found.push(REWRITTEN);
}

/**
 * What a pipeline stage prints, where the guard can tell: the words of `echo`/`printf` (joined by
 * `sep`, `\n` read as a line break), or the files a stage that prints lines of files reads
 * (`head -n 5 fix.sh`, `cat < fix.sh`), each whole, which holds every part it can print.
 */
function printedTexts(before: readonly string[], beforeStdin: string | undefined, sep: string, scope: BashScope): string[] {
  const [verb, ...args] = stripPrefix(before);
  const name = verbName(verb ?? '');
  if (name === 'echo' || name === 'printf') return [args.filter((a) => !/^-[neE]+$/.test(a)).join(sep).replace(/\\n/g, '\n')];
  if (!PRINTS_FILES.has(name)) return [];
  return [...operands(args), ...(beforeStdin ? [beforeStdin] : [])].flatMap((f) => scriptText(f, scope) ?? []);
}

/** The largest script file read before it runs; a larger one is left to the seal check. */
const SCRIPT_BYTES = 256 * 1024;

/**
 * The text of the script file a command runs (`python3 tidy.py`, `sh fix.sh`, `. env.sh`), read
 * now, before it runs: a script written first and run second is the plainest way past a reader of
 * command lines. Null for no such file (a module name, a word known only when it runs, a large file).
 */
function scriptText(operand: string | undefined, scope: BashScope): string | null {
  // A glob is read in every file it matches: any of them may be the one bash runs first.
  const texts = (operand ? (operandPaths(operand, scope) ?? []) : []).flatMap((p) => fileText(p, scope) ?? []);
  return texts.length ? texts.join('\n') : null;
}

function fileText(p: string, scope: BashScope): string | null {
  // The meter's own files (the runner names its state everywhere) are not the agent's scripts;
  // its subcommands are read as such (gateChange below).
  if (classifyPath(p, scope.prot, 'write') !== null) return null;
  try {
    const st = statSync(p);
    return st.isFile() && st.size <= SCRIPT_BYTES ? readFileSync(p, 'utf8') : null;
  } catch {
    return null;
  }
}

/** The words of a file a command reads its operands from (`xargs rm < list`), or none. */
function fileWords(operand: string | undefined, scope: BashScope): string[] {
  return scriptText(operand, scope)?.split(/\s+/).filter(Boolean) ?? [];
}

/** The scope a `sh -c` body runs in: the words after it are $0, $1, … and $@. */
function withPositional(words: readonly string[], scope: BashScope): BashScope {
  const vars = new Map(scope.vars);
  words.forEach((w, k) => vars.set(String(k), w));
  vars.set('@', words.slice(1).join(' '));
  vars.set('*', words.slice(1).join(' '));
  return { ...scope, vars };
}

/**
 * The scope the code a command runs sees: the assignments before the command's name
 * (`x=.claude sh -c '…'`, `env HOME=$PWD/.claude bash x.sh`) are in its environment.
 */
function childScope(known: readonly string[], scope: BashScope): BashScope {
  const prefix = known.slice(0, known.length - stripPrefix(known).length).filter((w) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  if (!prefix.length) return scope;
  const child = { ...scope, vars: new Map(scope.vars) };
  for (const w of prefix) setVariable(w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1), child);
  return child;
}

/** Stages that print the words they are given: piped into `xargs sh`, those words are the scripts it runs. */
const PRINTS_ITS_WORDS: ReadonlySet<string> = new Set(['echo', 'printf', 'ls']);

/**
 * The scripts `xargs sh` (or an interpreter) runs are the names piped to it: read from the words
 * of the stages that print them (`ls t*.sh | xargs sh`); names any other stage makes
 * (`find …`, `cat list`) are known only when it runs.
 */
function scriptsNamedOnStdin(before: readonly Command[], run: string, scope: BashScope, depth: number): BashFinding[] {
  const stages = before.map((c) => (c.kind === 'simple' ? stripPrefix(expandedWords(c.words) ?? []) : []));
  if (!stages.every((w) => PRINTS_ITS_WORDS.has(verbName(w[0] ?? '')))) return [UNNAMED_SCRIPT];
  const names = stages.flatMap((w) => operands(w.slice(1)));
  if (SHELLS.has(run)) return names.flatMap((n) => analyzeScript(n, scope, depth));
  return names.some((n) => namesMeterFiles(scriptText(n, scope) ?? '')) ? [{ target: "a script naming the meter's files", kind: 'state', how: `xargs ${run}` }] : [];
}

/** The words (with `known`, their expanded values) with every expansion whose known value holds blanks split at them, or null when none does. */
function splitWords(words: readonly string[], known: readonly string[]): string[] | null {
  let split = false;
  const out = words.flatMap((w, k) => {
    const value = known[k]!;
    if (value === w || !/[$`]/.test(w) || /[$`]/.test(value) || !/\s/.test(value)) return [w];
    split = true;
    return value.split(/\s+/).filter(Boolean);
  });
  return split ? out : null;
}

/** A shell script file read like a command given with -c. */
function analyzeScript(operand: string | undefined, scope: BashScope, depth: number): BashFinding[] {
  const unseen = unseenScript(operand, scope, true);
  if (unseen) return [unseen];
  const text = scriptText(operand, scope);
  return text === null ? [] : analyzeAt(text, scope, depth + 1);
}

/** How deep `sh -c`, `eval` and command substitutions are read; no honest command nests further. */
const MAX_DEPTH = 4;

/**
 * A command the guard cannot read to its end is refused, whatever it names: one nested past
 * MAX_DEPTH (`$($($($($(rm -rf .claude)))))`), or so deep that reading it overflows the stack
 * (a fault would let the call through unchecked).
 */
const UNREAD: BashFinding = { target: 'a command nested deeper than the guard reads', kind: 'state', how: 'nested shell' };
/** Code decoded or rewritten on its way to a shell (hiddenCode.ts): refused whatever it spells. */
const NAMES_SHELL = new RegExp(`\\b(?:${[...SHELLS].join('|')})\\b`);
const REWRITTEN: BashFinding = { target: 'a command decoded or rewritten before a shell runs it', kind: 'state', how: UNREADABLE };

export function analyzeBash(command: string, scope: BashScope): BashFinding[] {
  try {
    const dotglob = scope.dotglob === true || /dotglob|GLOBIGNORE/.test(command);
    return analyzeAt(command, { ...scope, vars: new Map(scope.vars), links: new Map(scope.links), dotglob, written: [], dirs: [] }, 0);
  } catch (e) {
    if (e instanceof RangeError) return [UNREAD];
    throw e;
  }
}

function analyzeAt(command: string, scope: BashScope, depth: number): BashFinding[] {
  if (depth > MAX_DEPTH) return [UNREAD];
  const { list, subs } = parse(command);
  // Only a command that says `read` has a loop variable to set: the others skip the second walk.
  const feeds = /\bread\b/.test(command) ? readFeeds(list, scope) : [];
  if (feeds.length) scope = { ...scope, feeds: [...(scope.feeds ?? []), ...feeds] };
  if (list.length > 1 || list.some((ao) => ao.pipelines.length > 1 || ao.pipelines.some((p) => p.commands.length > 1))) scope = { ...scope, madeFirst: true };
  const found: BashFinding[] = [];
  for (const sub of subs) found.push(...analyzeAt(sub, scope, depth + 1));
  readList(list, [scope.cwd], scope, depth, found);
  // Any finding refuses the command already; the pipe is looked at again only when none did, and
  // only when the command names a shell at all (most do not, and skip the walk).
  if (!found.length && NAMES_SHELL.test(command) && pipesRewrittenIntoShell(list, command)) found.push(REWRITTEN);
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(JSON.stringify(f)) && !!seen.add(JSON.stringify(f)));
}

/**
 * Reads a list from every folder it may start in and returns every folder it may leave the shell
 * in. A `cd` counts for what follows it with `&&`; after `;` or `||` it may have failed, so both
 * folders stay possible (`cd /nowhere; rm -rf .claude` removes ours). A `cd` in a subshell, a
 * pipeline stage or the background ends with it.
 */
function readList(list: Script['list'], start: string[], scope: BashScope, depth: number, found: BashFinding[]): string[] {
  let here = start;
  for (const ao of list) {
    let cur = here;
    ao.pipelines.forEach((p, k) => {
      if (k > 0 && ao.ops[k - 1] === '||') cur = union(cur, here);
      const alone = p.commands.length === 1;
      for (const cwd of cur) pipedOperands(p.commands, { ...scope, cwd }, found, depth);
      for (const c of p.commands) {
        for (const r of c.redirects) {
          if (!r.op.includes('>')) continue;
          // Bash brace-expands a redirection's word too (`> .clau{d..d}e/settings.json`).
          const targets = r.target ? braceExpand(r.target) : [''];
          if (targets === null) found.push(UNREAD_BRACES);
          for (const t of targets ?? []) if (isWriteRedirect(r.op, t)) for (const cwd of cur) checkInto(t, `${r.op} redirect`, 'write', { ...scope, cwd }, found);
        }
        const seg = c.kind === 'simple' ? segmentOf(c) : null;
        if (c.kind === 'simple' && seg === null) found.push(UNREAD_BRACES);
        const after = c.kind === 'subshell' ? (readList(c.list, cur, scope, depth, found), cur) : seg ? cur.map((cwd) => readSimple(seg, { ...scope, cwd }, depth, found)) : cur;
        if (alone) cur = [...new Set(after)];
      }
    });
    if (!ao.background) here = union(cur, here);
  }
  return here;
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}

function checkInto(token: string, how: string, mode: 'write' | 'destroy', scope: BashScope, found: BashFinding[]): void {
  noteWritten(token, how, scope);
  const f = checkPath(token, scope, mode);
  if (f) found.push({ ...f, how });
}

/**
 * `mv`: every source goes from where it was, and the destination is written. Into a folder that
 * exists (`mv a.txt .`, `mv x .claude/proofmeter`) it writes the sources' names there, and the
 * folder itself stays; otherwise, or with -T, the destination itself is replaced.
 */
function moved(args: readonly string[], ops: readonly string[], scope: BashScope, check: (t: string, how: string, mode: 'write' | 'destroy') => void): void {
  const tIdx = args.findIndex((a) => a === '-t' || a.startsWith('--target-directory'));
  const dest = tIdx >= 0 ? (args[tIdx]!.includes('=') ? args[tIdx]!.split('=')[1]! : args[tIdx + 1] ?? '') : ops.length >= 2 ? ops[ops.length - 1]! : undefined;
  const sources = tIdx >= 0 || dest === undefined ? ops.filter((o) => o !== dest) : ops.slice(0, -1);
  for (const src of sources) check(src, 'mv', 'destroy');
  if (dest === undefined) return;
  const noTarget = args.some((a) => /^-[A-Za-z]*T/.test(a) || a === '--no-target-directory');
  if (noTarget || knownWhenRun(dest) || !isFolder(located(expand(dest, scope), scope))) check(dest, 'mv', 'destroy');
  else for (const src of sources) check(join(dest, basename(src)), 'mv', 'destroy');
}

/** Code the guard cannot take apart is refused when it names the meter's files or the `.claude` folder whole. */
const namesMeterFiles = (code: string): boolean => mentionsProtected(code) || namesClaudeFolder(code);

// Stands for standard input among the patch files a command applies.
const STDIN = '\u0000stdin';

/**
 * A patch writes the files its headers name, wherever the command line points: `patch` and
 * `git apply`/`git am` are refused when a patch they apply names a protected file. Their patch
 * files are read from the folder they change to (`-d`, `git -C`); what comes on standard input
 * is a file the shell opens (`< p.diff`), a here-document, or what the stage before prints.
 */
function appliedPatches(verb: string, args: readonly string[], stdin: { file?: string; texts: readonly string[] }, scope: BashScope, found: BashFinding[]): void {
  const place = patchPlace(verb, args);
  const at = place.dir === null ? scope : { ...scope, cwd: resolve(scope.cwd, expand(place.dir, scope)) };
  const texts = patchFiles(verb, args, STDIN).flatMap((f) => (f !== STDIN ? [scriptText(f, at) ?? ''] : stdin.file !== undefined ? [scriptText(stdin.file, scope) ?? ''] : stdin.texts));
  for (const t of texts) for (const p of patchedPaths(t)) checkInto(place.root === null ? p : join(place.root, p), 'applied patch', 'write', at, found);
}

/** Reads one simple command run in scope.cwd; returns the folder the shell is in after it. */
function readSimple(seg: Segment, scope: BashScope, depth: number, found: BashFinding[]): string {
  const check = (token: string, how: string, mode: 'write' | 'destroy') => checkInto(token, how, mode, scope, found);
  let cwd = scope.cwd;
  if (assigns(seg.words, scope) || loopVariable(seg.words, scope) || setsVariables(seg.words, stdinText(seg), scope)) return cwd;
  readVariable(seg, scope);
  // Variables the command set and folders a substitution only prints are read in every word, the
  // command's name included (`x=rm; $x -rf …`, `r=./proofmeter; $r approve`).
  const known = seg.words.map((w) => expand(w, scope));
  // An unquoted expansion is split into words (`x='-rf .claude'; rm $x`): the command is read once
  // more as those words. Quoted ones are not split, but the lexer's words no longer say which, so
  // both readings are kept.
  const spread = splitWords(seg.words, known);
  if (spread) readSimple({ ...seg, words: spread }, scope, depth, found);
  const words = stripPrefix(known);
  const verbWord = words[0];
  if (verbWord === undefined) return cwd;
  const verb = basename(verbWord);
  // `xargs rm < list` appends the words of the file to the command it runs.
  const fed = verbName(stripPrefix(known, NOT_XARGS)[0] ?? '') === 'xargs' ? fileWords(stdinFile(seg.redirects), scope) : [];
  const args = [...words.slice(1), ...fed];
  const ops = operands(args);
  // `$(… | base64 -d) -rf x` runs the decoded words as a command.
  if (namedAtRunTime(verbWord) && runsRewrittenText([verbWord])) found.push(REWRITTEN);
  else if (namedAtRunTime(verbWord)) runTimeCommand(verbWord, args, scope, found);
  else if (verb === 'mv') moved(args, ops, scope, check);
  else if (DESTROY.has(verb)) for (const a of ops) check(a, verb, 'destroy');
  else if (WRITE_ALL.has(verb)) for (const a of ops) check(a, verb, 'write');
  else if (COPY.has(verb)) {
    const tIdx = args.findIndex((a) => a === '-t' || a.startsWith('--target-directory'));
    const dest = tIdx >= 0 ? (args[tIdx]!.includes('=') ? args[tIdx]!.split('=')[1]! : args[tIdx + 1] ?? '') : ops[ops.length - 1];
    const sources = tIdx >= 0 || ops.length === 1 ? ops : ops.slice(0, -1);
    if (dest !== undefined && (ops.length >= 2 || tIdx >= 0)) {
      check(dest, verb, 'write');
      // cp settings.json .claude/ writes .claude/settings.json; a folder copied whole (cp -r, rsync)
      // may write any name below where it lands, and `x/` or `x/.` lands its content in dest itself.
      const whole = copiesFolders(verb, args);
      for (const src of sources) {
        const into = whole && /\/\.?$/.test(src) ? dest : join(dest, basename(src));
        if (whole) writesInto(into, verb, scope, found);
        else check(into, verb, 'write');
      }
      if (verb === 'rsync' && args.some((a) => a.startsWith('--delete'))) check(dest, 'rsync --delete', 'destroy');
    }
    // A hard link is the file itself under another name, which every later write then reaches unseen.
    if (hardLinks(verb, args)) for (const src of sources) writesInto(src, `${verb} (hard link)`, scope, found);
    // A symbolic link is a second name: a later command reaches its target through it, and in
    // the same command the name does not exist yet for the guard to follow
    // (`ln -s .claude/proofmeter p && rm -rf p/`), so the names made here are followed by hand.
    else if (verb === 'ln') {
      // `ln -s TARGET` alone makes the link in the folder it runs in, under the target's name.
      const into = ops.length === 1 && tIdx < 0 ? '.' : (dest ?? '.');
      for (const src of sources) madeLink(src, into, into === '.' || tIdx >= 0 || sources.length > 1 || into.endsWith('/'), scope);
    }
  } else if (verb === 'dd') {
    for (const a of args) if (a.startsWith('of=')) check(a.slice(3), 'dd', 'write');
  } else if (IN_PLACE.has(verb) && args.some((a) => /^-[A-Za-z]*i/.test(a) || a.startsWith('--in-place'))) {
    for (const a of ops) check(a, `${verb} -i`, 'write');
  } else if ((SHELLS.has(verb) || verb === 'eval' || verb === 'source' || verb === '.') && runsRewrittenText([...args, ...stdinText(seg)])) {
    found.push(REWRITTEN);
  } else if (SHELLS.has(verb)) {
    const child = childScope(known, scope);
    // -c may share its dash with other flags (sh -cx, sh -ec), and its command is the first word
    // after it that is not an option (sh -c -e '…'): every later word is read as one, since an
    // option or an argument read as a command finds nothing, and so no command slips by.
    const c = args.findIndex((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a));
    const bodies = c >= 0 ? args.slice(c + 1) : [];
    // The words after the body are its $0, $1, …: `bash -c 'rm -rf "$1"' _ .claude` removes ours.
    if (bodies.length) found.push(...analyzeAt(bodies[0]!, withPositional(bodies.slice(1), child), depth + 1));
    if (bodies.length) for (const body of bodies.slice(1)) found.push(...analyzeAt(body, child, depth + 1));
    // A script fed on standard input (sh <<EOF, bash <<< "…") is read like one given with -c.
    else if (stdinText(seg).length) for (const input of stdinText(seg)) found.push(...analyzeAt(input, child, depth + 1));
    // `bash < fix.sh` runs the file as surely as `bash fix.sh`.
    else found.push(...analyzeScript(ops[0] ?? stdinFile(seg.redirects), withPositional(ops, child), depth));
  } else if (verb === 'source' || verb === '.') {
    found.push(...analyzeScript(ops[0], childScope(known, scope), depth));
  } else if (verb === 'eval') {
    found.push(...analyzeAt(args.join(' '), childScope(known, scope), depth + 1));
  } else if (verb === 'find') {
    // What -exec runs gets the found paths as operands, which only the roots can tell.
    const run = args.flatMap((a, k) => (FIND_EXEC.has(a) ? [verbName(stripPrefix(args.slice(k + 1))[0] ?? '')] : [])).find(writesOperands);
    const how = args.includes('-delete') ? 'find -delete' : run ? `find -exec ${run}` : null;
    if (how) {
      const reach = findReach(args, { acts: (t) => t.action === '-delete' || (FIND_EXEC.has(t.action ?? '') && writesOperands(verbName(stripPrefix(t.run ?? [])[0] ?? ''))) }, scope);
      if (reach === 'unread') {
        const roots = args.slice(0, Math.max(0, args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!')));
        for (const r of roots.length ? roots : ['.']) check(r, how, 'destroy');
      } else if (reach) found.push({ target: shown(reach.path, scope.prot), kind: reach.kind, how });
    }
    // What -exec runs is a command of its own, besides the paths find hands it (`-exec rm -rf .claude \;`).
    for (const run of findRuns(args)) readSimple({ words: run, redirects: [] }, scope, depth + 1, found);
  } else if (verb === 'tar' || verb === 'bsdtar' || verb === 'unzip') {
    // An archive unpacked into a folder writes whatever the archive holds there.
    const into = extractInto(verb, args);
    if (into !== null) writesInto(into, `${verb} extract`, scope, found);
  } else if (verb === 'git') {
    gitFindings(args, scope, check, found);
  } else if (/\s/.test(verbWord)) {
    // A word holding a whole command, as `env -S 'rm -rf x'` hands one on: read as a command.
    found.push(...analyzeAt([verbWord, ...args].join(' '), scope, depth + 1));
  } else if (verb === 'cd' || verb === 'pushd' || verb === 'popd') {
    // `popd`, and `pushd` alone, go back to the folder the last `pushd` left, on the shell's stack;
    // `cd` alone goes to `$HOME`, `cd -` to `$OLDPWD`; each may be what the command set.
    const back = verb === 'popd' || (verb === 'pushd' && ops[0] === undefined);
    const dir = back ? scope.dirs?.pop() : expand(ops[0] === undefined ? '~' : ops[0] === '-' ? '$OLDPWD' : ops[0], scope);
    if (verb === 'pushd') scope.dirs?.push(scope.cwd);
    if (dir !== undefined) cwd = enteredFolder(dir, verb, scope, check);
  } else if (isInterpreter(verb) && ((hasInlineCode(verb, args) && args.some(namesMeterFiles)) || stdinText(seg).some(namesMeterFiles))) {
    found.push({ target: 'an inline script naming the meter\'s files', kind: 'state', how: `${verb} inline code` });
  } else if (isInterpreter(verb) && !hasInlineCode(verb, args) && namesMeterFiles(scriptText(ops[0], scope) ?? '')) {
    found.push({ target: 'a script naming the meter\'s files', kind: 'state', how: `${verb} ${ops[0]}` });
  } else if (!TEXT_VERBS.has(verb) && !isInterpreter(verb) && !IN_PLACE.has(verb)) {
    runsRest(words, scope, depth, found);
  }
  for (const out of outputValues(verb, args)) check(out, `${verb} output`, 'write');
  appliedPatches(verb, args, { file: stdinFile(seg.redirects), texts: stdinText(seg) }, scope, found);
  // The meter's own commands that change the gate: every runner subcommand but the agent's own.
  const call = gateChange(known);
  if (call) found.push({ target: `proofmeter ${call.sub}`, kind: 'gate-change', how: 'meter command' });
  else if (isInterpreter(verb) && !hasInlineCode(verb, args)) {
    const unseen = unseenScript(ops[0], scope, false);
    if (unseen) found.push(unseen);
  }
  return cwd;
}

/** The commands find's -exec and its kin run, without the `{}` find fills in. */
function findRuns(args: readonly string[]): string[][] {
  return args.flatMap((a, k) => {
    if (!FIND_EXEC.has(a)) return [];
    const end = args.findIndex((w, i) => i > k && (w === ';' || w === '+'));
    const run = args.slice(k + 1, end < 0 ? args.length : end).filter((w) => w !== '{}');
    return run.length ? [run] : [];
  });
}

function gitFindings(args: string[], scope: BashScope, check: (t: string, how: string, mode: 'write' | 'destroy') => void, found: BashFinding[]): void {
  const call = gitCall(['git', ...args]);
  if (!call) return;
  const cwd = call.dir ? resolve(scope.cwd, expand(call.dir, scope)) : scope.cwd;
  if (call.sub === 'rm' || call.sub === 'mv') for (const a of operands(args.slice(args.indexOf(call.sub) + 1))) check(resolve(cwd, a), `git ${call.sub}`, 'destroy');
  for (const a of call.actions) {
    if (a.kind !== 'discard') {
      found.push({ target: a.what, kind: 'git', how: a.kind });
      continue;
    }
    if (excludesClaude(a.paths) || (a.sub === 'clean' && cleanKeepsClaude(args))) continue;
    const paths = a.paths.filter((p) => !p.startsWith(':'));
    const indexOnly = fromIndexOnly(a, args);
    for (const p of paths.length ? paths : ['.']) {
      const at = { ...scope, cwd };
      const f = checkPath(p, at, 'destroy');
      // A folder that only holds the meter's files loses them only if git has them to put back.
      const reaches = () => !indexOnly || indexReaches(p, at);
      if (f && (heldIn(located(expand(p, at), at), scope.prot) === null || reaches())) found.push({ ...f, how: a.what });
      else if (!f && touchesClaude(p, at) && reaches()) found.push({ target: a.what, kind: 'claude-dir', how: a.what });
    }
  }
}

/** A pathspec that leaves .claude out (`:!.claude`, `:(exclude).claude/`, `-e .claude` for clean). */
function excludesClaude(paths: readonly string[]): boolean {
  return paths.some((p) => /^:(!|\^|\(exclude\))\/?\.claude(\/(\*\*)?)?$/.test(p));
}

/** `git clean -e .claude` (or --exclude=.claude/...) leaves the folder alone. */
function cleanKeepsClaude(args: readonly string[]): boolean {
  return args.some((a, i) => (a === '-e' && /\.claude/.test(args[i + 1] ?? '')) || /^(--exclude=|-e)\S*\.claude/.test(a));
}

function touchesClaude(token: string, scope: BashScope): boolean {
  const t = expand(token, scope);
  if (/[$`]/.test(t)) return /\.claude/.test(t);
  return touchesClaudeDir(located(globReach(t).path, scope), scope.prot);
}

/**
 * A command the guard has no reading of may run its words as a command (`flock f rm …`,
 * `fakeroot rm …`, `parallel rm ::: …`, `watch 'rm …'`, `su -c '…'`, `tmux new '…'`): the first
 * later word that is a verb whose reading finds writes starts a command, and a word holding a
 * whole command is read as one. Either names a write only when a protected path is in it.
 */
function runsRest(words: readonly string[], scope: BashScope, depth: number, found: BashFinding[]): void {
  // No depth limit of its own: each call reads fewer words, and what it hands to analyzeAt is
  // refused past MAX_DEPTH there. A limit here that only returned let `eval eval eval eval flock f
  // rm -rf .claude` through unread.
  const k = words.findIndex((w, i) => i > 0 && readsWrites(verbName(w)));
  if (k > 0) readSimple({ words: words.slice(k), redirects: [] }, scope, depth + 1, found);
  for (const w of words.slice(1)) if (/\S\s+\S/.test(w)) found.push(...analyzeAt(w, scope, depth + 1));
}

/**
 * `for f in .claude x; do rm -rf $f; done`: the loop's variable stands for one of its words. The
 * guard keeps the first that is a protected path or holds one (`$d/.claude` read by its text),
 * else the first it could expand, else the first, so a body that removes `$f` is read as removing
 * the one that matters.
 */
function loopVariable(words: readonly string[], scope: BashScope): boolean {
  if (words[0] !== 'for' || words[2] !== 'in' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(words[1] ?? '')) return false;
  // A word left unexpanded (`$d/.claude`) stays as it is: checkPath reads such a word by its text,
  // as it does `rm -rf $d/.claude` written out.
  standFor(words[1]!, words.slice(3).map((w) => expand(w, scope)), scope);
  return true;
}

/** Where a `cd` to `dir` (already expanded) leaves the command, noting what the shell notes. */
function enteredFolder(dir: string, verb: string, scope: BashScope, check: (token: string, how: string, mode: 'write' | 'destroy') => void): string {
  let cwd = scope.cwd;
  // Into a folder spelled through a rewriter or printed from the `.claude` folder, where every
  // later relative path is the meter's, for all the guard can tell.
  if (mayHideMeterPath(dir, scope)) check(dir, verb, 'write');
  else if (hasShellGlob(dir)) cwd = globbedFolder(dir, scope) ?? cwd;
  else if (!/[$`]/.test(dir)) cwd = resolve(scope.cwd, dir);
  // The shell keeps the folder it leaves in `$OLDPWD` and the one it enters in `$PWD`, which is
  // then the guard's folder again (kept where it was for a folder known only when it runs, as a
  // cd there may fail).
  leftFolder(scope);
  scope.vars?.delete('PWD');
  return cwd;
}

/**
 * Sets `$OLDPWD` to the folder a `cd` leaves. The guard reads a command from each folder it may be
 * in (a `cd` that fails leaves it where it was), so the one that matters most is kept, as for a
 * loop's variable: the `.claude` folder or one of the meter's is not replaced by another folder.
 */
function leftFolder(scope: BashScope): void {
  const meters = (dir: string) => isClaudeDir(dir, scope) || classifyPath(dir, scope.prot, 'write') !== null;
  const old = scope.vars?.get('OLDPWD');
  if (old === undefined || meters(scope.cwd) || !meters(old)) scope.vars?.set('OLDPWD', scope.cwd);
}

/** Sets `name` to the one of `items` that matters most to the guard, or forgets it for none. */
function standFor(name: string, items: readonly string[], scope: BashScope): void {
  const pick = items.find((w) => checkPath(w, scope, 'destroy') !== null || isClaudeDir(w, scope)) ?? items.find((w) => !/[$`]/.test(w)) ?? items[0];
  if (pick === undefined) forget(name, scope);
  else scope.vars?.set(name, pick);
}

/**
 * `while read f; do rm -rf "$f"; done < list`, `read f < list`: the variable `read` sets stands for
 * one of the words of the file it reads, or of the files the command's loops read, chosen as a
 * for loop's is.
 */
function readVariable(seg: Segment, scope: BashScope): void {
  const [verb, ...args] = stripPrefix(seg.words);
  if (verb !== 'read') return;
  const feeds = [...fileWords(stdinFile(seg.redirects), scope), ...(scope.feeds ?? [])];
  const name = operands(args).find((a) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(a));
  if (name !== undefined && feeds.length) standFor(name, feeds, scope);
}

/** The words of the files a list's `while read` loops read: `done < list`, `cat list | while …`. */
function readFeeds(list: Script['list'], scope: BashScope): string[] {
  const out: string[] = [];
  for (const ao of list) {
    for (const p of ao.pipelines) {
      p.commands.forEach((c, k) => {
        const seg = c.kind === 'simple' ? segmentOf(c) : null;
        if (!seg) return;
        if (seg.words[0] === 'done') out.push(...fileWords(stdinFile(seg.redirects), scope));
        const before = k > 0 ? p.commands[k - 1]! : null;
        const fed = before?.kind === 'simple' ? (segmentOf(before)?.words ?? []) : [];
        if ((seg.words[0] === 'while' || seg.words[0] === 'until') && PRINTS_FILES.has(verbName(fed[0] ?? ''))) {
          for (const f of operands(fed.slice(1))) out.push(...fileWords(f, scope));
        }
      });
    }
  }
  return out;
}

/**
 * Whether a glob part's matches in `folder` may be, or hold, a protected path: the folder is
 * itself protected or inside a protected one, or the part may match the name below the folder on
 * the way to one (`.claude` in the workspace, `proofmeter` in `.claude`).
 */
function mayReachProtected(folder: string, part: string, scope: BashScope): boolean {
  if (classifyPath(folder, scope.prot, 'write') !== null) return true;
  const { stateDirs, settingsFiles, managedDirs, recordDirs, claudeDirs } = scope.prot;
  const targets = [...stateDirs, ...settingsFiles, ...managedDirs, ...recordDirs, ...claudeDirs];
  return [folder, realish(folder)].some((f) => targets.some((d) => d !== f && isWithin(d, f) && partMayMatch(part, relative(f, d).split(sep)[0]!, scope.dotglob === true)));
}

/**
 * Whether a word known only when it runs may be a path of the meter's all the same: spelled through
 * a rewriter from text the command writes out, or printed by a command given the `.claude` folder.
 */
function mayHideMeterPath(word: string, scope: BashScope): boolean {
  return hidesPath(word) || printsClaudePath(word, scope.dotglob === true);
}

export function checkPath(token: string, scope: BashScope, mode: 'write' | 'destroy'): { target: string; kind: PathKind } | null {
  if (!token) return null;
  const t = expand(token, scope);
  if (/[$`]/.test(t)) {
    // Unexpanded: only its text can say where it points; a removal of a `.claude` folder somewhere
    // (`rm -rf ../$(basename $PWD)/.claude`) is read as a removal of ours, and a path spelled through
    // a decoder or a rewriter (`"$(echo edualc. | rev)"`) as one of the meter's files.
    if (mayHideMeterPath(t, scope)) return { target: token, kind: 'state' };
    const names = mentionsProtected(t) || (mode === 'destroy' && /(?:^|\/)\.claude\/*$/.test(t));
    if (names) return { target: token, kind: /settings/.test(t) ? 'settings' : 'state' };
    // An expansion the guard cannot know may be empty (`.cl${y}aude` with `y` unset, `.cl$(true)aude`).
    const bare = emptied(t);
    return bare && !/[$`]/.test(bare) ? checkPath(bare, scope, mode) : null;
  }
  // A glob names what it expands to: the folder it reaches, read as removed, or the one path it folds to.
  const reach = globReach(t);
  const abs = located(reach.path, scope);
  if (reach.within) {
    // `rm *.log` in the workspace names what `*.log` matches there, and none of it is `.claude`.
    if (reach.part !== undefined && !mayReachProtected(abs, reach.part, scope)) return null;
    mode = 'destroy';
  }
  const kind = classifyPath(abs, scope.prot, mode);
  return kind ? { target: shown(abs, scope.prot), kind } : null;
}
