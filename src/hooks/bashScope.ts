// The shell's state a Bash command builds as it runs, for the guard: the folder it is in, the
// variables it set to values the guard can read (`d=.claude; rm -rf $d`) and the symbolic links it
// made (`ln -s .claude/proofmeter p && rm -rf p/`), each followed where the shell will follow it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { globPattern } from '../core/seal/glob';
import { hasShellGlob, mayMatchDotName } from '../core/shell/globReach';
import { lex } from '../core/shell/lex';
import { expandBraced } from '../core/shell/parameters';
import type { Protected } from './protectedPaths';
import { hidesPath, REWRITTEN_VALUE, runsRewrittenText } from './hiddenCode';
import { printsClaudePath } from './printedPaths';

export interface BashScope {
  cwd: string;
  home: string;
  prot: Protected;
  /** Variables the command set earlier to a value the guard can read (`d=.claude; rm -rf $d`). */
  vars?: Map<string, string>;
  /** Symbolic links the command made earlier, by absolute name, to their absolute targets. */
  links?: Map<string, string>;
  /** The words of the files the command's `while read` loops read (`done < list`, `cat list |`). */
  feeds?: string[];
  /** The command may have bash's globs match names with a leading dot (`shopt -s dotglob`, GLOBIGNORE). */
  dotglob?: boolean;
  /** The files the command wrote so far, as the guard reads it in order (scriptsMadeHere.ts): a script among them runs unread text. */
  written?: string[];
  /** The folders `pushd` left, for `popd` to go back to, the last on top. */
  dirs?: string[];
  /** The command runs more than one command, so one may make a script another runs. */
  madeFirst?: boolean;
}

/**
 * Notes the symbolic link `ln -s target dest` makes: `dest` itself, or `dest/<name>` when it is a
 * folder. A relative target is read from the link's folder, as the link reads it.
 */
export function madeLink(target: string, dest: string, intoFolder: boolean, scope: BashScope): void {
  const t = expand(target, scope);
  const d = expand(dest, scope);
  if (knownWhenRun(t + d)) return;
  let link = resolve(scope.cwd, d);
  if (intoFolder || isFolder(link)) link = join(link, basename(t));
  scope.links?.set(link, resolve(dirname(link), t));
}

/** Whether a word's path is known only when it runs: it holds an expansion, a substitution or a glob. */
export function knownWhenRun(word: string): boolean {
  return /[$`]/.test(word) || hasShellGlob(word);
}

export function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The folder `cd GLOB` goes to (`cd .cl*`): the shell expands the pattern first, and cd goes to the
 * one folder it names; with none or several it fails and stays. Null for those, or a pattern above
 * the last name.
 */
export function globbedFolder(dir: string, scope: BashScope): string | null {
  const abs = resolve(scope.cwd, expand(dir, scope));
  const name = basename(abs);
  const pattern = globPattern(name);
  if (hasShellGlob(dirname(abs)) || pattern === null) return null;
  try {
    const parent = dirname(abs);
    // A leading dot is matched only by a dot written in the pattern, as bash does by default.
    const hits = readdirSync(parent).filter((n) => pattern.test(n) && (!n.startsWith('.') || mayMatchDotName(name)) && isFolder(join(parent, n)));
    return hits.length === 1 ? join(parent, hits[0]!) : null;
  } catch {
    return null;
  }
}

/** An absolute path with the links this command made followed, as the shell will follow them. */
function followed(abs: string, scope: BashScope): string {
  for (let hops = 0; hops < 8; hops++) {
    const hit = [...(scope.links ?? [])].find(([link]) => abs === link || abs.startsWith(`${link}/`));
    if (!hit) return abs;
    abs = hit[1] + abs.slice(hit[0].length);
  }
  return abs;
}

/** Where a path the command names is: from the folder it runs in, through the links it made. */
export function located(path: string, scope: BashScope): string {
  return followed(resolve(scope.cwd, path), scope);
}

export function expand(token: string, scope: BashScope): string {
  // Most words hold neither a tilde nor an expansion: they are what they say.
  if (!/[~$`]/.test(token)) return token;
  const known = expandBraced(tilde(token, scope), (name) => knownValue(name, scope), (text) => expand(text, scope))
    // The substitutions that only name a folder: what they print is known without running them.
    .replace(/\$\(\s*cd(?:\s+([\w./~+-]+))?\s*(?:&&|;)\s*pwd(?:\s+-[LP])?\s*\)|`\s*cd(?:\s+([\w./~+-]+))?\s*(?:&&|;)\s*pwd(?:\s+-[LP])?\s*`/g, (whole: string, a?: string, b?: string) => cdFolder(a ?? b, scope) ?? whole)
    .replace(/\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`/g, scope.cwd)
    .replace(/\$\(\s*git\s+rev-parse\s+--show-toplevel\s*\)/g, scope.prot.workspace)
    // …and those that print a plain word given to them or held in a file of one word.
    .replace(/\$\(\s*(?:echo(?:\s+-n)?|printf(?:\s+%s)?)\s+([\w./~+-]+)\s*\)|`\s*(?:echo(?:\s+-n)?|printf(?:\s+%s)?)\s+([\w./~+-]+)\s*`/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/\$\(\s*(?:cat\s+|<\s*)([\w./~+-]+)\s*\)|`\s*cat\s+([\w./~+-]+)\s*`/g, (whole: string, a?: string, b?: string) => oneWordFile(a ?? b ?? '', scope) ?? whole);
  // $1 and $@ are set only where the guard reads a body given to `sh -c` with its arguments.
  return known.replace(/\$([A-Za-z_][A-Za-z0-9_]*|\d|[@*])/g, (whole: string, name: string) => knownValue(name, scope) ?? whole);
}

/** The folder `cd DIR` goes to, as `$(cd DIR && pwd)` prints it: `$HOME` for none, `$OLDPWD` for `-`; null when known only when it runs. */
function cdFolder(dir: string | undefined, scope: BashScope): string | null {
  const to = dir === undefined ? knownValue('HOME', scope) : dir === '-' ? knownValue('OLDPWD', scope) : resolve(scope.cwd, tilde(dir, scope));
  return to === undefined || /[$`]/.test(to) ? null : to;
}

/**
 * A variable's value when the guard knows it: the one the command set (`HOME=$PWD/.claude` too),
 * else one the session's shell always has.
 */
function knownValue(name: string, scope: BashScope): string | undefined {
  return scope.vars?.get(name) ?? shellValue(name, scope);
}

function shellValue(name: string, scope: BashScope): string | undefined {
  if (name === 'HOME') return scope.home;
  if (name === 'PWD') return scope.cwd;
  if (name === 'CLAUDE_PROJECT_DIR') return scope.prot.workspace;
  return name === 'USER' || name === 'LOGNAME' ? basename(scope.home) : undefined;
}

/**
 * A leading tilde as bash expands it: `~` is `$HOME`, `~user` of this user the home folder, `~+`
 * the folder the command is in, `~-` the folder before the last cd (`$OLDPWD`, known after a cd in
 * the command); another user's home is known only when it runs, so it is left as an expansion that
 * the text is read for.
 */
function tilde(token: string, scope: BashScope): string {
  const m = /^~([A-Za-z_][\w.-]*|[+-])?(?=\/|$)/.exec(token);
  if (!m) return token;
  const who = m[1];
  // `~` is `$HOME`, which the command may have set; `~name` is the user's home from the system.
  const head = who === undefined ? (scope.vars?.get('HOME') ?? scope.home) : who === basename(scope.home) ? scope.home : who === '+' ? scope.cwd : who === '-' ? '$OLDPWD' : `\${HOME_OF_${who.replace(/\W/g, '_')}}`;
  return head + token.slice(m[0].length);
}

/** The largest file whose one word `$(cat f)` is read as. */
const WORD_FILE_BYTES = 4096;

/** The text of a small file that holds one word (`.claude` and a newline), else null. */
function oneWordFile(name: string, scope: BashScope): string | null {
  try {
    const p = resolve(scope.cwd, tilde(name, scope));
    const st = statSync(p);
    if (!st.isFile() || st.size > WORD_FILE_BYTES) return null;
    const text = readFileSync(p, 'utf8').trim();
    return /^[^\s$`]+$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** Declarations that set variables the way a bare assignment does. */
const DECLARE = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/**
 * A command of assignments alone (`d=.claude`), or of a declaration (`export d=.claude`): each
 * variable takes its value for what follows, when the guard can read it, and is forgotten when it
 * cannot (`d=$(cat f)`), so a later `$d` is read by its text alone.
 */
export function assigns(words: readonly string[], scope: BashScope): boolean {
  const rest = words[0] !== undefined && DECLARE.has(words[0]) ? words.slice(1).filter((w) => !w.startsWith('-')) : words;
  if (!rest.length || !rest.every((w) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w))) return false;
  for (const w of rest) {
    const name = w.slice(0, w.indexOf('='));
    const raw = w.slice(name.length + 1);
    const elements = /^\(([\s\S]*)\)$/.exec(raw)?.[1];
    // `x=(a b)`: an array, whose `$x` is its first element.
    if (elements !== undefined) {
      setElements(name, lex(elements).tokens.flatMap((t) => (t.kind === 'word' ? [expand(t.value, scope)] : [])), scope);
      continue;
    }
    const value = expand(raw, scope);
    if (runsRewrittenText([raw])) scope.vars?.set(name, hidesPath(value) ? REWRITTEN_VALUE.LITERAL : REWRITTEN_VALUE.FROM_RUN);
    else setVariable(name, value, scope);
  }
  return true;
}

/** Sets an array's elements (`x[0]`, …, `x[@]`, and `x` for the first); null forgets them all. */
export function setElements(name: string, elements: readonly string[] | null, scope: BashScope): void {
  for (const key of [...(scope.vars?.keys() ?? [])]) if (key.startsWith(`${name}[`)) scope.vars?.delete(key);
  if (elements === null) {
    forget(name, scope);
    return;
  }
  elements.forEach((v, k) => setVariable(`${name}[${k}]`, v, scope));
  setVariable(name, elements[0], scope);
  setVariable(`${name}[@]`, elements.join(' '), scope);
  setVariable(`${name}[*]`, elements.join(' '), scope);
}

/**
 * Sets a variable to a value the guard knows, or forgets it for one it does not. A value printed by
 * a substitution given the `.claude` folder (`d=$(cd .claude && pwd)`) is kept as written, so a
 * path built on it later is read for what it may name.
 */
export function setVariable(name: string, value: string | undefined, scope: BashScope): void {
  if (value === undefined || (/[$`]/.test(value) && !printsClaudePath(value, scope.dotglob === true))) forget(name, scope);
  else scope.vars?.set(name, value);
}

/**
 * Forgets a variable's value. One the shell always has (`HOME`, `PWD`) is then not its old value
 * but unknown, kept as an expansion left as written.
 */
export function forget(name: string, scope: BashScope): void {
  if (shellValue(name, scope) === undefined) scope.vars?.delete(name);
  else scope.vars?.set(name, `\${${name}}`);
}
