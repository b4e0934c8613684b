// Reads a Bash command closely enough to see whether it writes to a protected path: redirections,
// in-place editors, rm/mv/cp/tee and friends, `sh -c` and `eval` bodies, command substitutions,
// inline interpreter code, `find -delete`, `git clean`, and the meter's own adopt/install/uninstall.
// It is a practical reading, not a shell: what it cannot take apart (an unexpanded variable, an
// inline script) counts as a write when its text names a protected path.
import { basename, dirname, join, resolve } from 'node:path';
import { classifyPath, mentionsProtected, shown, type PathKind, type Protected } from './protectedPaths';

export interface BashFinding {
  /** The path as shown to the agent, or the command for a gate change. */
  target: string;
  kind: PathKind | 'gate-change';
  /** How the command writes it: "redirect", "rm", "sed -i", ... */
  how: string;
}

export interface BashScope {
  cwd: string;
  home: string;
  prot: Protected;
}

type Tok = { t: 'word'; v: string } | { t: 'op'; v: string };

const SEPARATORS = new Set([';', '&&', '||', '|', '|&', '&', '(', ')', ';;', '{', '}']);

/** Splits a command into words and operators, collecting $(...) and `...` bodies to read separately. */
export function tokenize(cmd: string): { toks: Tok[]; subs: string[] } {
  const toks: Tok[] = [];
  const subs: string[] = [];
  const heredocs: string[] = [];
  let word: string | null = null;
  let i = 0;
  const end = () => {
    if (word !== null) toks.push({ t: 'word', v: word });
    word = null;
  };
  const add = (s: string) => {
    word = (word ?? '') + s;
  };
  // $( ... ) with nesting; returns the index after the closing paren.
  const readParen = (from: number): number => {
    let depth = 1;
    let j = from;
    let q: string | null = null;
    for (; j < cmd.length && depth > 0; j++) {
      const c = cmd[j]!;
      if (q) {
        if (c === q) q = null;
        else if (c === '\\' && q === '"') j++;
      } else if (c === "'" || c === '"') q = c;
      else if (c === '\\') j++;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    subs.push(cmd.slice(from, j - 1));
    return j;
  };
  while (i < cmd.length) {
    const c = cmd[i]!;
    if (c === '\n') {
      end();
      toks.push({ t: 'op', v: ';' });
      i++;
      // Skip here-document bodies.
      while (heredocs.length) {
        const delim = heredocs.shift()!;
        for (;;) {
          const nl = cmd.indexOf('\n', i);
          const line = cmd.slice(i, nl < 0 ? cmd.length : nl);
          i = nl < 0 ? cmd.length : nl + 1;
          if (line.trim() === delim || nl < 0) break;
        }
      }
      continue;
    }
    if (c === ' ' || c === '\t') {
      end();
      i++;
      continue;
    }
    if (c === '#' && word === null) {
      const nl = cmd.indexOf('\n', i);
      i = nl < 0 ? cmd.length : nl;
      continue;
    }
    if (c === '\\') {
      if (cmd[i + 1] === '\n') i += 2;
      else {
        add(cmd[i + 1] ?? '');
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const j = cmd.indexOf("'", i + 1);
      add(cmd.slice(i + 1, j < 0 ? cmd.length : j));
      i = j < 0 ? cmd.length : j + 1;
      continue;
    }
    if (c === '$' && cmd[i + 1] === "'") {
      const j = cmd.indexOf("'", i + 2);
      add(cmd.slice(i + 2, j < 0 ? cmd.length : j));
      i = j < 0 ? cmd.length : j + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < cmd.length && cmd[j] !== '"') {
        if (cmd[j] === '\\' && j + 1 < cmd.length) {
          s += cmd[j + 1];
          j += 2;
        } else if (cmd[j] === '$' && cmd[j + 1] === '(') {
          const k = readParen(j + 2);
          s += cmd.slice(j, k);
          j = k;
        } else if (cmd[j] === '`') {
          const k = cmd.indexOf('`', j + 1);
          subs.push(cmd.slice(j + 1, k < 0 ? cmd.length : k));
          s += cmd.slice(j, k < 0 ? cmd.length : k + 1);
          j = k < 0 ? cmd.length : k + 1;
        } else {
          s += cmd[j];
          j++;
        }
      }
      add(s);
      i = j + 1;
      continue;
    }
    if (c === '$' && cmd[i + 1] === '(') {
      const k = readParen(i + 2);
      add(cmd.slice(i, k));
      i = k;
      continue;
    }
    if (c === '`') {
      const k = cmd.indexOf('`', i + 1);
      subs.push(cmd.slice(i + 1, k < 0 ? cmd.length : k));
      add(cmd.slice(i, k < 0 ? cmd.length : k + 1));
      i = k < 0 ? cmd.length : k + 1;
      continue;
    }
    if (c === '>' || c === '<' || (c === '&' && cmd[i + 1] === '>')) {
      // A digit word glued to the operator is its file descriptor (2>file).
      let fd = '';
      if (word !== null && /^\d+$/.test(word)) {
        fd = word;
        word = null;
      }
      end();
      const m = /^(&>>|&>|>>|>\||>&|<<<|<<-|<<|<&|<>|>|<)/.exec(cmd.slice(i))!;
      toks.push({ t: 'op', v: fd + m[1] });
      i += m[1]!.length;
      if (m[1] === '<<' || m[1] === '<<-') {
        const rest = /^[ \t]*(['"]?)([^\s'";|&<>]+)\1/.exec(cmd.slice(i));
        if (rest) heredocs.push(rest[2]!);
      }
      continue;
    }
    if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')') {
      end();
      const two = cmd.slice(i, i + 2);
      const op = two === '&&' || two === '||' || two === '|&' || two === ';;' ? two : c;
      toks.push({ t: 'op', v: op });
      i += op.length;
      continue;
    }
    add(c);
    i++;
  }
  end();
  return { toks, subs };
}

interface Segment {
  words: string[];
  redirects: { op: string; target: string }[];
}

function segments(toks: Tok[]): Segment[] {
  const out: Segment[] = [];
  let cur: Segment = { words: [], redirects: [] };
  for (let i = 0; i < toks.length; i++) {
    const tk = toks[i]!;
    if (tk.t === 'op' && SEPARATORS.has(tk.v)) {
      out.push(cur);
      cur = { words: [], redirects: [] };
    } else if (tk.t === 'op') {
      const next = toks[i + 1];
      if (next?.t === 'word') {
        cur.redirects.push({ op: tk.v, target: next.v });
        i++;
      }
    } else if (tk.v === '{' || tk.v === '}') {
      out.push(cur);
      cur = { words: [], redirects: [] };
    } else {
      cur.words.push(tk.v);
    }
  }
  out.push(cur);
  return out.filter((s) => s.words.length || s.redirects.length);
}

function isWriteRedirect(op: string, target: string): boolean {
  const o = op.replace(/^\d+/, '');
  if (!o.includes('>')) return false;
  if (o === '>&' && /^(\d+|-)$/.test(target)) return false; // 2>&1: a descriptor, not a file
  return true;
}

const WRAPPERS = new Set(['sudo', 'doas', 'env', 'command', 'builtin', 'exec', 'nohup', 'nice', 'time', 'timeout', 'stdbuf', 'ionice', 'chronic', 'xargs', 'then', 'do', 'else', '!']);
const WRAPPER_ARG = new Set(['-u', '-g', '-n', '-s', '-k', '-C', '-c', '-o', '-e', '-i', '-P', '-I', '-L', '-d']);
const DESTROY = new Set(['rm', 'rmdir', 'unlink', 'shred', 'mv', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl']);
const WRITE_ALL = new Set(['tee', 'touch', 'truncate', 'sponge', 'mkfifo']);
const COPY = new Set(['cp', 'install', 'ln', 'rsync', 'scp']);
const IN_PLACE = new Set(['sed', 'gsed', 'perl', 'ruby', 'yq']);
const INTERPRETERS = /^(python[\d.]*|node|nodejs|deno|bun|perl|ruby|php|awk|gawk|mawk|osascript|lua)$/;
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);
const GATE_CHANGES = new Set(['adopt', 'install', 'uninstall']);

function stripPrefix(words: string[]): string[] {
  let w = words;
  for (;;) {
    while (w.length && /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(w[0]!)) w = w.slice(1);
    const head = w[0];
    if (head === undefined || !WRAPPERS.has(basename(head))) return w;
    const name = basename(head);
    w = w.slice(1);
    while (w.length && (w[0]!.startsWith('-') || (name === 'timeout' && /^\d/.test(w[0]!)) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0]!))) {
      const opt = w[0]!;
      w = w.slice(1);
      if (WRAPPER_ARG.has(opt) && w.length > 1) w = w.slice(1);
    }
    if (name === 'timeout' && w.length && /^\d/.test(w[0]!)) w = w.slice(1);
  }
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
  const { toks, subs } = tokenize(command);
  const found: BashFinding[] = [];
  const check = (token: string, how: string, mode: 'write' | 'destroy') => {
    const f = checkPath(token, scope, mode);
    if (f) found.push({ target: f.target, kind: f.kind, how });
  };
  for (const sub of subs) found.push(...analyzeBash(sub, scope, depth + 1));
  for (const seg of segments(toks)) {
    for (const r of seg.redirects) if (isWriteRedirect(r.op, r.target)) check(r.target, `${r.op} redirect`, 'write');
    const words = stripPrefix(seg.words);
    const verbWord = words[0];
    if (verbWord === undefined) continue;
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
      const c = args.findIndex((a) => /^-[A-Za-z]*c$/.test(a));
      if (c >= 0 && args[c + 1] !== undefined) found.push(...analyzeBash(args[c + 1]!, scope, depth + 1));
    } else if (verb === 'eval') {
      found.push(...analyzeBash(args.join(' '), scope, depth + 1));
    } else if (verb === 'find') {
      const destructive = args.includes('-delete') || args.some((a, k) => (a === '-exec' || a === '-execdir') && DESTROY.has(basename(args[k + 1] ?? '')));
      if (destructive) {
        const roots = args.slice(0, Math.max(0, args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!'))) ;
        for (const r of roots.length ? roots : ['.']) check(r, 'find -delete', 'destroy');
      }
    } else if (verb === 'git') {
      gitFindings(args, scope, check, found);
    } else if (verb === 'cd') {
      // Later parts of the command run from there (a subshell's cd is read the same way: close enough).
      const dir = ops[0] ? expand(ops[0], scope) : scope.home;
      if (!/[$`]/.test(dir)) scope = { ...scope, cwd: resolve(scope.cwd, dir) };
    } else if (INTERPRETERS.test(verb) && hasInlineCode(verb, args) && args.some((a) => mentionsProtected(a))) {
      found.push({ target: 'an inline script naming the meter\'s files', kind: 'state', how: `${verb} inline code` });
    }
    // The meter's own commands that change the gate: adopting, installing, uninstalling.
    const pmIdx = words.findIndex((w) => /(^|\/)proofmeter(\.js)?$/.test(w));
    if (pmIdx >= 0 && GATE_CHANGES.has(words[pmIdx + 1] ?? '')) {
      found.push({ target: `proofmeter ${words[pmIdx + 1]}`, kind: 'gate-change', how: 'meter command' });
    }
  }
  return found;
}

function gitFindings(args: string[], scope: BashScope, check: (t: string, how: string, mode: 'write' | 'destroy') => void, found: BashFinding[]): void {
  // Skip git's own options (-C dir, -c k=v) to reach the subcommand.
  let k = 0;
  let cwd = scope.cwd;
  while (k < args.length && args[k]!.startsWith('-')) {
    if (args[k] === '-C' && args[k + 1]) cwd = resolve(cwd, args[k + 1]!);
    k += args[k] === '-C' || args[k] === '-c' ? 2 : 1;
  }
  const sub = args[k];
  const rest = args.slice(k + 1);
  const ops = operands(rest);
  if (sub === 'clean') {
    const force = rest.some((a) => a === '--force' || /^-[a-zA-Z]*f/.test(a));
    const dry = rest.some((a) => a === '--dry-run' || /^-[a-zA-Z]*n/.test(a));
    const excludes = rest.some((a, i) => (a === '-e' && /\.claude/.test(rest[i + 1] ?? '')) || /^(--exclude=|-e)\S*\.claude/.test(a));
    if (force && !dry && !excludes) {
      const before = found.length;
      for (const r of ops.length ? ops : ['.']) {
        const f = checkPath(r, { ...scope, cwd }, 'destroy');
        if (f) found.push({ target: f.target, kind: f.kind, how: 'git clean (add -e .claude to keep the meter\'s state)' });
      }
      if (found.length > before) return;
    }
  } else if (sub === 'checkout' || sub === 'restore' || sub === 'rm' || sub === 'mv') {
    for (const a of ops) check(resolve(cwd, a), `git ${sub}`, 'write');
  }
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
