// The one reading of a Bash command that normCmd, the handover, the guard and check-plan share:
// when they each split commands their own way they disagree, and a disagreement between what the
// guard reads and what the shell runs is a hole. This is a POSIX lexer with the bash quoting and
// operators Claude Code's Bash tool meets ($'…', |&, &>, <(…), <<<); it expands nothing and runs
// nothing. Every token keeps its offsets, so a reader can tell `a&&b` from `a && b` and can quote
// back the exact text it judged.
//
// Chosen over npm's shell-quote (it drops quoting, splits `$(…)` and backticks into loose words
// and knows no here-documents) and bash-parser (unmaintained since 2017, pulls babylon and twenty
// helper packages into the bundle).

export type Quote = '' | "'" | '"' | "$'";

/** Literal text: unquoted, '…', "…" or $'…'. `raw` is as written between the quotes, `value` is what the shell makes of it. */
export interface TextPiece {
  kind: 'text';
  quote: Quote;
  raw: string;
  value: string;
  /** False for a quote the command never closes. */
  closed: boolean;
}

/** A command run inside a word: $(…), `…`, <(…) or >(…). Inside "…" it stays part of the text piece. */
export interface SubPiece {
  kind: 'sub';
  open: '$(' | '`' | '<(' | '>(';
  body: string;
  closed: boolean;
}

export type Piece = TextPiece | SubPiece;

export interface Word {
  kind: 'word';
  pieces: Piece[];
  /** The word after quote removal; substitutions and parameters stay as written. */
  value: string;
  start: number;
  end: number;
}

export type Operator = ';' | '\n' | '&' | '&&' | '||' | '|' | '|&' | '(' | ')' | ';;' | ';&';

export interface OpToken {
  kind: 'op';
  op: Operator;
  start: number;
  end: number;
}

/** A redirection operator with its descriptor (`2>`, `&>>`, `<<-`); its target is the next word. */
export interface RedirectToken {
  kind: 'redirect';
  op: string;
  start: number;
  end: number;
}

/** A here-document's lines, from after the newline that starts them through the delimiter line. */
export interface HeredocToken {
  kind: 'heredoc';
  body: string;
  start: number;
  end: number;
}

export interface CommentToken {
  kind: 'comment';
  text: string;
  start: number;
  end: number;
}

export type Token = Word | OpToken | RedirectToken | HeredocToken | CommentToken;

export interface Lexed {
  tokens: Token[];
  /** Bodies of every command run inside a word ($(…), `…`, <(…), >(…)), unquoted or inside "…"; outermost only. */
  subs: string[];
  /** A quote, substitution or here-document the command never closes. */
  unterminated: boolean;
}

const BLANK = new Set([' ', '\t']);
const BREAK = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);
const REDIRECT = /^(&>>|&>|>>|>\||>&|<<<|<<-|<<|<&|<>|>|<)/;
const OPERATOR = /^(;;|;&|&&|\|\||\|&|[;&|()\n])/;
const ORDINARY = /[^ \t\n;&|()<>'"`$\\]+/y;
/** The characters that open an extglob group when a `(` follows them: `?(…)`, `*(…)`, `+(…)`, `@(…)`, `!(…)`. */
const EXTGLOB_LEADS = '?*+@!';

export function lex(src: string): Lexed {
  const tokens: Token[] = [];
  const subs: string[] = [];
  let unterminated = false;
  // Delimiters of here-documents whose bodies start at the next newline; `dash` strips leading tabs (<<-).
  const pendingHeredocs: { delim: string; dash: boolean }[] = [];
  let heredocNext: boolean | null = null;
  let pieces: Piece[] = [];
  let wordStart = -1;
  let i = 0;

  const text = (quote: Quote): TextPiece => {
    const last = pieces[pieces.length - 1];
    if (quote === '' && last?.kind === 'text' && last.quote === '') return last;
    const p: TextPiece = { kind: 'text', quote, raw: '', value: '', closed: true };
    pieces.push(p);
    return p;
  };
  const begin = () => {
    if (wordStart < 0) wordStart = i;
  };
  const endWord = () => {
    if (wordStart < 0) return;
    const word: Word = { kind: 'word', pieces, value: pieces.map(pieceValue).join(''), start: wordStart, end: i };
    tokens.push(word);
    if (heredocNext !== null) {
      pendingHeredocs.push({ delim: word.value, dash: heredocNext });
      heredocNext = null;
    }
    pieces = [];
    wordStart = -1;
  };
  const sub = (open: SubPiece['open'], from: number): void => {
    const end = open === '`' ? scanBacktick(src, from) : scanNested(src, from, ')', null);
    const closed = end <= src.length;
    const body = src.slice(from, closed ? end - 1 : src.length);
    if (!closed) unterminated = true;
    subs.push(body);
    pieces.push({ kind: 'sub', open, body, closed });
    i = Math.min(end, src.length);
  };

  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\' && src[i + 1] === '\n' && wordStart < 0) {
      // A line continuation between words is only a blank.
      i += 2;
      continue;
    }
    if (BLANK.has(c)) {
      endWord();
      i++;
      continue;
    }
    if (c === '#' && wordStart < 0) {
      const nl = src.indexOf('\n', i);
      const end = nl < 0 ? src.length : nl;
      tokens.push({ kind: 'comment', text: src.slice(i, end), start: i, end });
      i = end;
      continue;
    }
    if ((c === '<' || c === '>') && src[i + 1] === '(') {
      begin();
      sub(c === '<' ? '<(' : '>(', i + 2);
      continue;
    }
    if (c === '<' || c === '>' || (c === '&' && src[i + 1] === '>')) {
      // A run of digits glued to the operator is its file descriptor (2>file).
      let fd = '';
      const only = pieces.length === 1 ? pieces[0] : undefined;
      if (only?.kind === 'text' && only.quote === '' && /^\d+$/.test(only.raw)) {
        fd = only.raw;
        pieces = [];
      } else {
        endWord();
      }
      const start = fd ? wordStart : i;
      wordStart = -1;
      const op = REDIRECT.exec(src.slice(i, i + 3))![1]!;
      i += op.length;
      tokens.push({ kind: 'redirect', op: fd + op, start, end: i });
      if (op === '<<' || op === '<<-') heredocNext = op === '<<-';
      continue;
    }
    if (BREAK.has(c)) {
      endWord();
      const op = OPERATOR.exec(src.slice(i, i + 2))![1] as Operator;
      tokens.push({ kind: 'op', op, start: i, end: i + op.length });
      i += op.length;
      if (op === '\n' && pendingHeredocs.length) readHeredocs();
      continue;
    }
    begin();
    if (c === "'") {
      const end = src.indexOf("'", i + 1);
      const p = text("'");
      p.raw = src.slice(i + 1, end < 0 ? src.length : end);
      p.value = p.raw;
      p.closed = end >= 0;
      if (end < 0) unterminated = true;
      i = end < 0 ? src.length : end + 1;
    } else if (c === '$' && src[i + 1] === "'") {
      const end = scanAnsi(src, i + 2);
      const p = text("$'");
      p.raw = src.slice(i + 2, Math.min(end - 1, src.length));
      p.value = ansiValue(p.raw);
      p.closed = end <= src.length;
      if (!p.closed) unterminated = true;
      i = Math.min(end, src.length);
    } else if (c === '"' || (c === '$' && src[i + 1] === '"')) {
      // `$"…"` is a string translated by the locale, which leaves it as it is where no catalog has it.
      if (c === '$') i++;
      const end = scanDouble(src, i + 1, subs);
      const p = text('"');
      p.closed = end <= src.length;
      p.raw = src.slice(i + 1, p.closed ? end - 1 : src.length);
      p.value = doubleValue(p.raw);
      if (!p.closed) unterminated = true;
      i = Math.min(end, src.length);
    } else if (c === '$' && src[i + 1] === '(') {
      sub('$(', i + 2);
    } else if (c === '`') {
      sub('`', i + 1);
    } else if (c === '$' && src[i + 1] === '{') {
      const end = scanNested(src, i + 2, '}', subs);
      const p = text('');
      p.raw += src.slice(i, Math.min(end, src.length));
      p.value += src.slice(i, Math.min(end, src.length));
      if (end > src.length) unterminated = true;
      i = Math.min(end, src.length);
    } else if (c === '\\') {
      const p = text('');
      const next = src[i + 1];
      p.raw += next === undefined ? '\\' : '\\' + next;
      p.value += next === undefined ? '\\' : next === '\n' ? '' : next;
      i += next === undefined ? 1 : 2;
    } else {
      // A run of ordinary characters at once: most of a command is made of them.
      ORDINARY.lastIndex = i;
      const run = ORDINARY.exec(src)?.[0] ?? c;
      const p = text('');
      p.raw += run;
      p.value += run;
      i += run.length;
      // An array assignment (`x=(a b)`): one word, its elements (as written) read by whoever reads the value.
      const array = src[i] === '(' && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(p.raw) && pieces.length === 1;
      // An extglob group: with `shopt -s extglob` on (an agent can turn it on), bash reads it as
      // part of the word, so `.claude/@(settings.json|x)` is one path, not `.claude/@` and a
      // subshell. A `!(` that starts a command is read as `! (…)`, a negated subshell, as bash
      // reads it with extglob off. With it on, bash would run the command in PATH named by the
      // folder's first other name, a word with no slash: no path of the agent's can be run so.
      if (array || (src[i] === '(' && EXTGLOB_LEADS.includes(run[run.length - 1]!) && !(run === '!' && wordStart === i - 1 && commandStarts(tokens)))) {
        const group = scanExtglob(src, i, subs);
        const end = Math.min(group.end, src.length);
        p.raw += src.slice(i, end);
        p.value += array ? src.slice(i, end) : group.value;
        if (group.end > src.length) unterminated = true;
        i = end;
      }
    }
  }
  endWord();
  if (pendingHeredocs.length || heredocNext !== null) unterminated = true;
  return { tokens, subs, unterminated };

  function readHeredocs(): void {
    while (pendingHeredocs.length) {
      const { delim, dash } = pendingHeredocs.shift()!;
      const start = i;
      let end = src.length;
      for (;;) {
        if (i >= src.length) {
          unterminated = true;
          break;
        }
        const nl = src.indexOf('\n', i);
        const lineEnd = nl < 0 ? src.length : nl;
        const line = src.slice(i, lineEnd);
        i = nl < 0 ? src.length : nl + 1;
        if ((dash ? line.replace(/^\t+/, '') : line) === delim) {
          end = lineEnd;
          break;
        }
      }
      tokens.push({ kind: 'heredoc', body: src.slice(start, end), start, end });
      // The newline after the last delimiter line is left for the lexer: it ends the command.
      if (!pendingHeredocs.length) i = end;
    }
  }
}

function pieceValue(p: Piece): string {
  if (p.kind === 'text') return p.value;
  const close = p.open === '`' ? '`' : ')';
  return p.open + p.body + (p.closed ? close : '');
}

/** Inside "…", a backslash escapes only $ ` " \ and a newline. */
function doubleValue(raw: string): string {
  return raw.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

const ANSI: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/** $'…' decodes its escapes, so `$'\x2eclaude'` is read as `.claude`. */
function ansiValue(raw: string): string {
  return raw.replace(/\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)/gs, (m, esc: string) => {
    const head = esc[0]!;
    if (head === 'x' || head === 'u' || head === 'U') return String.fromCodePoint(parseInt(esc.slice(1), 16));
    if (/[0-7]/.test(head)) return String.fromCharCode(parseInt(esc, 8) & 0xff);
    if (head === 'c') return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
    return ANSI[head] ?? m;
  });
}

/** Words that leave the next word at the start of a command (`if !(x)`, `then !(x)`). */
const LEADING_KEYWORDS = new Set(['!', 'if', 'then', 'elif', 'else', 'while', 'until', 'do', 'time', '{']);

/** Whether the word about to be read starts a command: nothing but leading keywords since an operator or a new line. */
function commandStarts(tokens: readonly Token[]): boolean {
  for (let k = tokens.length - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (t.kind === 'op') return true;
    if (t.kind === 'redirect' || (t.kind === 'word' && !LEADING_KEYWORDS.has(t.value))) return false;
  }
  return true;
}

// The scanners return the index just past the closing mark, or src.length + 1 when it never comes.

function scanAnsi(src: string, from: number): number {
  for (let j = from; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === "'") return j + 1;
  }
  return src.length + 1;
}

function scanBacktick(src: string, from: number): number {
  for (let j = from; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === '`') return j + 1;
  }
  return src.length + 1;
}

function scanDouble(src: string, from: number, subs: string[] | null): number {
  for (let j = from; j < src.length; j++) {
    const c = src[j]!;
    if (c === '\\') j++;
    else if (c === '"') return j + 1;
    else if (c === '$' && src[j + 1] === '(') {
      const end = scanNested(src, j + 2, ')', null);
      subs?.push(src.slice(j + 2, Math.min(end - 1, src.length)));
      j = end - 1;
    } else if (c === '`') {
      const end = scanBacktick(src, j + 1);
      subs?.push(src.slice(j + 1, Math.min(end - 1, src.length)));
      j = end - 1;
    } else if (c === '$' && src[j + 1] === '{') {
      j = scanNested(src, j + 2, '}', subs) - 1;
    }
  }
  return src.length + 1;
}

/**
 * To the closer at depth one of a $( or <( (`)`) or of a ${ (`}`), stepping over quotes, backticks
 * and nested substitutions. A $( body is read again whole as a command, so what it nests is found
 * then; a ${ body is not a command, so the substitutions inside it (`${x:-$(rm …)}` runs the rm)
 * are pushed to `subs`, when given, for the reader to see.
 */
/** Whether `j` starts a command: only there are `case` and `esac` reserved words (`echo case` is an argument). */
function atCommandStart(src: string, from: number, j: number): boolean {
  let k = j - 1;
  while (k >= from && (src[k] === ' ' || src[k] === '\t')) k--;
  return k < from || ';&|()\n'.includes(src[k]!);
}

function scanNested(src: string, from: number, close: ')' | '}', subs: string[] | null): number {
  const open = close === ')' ? '(' : '{';
  const inner = close === '}' ? subs : null;
  let depth = 1;
  // The depths at which a `case` is open: there a pattern's `)` (`a) …;;`) closes nothing.
  const cases: number[] = [];
  for (let j = from; j < src.length; j++) {
    const c = src[j]!;
    const keyword = close === ')' && (c === 'c' || c === 'e') && atCommandStart(src, from, j) ? /^(case|esac)(?=[\s;&|()]|$)/.exec(src.slice(j, j + 5))?.[1] : undefined;
    if (keyword === 'case') cases.push(depth);
    else if (keyword === 'esac') cases.pop();
    if (keyword) j += 3;
    else if (c === '\\') j++;
    else if (c === "'") {
      const end = src.indexOf("'", j + 1);
      if (end < 0) return src.length + 1;
      j = end;
    } else if (c === '"') j = scanDouble(src, j + 1, inner) - 1;
    else if (c === '`') {
      const end = scanBacktick(src, j + 1);
      inner?.push(src.slice(j + 1, Math.min(end - 1, src.length)));
      j = end - 1;
    } else if (c === '$' && src[j + 1] === '(') {
      const end = scanNested(src, j + 2, ')', null);
      inner?.push(src.slice(j + 2, Math.min(end - 1, src.length)));
      j = end - 1;
    } else if (c === '$' && src[j + 1] === '{') j = scanNested(src, j + 2, '}', inner) - 1;
    else if (c === open) depth++;
    else if (c === ')' && cases.length && cases[cases.length - 1] === depth) continue;
    else if (c === close && --depth === 0) return j + 1;
  }
  return src.length + 1;
}

/**
 * An extglob group from its `(` to the `)` that closes it, blanks and `|` included, as bash reads
 * it inside a word. Its value is the pattern with the quotes inside removed (a quoted `*` is read
 * as a glob too, which only widens what the guard thinks it may name); the substitutions inside
 * run before the pattern is matched, so they go to `subs` for the readers to see.
 */
function scanExtglob(src: string, from: number, subs: string[]): { end: number; value: string } {
  let value = '';
  let depth = 0;
  for (let j = from; j < src.length; j++) {
    const c = src[j]!;
    let end = j + 1;
    if (c === '\\') {
      value += src[j + 1] ?? '';
      end = j + 2;
    } else if (c === "'") {
      const close = src.indexOf("'", j + 1);
      if (close < 0) return { end: src.length + 1, value };
      value += src.slice(j + 1, close);
      end = close + 1;
    } else if (c === '"') {
      end = scanDouble(src, j + 1, subs);
      value += doubleValue(src.slice(j + 1, Math.min(end - 1, src.length)));
    } else if (c === '`' || (c === '$' && src[j + 1] === '(')) {
      end = c === '`' ? scanBacktick(src, j + 1) : scanNested(src, j + 2, ')', null);
      subs.push(src.slice(c === '`' ? j + 1 : j + 2, Math.min(end - 1, src.length)));
      value += src.slice(j, Math.min(end, src.length));
    } else if (c === '$' && src[j + 1] === '{') {
      end = scanNested(src, j + 2, '}', subs);
      value += src.slice(j, Math.min(end, src.length));
    } else {
      value += c;
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return { end: j + 1, value };
    }
    if (end > src.length) return { end, value };
    j = end - 1;
  }
  return { end: src.length + 1, value };
}
