// Reads a Bash command closely enough to see whether it writes to a protected path: redirections,
// in-place editors, rm/mv/cp/tee and friends, `sh -c` and `eval` bodies, command substitutions,
// inline interpreter code, scripts fed on stdin, `find -delete`, `git clean`, and the runner's
// subcommands that change the gate. Commands are split by the shared shell reading (core/shell),
// the same that matches proofs; what it cannot take apart (an unexpanded variable, an inline
// script) counts as a write when its text names a protected path.
import { basename, dirname, join, resolve } from 'node:path';
import { parse, type Script, type SimpleCommand } from '../core/shell/parse';
import { gateChange } from '../core/shell/runner';
import { COPY, DESTROY, IN_PLACE, SHELLS, WRITE_ALL, isInterpreter, stripPrefix } from '../core/shell/verbs';
import { gitCall } from '../core/findings/gitActions';
import { classifyPath, mentionsProtected, shown, touchesClaudeDir, type PathKind, type Protected } from './protectedPaths';

export interface BashFinding {
  /** The path as shown to the agent, or the command for a gate change or a git action. */
  target: string;
  /** `git`: skips hooks or rewrites history; `claude-dir`: a git command that replaces or removes files in .claude/. */
  kind: PathKind | 'gate-change' | 'git' | 'claude-dir';
  /** How the command writes it: "redirect", "rm", "sed -i", ... */
  how: string;
}

export interface BashScope {
  cwd: string;
  home: string;
  prot: Protected;
}

interface Segment {
  words: string[];
  redirects: { op: string; target: string; body: string | null }[];
}

/** A simple command of the shared reading as plain words and redirections. */
function segmentOf(c: SimpleCommand): Segment {
  return {
    words: c.words.map((w) => w.value),
    redirects: c.redirects.map((r) => ({ op: r.op, target: r.target?.value ?? '', body: r.body })),
  };
}

/** What a command is given on standard input by a here-document or a here-string. */
function stdinText(seg: Segment): string[] {
  return seg.redirects.flatMap((r) => (r.body !== null ? [r.body] : r.op.endsWith('<<<') ? [r.target] : []));
}

function isWriteRedirect(op: string, target: string): boolean {
  const o = op.replace(/^\d+/, '');
  if (!o.includes('>')) return false;
  if (o === '>&' && /^(\d+|-)$/.test(target)) return false; // 2>&1: a descriptor, not a file
  return true;
}

function operands(args: string[]): string[] {
  const out: string[] = [];
  let opts = true;
  for (const a of args) {
    if (opts && a === '--') {
      opts = false;
      continue;
    }
    if (opts && a.startsWith('-') && a !== '-') continue;
    out.push(a);
  }
  return out;
}

/** Code given on the command line (python -c, node -e, perl -e, an awk program), which we cannot read. */
function hasInlineCode(verb: string, args: string[]): boolean {
  if (/awk$/.test(verb)) return true;
  return args.some((a) => /^-[A-Za-z]*[ceEp]$/.test(a) || a === '--eval' || a === '--print' || a.startsWith('--eval='));
}

export function analyzeBash(command: string, scope: BashScope, depth = 0): BashFinding[] {
  if (depth > 4) return mentionsProtected(command) ? [{ target: 'a nested command', kind: 'state', how: 'nested shell' }] : [];
  const { list, subs } = parse(command);
  const found: BashFinding[] = [];
  for (const sub of subs) found.push(...analyzeBash(sub, scope, depth + 1));
  readList(list, [scope.cwd], scope, depth, found);
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
      for (const c of p.commands) {
        for (const r of c.redirects) if (isWriteRedirect(r.op, r.target?.value ?? '')) for (const cwd of cur) checkInto(r.target?.value ?? '', `${r.op} redirect`, 'write', { ...scope, cwd }, found);
        const after = c.kind === 'subshell' ? (readList(c.list, cur, scope, depth, found), cur) : cur.map((cwd) => readSimple(segmentOf(c), { ...scope, cwd }, depth, found));
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
  const f = checkPath(token, scope, mode);
  if (f) found.push({ target: f.target, kind: f.kind, how });
}

/** Reads one simple command run in scope.cwd; returns the folder the shell is in after it. */
function readSimple(seg: Segment, scope: BashScope, depth: number, found: BashFinding[]): string {
  const check = (token: string, how: string, mode: 'write' | 'destroy') => checkInto(token, how, mode, scope, found);
  let cwd = scope.cwd;
  const words = stripPrefix(seg.words);
  const verbWord = words[0];
  if (verbWord === undefined) return cwd;
  const verb = basename(verbWord);
  const args = words.slice(1);
  const ops = operands(args);
  if (DESTROY.has(verb)) for (const a of ops) check(a, verb, 'destroy');
  else if (WRITE_ALL.has(verb)) for (const a of ops) check(a, verb, 'write');
  else if (COPY.has(verb)) {
    const tIdx = args.findIndex((a) => a === '-t' || a.startsWith('--target-directory'));
    const dest = tIdx >= 0 ? (args[tIdx]!.includes('=') ? args[tIdx]!.split('=')[1]! : args[tIdx + 1] ?? '') : ops[ops.length - 1];
    if (dest !== undefined && (ops.length >= 2 || tIdx >= 0)) {
      check(dest, verb, 'write');
      // cp settings.json .claude/ writes .claude/settings.json
      for (const src of tIdx >= 0 ? ops : ops.slice(0, -1)) check(join(dest, basename(src)), verb, 'write');
    }
  } else if (verb === 'dd') {
    for (const a of args) if (a.startsWith('of=')) check(a.slice(3), 'dd', 'write');
  } else if (IN_PLACE.has(verb) && args.some((a) => /^-[A-Za-z]*i/.test(a) || a.startsWith('--in-place'))) {
    for (const a of ops) check(a, `${verb} -i`, 'write');
  } else if (SHELLS.has(verb)) {
    // -c may share its dash with other flags (sh -cx, sh -ec), and its command is the first word
    // after it that is not an option (sh -c -e '…'): every later word is read as one, since an
    // option or an argument read as a command finds nothing, and so no command slips by.
    const c = args.findIndex((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a));
    const bodies = c >= 0 ? args.slice(c + 1) : [];
    if (bodies.length) for (const body of bodies) found.push(...analyzeBash(body, scope, depth + 1));
    // A script fed on standard input (sh <<EOF, bash <<< "…") is read like one given with -c.
    else for (const input of stdinText(seg)) found.push(...analyzeBash(input, scope, depth + 1));
  } else if (verb === 'eval') {
    found.push(...analyzeBash(args.join(' '), scope, depth + 1));
  } else if (verb === 'find') {
    const destructive = args.includes('-delete') || args.some((a, k) => (a === '-exec' || a === '-execdir') && DESTROY.has(basename(args[k + 1] ?? '')));
    if (destructive) {
      const roots = args.slice(0, Math.max(0, args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!')));
      for (const r of roots.length ? roots : ['.']) check(r, 'find -delete', 'destroy');
    }
  } else if (verb === 'git') {
    gitFindings(args, scope, check, found);
  } else if (verb === 'cd' || verb === 'pushd') {
    const dir = ops[0] ? expand(ops[0], scope) : scope.home;
    if (!/[$`]/.test(dir)) cwd = resolve(scope.cwd, dir);
  } else if (isInterpreter(verb) && ((hasInlineCode(verb, args) && args.some((a) => mentionsProtected(a))) || stdinText(seg).some(mentionsProtected))) {
    found.push({ target: 'an inline script naming the meter\'s files', kind: 'state', how: `${verb} inline code` });
  }
  // The meter's own commands that change the gate: every runner subcommand but the agent's own.
  const call = gateChange(seg.words);
  if (call) found.push({ target: `proofmeter ${call.sub}`, kind: 'gate-change', how: 'meter command' });
  return cwd;
}

function gitFindings(args: string[], scope: BashScope, check: (t: string, how: string, mode: 'write' | 'destroy') => void, found: BashFinding[]): void {
  const call = gitCall(['git', ...args]);
  if (!call) return;
  const cwd = call.dir ? resolve(scope.cwd, expand(call.dir, scope)) : scope.cwd;
  if (call.sub === 'rm' || call.sub === 'mv') for (const a of operands(args.slice(args.indexOf(call.sub) + 1))) check(resolve(cwd, a), `git ${call.sub}`, 'write');
  for (const a of call.actions) {
    if (a.kind !== 'discard') {
      found.push({ target: a.what, kind: 'git', how: a.kind });
      continue;
    }
    if (excludesClaude(a.paths) || (a.sub === 'clean' && cleanKeepsClaude(args))) continue;
    const paths = a.paths.filter((p) => !p.startsWith(':'));
    for (const p of paths.length ? paths : ['.']) {
      const f = checkPath(p, { ...scope, cwd }, 'destroy');
      if (f) found.push({ target: f.target, kind: f.kind, how: a.what });
      else if (touchesClaude(p, { ...scope, cwd })) found.push({ target: a.what, kind: 'claude-dir', how: a.what });
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
  let t = expand(token, scope);
  if (/[$`]/.test(t)) return /\.claude/.test(t);
  const glob = t.search(/[*?[]/);
  if (glob >= 0) t = t.slice(0, glob).endsWith('/') ? t.slice(0, glob) : dirname(t.slice(0, glob) || '.');
  return touchesClaudeDir(resolve(scope.cwd, t), scope.prot);
}

function expand(token: string, scope: BashScope): string {
  return token
    .replace(/^~(?=\/|$)/, scope.home)
    .replace(/\$\{?HOME\}?/g, scope.home)
    .replace(/\$\{?CLAUDE_PROJECT_DIR\}?/g, scope.prot.workspace)
    .replace(/\$\{?PWD\}?/g, scope.cwd);
}

export function checkPath(token: string, scope: BashScope, mode: 'write' | 'destroy'): { target: string; kind: PathKind } | null {
  if (!token) return null;
  let t = expand(token, scope);
  if (/[$`]/.test(t)) {
    // Unexpanded: only its text can say where it points.
    return mentionsProtected(t) ? { target: token, kind: /settings/.test(t) ? 'settings' : 'state' } : null;
  }
  const glob = t.search(/[*?[]/);
  if (glob >= 0) {
    const prefix = t.slice(0, glob);
    t = prefix.endsWith('/') ? prefix : dirname(prefix || '.');
    mode = 'destroy';
  }
  const abs = resolve(scope.cwd, t);
  const kind = classifyPath(abs, scope.prot, mode);
  return kind ? { target: shown(abs, scope.prot), kind } : null;
}
