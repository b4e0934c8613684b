// Bash brace expansion, for the guard. Bash makes several words of one before it runs anything:
// `rm -rf src/{x,..}/.claude` removes `src/../.claude`, `{rm,-rf,.claude}` is the command
// `rm -rf .claude`, and `.clau{d..d}e` is `.claude`. A reader of the words as written sees none of
// that. Only unquoted, unescaped braces and commas expand; `{}`, `{a}` and `${…}` stay as written,
// as in bash.
import type { Word } from './lex';

/** More words than an honest command line makes by brace expansion: past it the word is not read. */
export const BRACE_WORDS = 4096;

/** One character of a word, and whether bash may read it as brace syntax. */
interface Char {
  c: string;
  active: boolean;
}

/**
 * The words bash makes of `word` by brace expansion, in bash's order; a word without brace syntax
 * is its value alone. Null when it would make more than `limit` words.
 */
export function braceExpand(word: Word, limit: number = BRACE_WORDS): string[] | null {
  // Most words hold no brace at all: they are their value, without a look at their pieces.
  if (!word.value.includes('{')) return [word.value];
  const chars = charsOf(word);
  if (!chars.some((ch) => ch.active && ch.c === '{')) return [word.value];
  const out = expand(chars, limit);
  if (out === null) return null;
  // Bash drops the empty words an unquoted expansion makes (`{,a}` is `a`); a quoted piece keeps one.
  const quoted = word.pieces.some((p) => p.kind === 'text' && p.quote !== '');
  return quoted ? out : out.filter((w) => w !== '');
}

/** The word's characters as the shell sees them after quote removal, marked active where unquoted. */
function charsOf(word: Word): Char[] {
  const out: Char[] = [];
  for (const p of word.pieces) {
    if (p.kind === 'sub') {
      const text = p.open + p.body + (p.closed ? (p.open === '`' ? '`' : ')') : '');
      for (const c of text) out.push({ c, active: false });
    } else if (p.quote !== '') for (const c of p.value) out.push({ c, active: false });
    else unquoted(p.raw, out);
  }
  return out;
}

/** Unquoted text: `\x` is a literal x, and a parameter `${…}` is no brace expansion. */
function unquoted(raw: string, out: Char[]): void {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      out.push({ c: raw[++i]!, active: false });
    } else if (c === '$' && raw[i + 1] === '{') {
      const end = closeOf(raw, i + 1);
      for (const ch of raw.slice(i, end + 1)) out.push({ c: ch, active: false });
      i = end;
    } else out.push({ c, active: true });
  }
}

/** Where the `}` that closes the `{` at `open` is, or the last index when none does. */
function closeOf(raw: string, open: number): number {
  let depth = 0;
  for (let i = open; i < raw.length; i++) {
    if (raw[i] === '{') depth++;
    else if (raw[i] === '}' && --depth === 0) return i;
  }
  return raw.length - 1;
}

function expand(chars: readonly Char[], limit: number): string[] | null {
  for (let open = 0; open < chars.length; open++) {
    if (!isActive(chars[open], '{')) continue;
    const close = matching(chars, open);
    if (close < 0) continue;
    const body = chars.slice(open + 1, close);
    const alternatives = topLevelSplit(body);
    const middles = alternatives.length > 1 ? expandEach(alternatives, limit) : sequence(body, limit);
    if (middles === undefined) continue;
    if (middles === null) return null;
    const before = text(chars.slice(0, open));
    const afters = expand(chars.slice(close + 1), limit);
    if (afters === null || middles.length * afters.length > limit) return null;
    const words: string[] = [];
    for (const m of middles) for (const a of afters) words.push(before + m + a);
    return words;
  }
  return [text(chars)];
}

function isActive(ch: Char | undefined, c: string): boolean {
  return ch !== undefined && ch.active && ch.c === c;
}

/** The active `}` closing the active `{` at `open`, or -1. */
function matching(chars: readonly Char[], open: number): number {
  let depth = 0;
  for (let i = open; i < chars.length; i++) {
    if (isActive(chars[i], '{')) depth++;
    else if (isActive(chars[i], '}') && --depth === 0) return i;
  }
  return -1;
}

/** The body split at its active commas outside nested braces. */
function topLevelSplit(body: readonly Char[]): Char[][] {
  const parts: Char[][] = [[]];
  let depth = 0;
  for (const ch of body) {
    if (isActive(ch, '{')) depth++;
    else if (isActive(ch, '}')) depth--;
    if (depth === 0 && isActive(ch, ',')) parts.push([]);
    else parts[parts.length - 1]!.push(ch);
  }
  return parts;
}

function expandEach(alternatives: readonly Char[][], limit: number): string[] | null {
  const out: string[] = [];
  for (const alt of alternatives) {
    const words = expand(alt, limit);
    if (words === null || out.length + words.length > limit) return null;
    out.push(...words);
  }
  return out;
}

const INTEGERS = /^([-+]?\d+)\.\.([-+]?\d+)(?:\.\.([-+]?\d+))?$/;
const LETTERS = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.([-+]?\d+))?$/;

/**
 * `{x..y}` or `{x..y..step}` over integers or single letters, as bash counts them: from x towards
 * y whatever the step's sign, a step of 0 read as 1, integers padded when an end has a leading 0.
 * Undefined when the body is no sequence (it then stays as written), null past the limit.
 */
function sequence(body: readonly Char[], limit: number): string[] | null | undefined {
  if (!body.every((ch) => ch.active)) return undefined;
  const t = text(body);
  const ints = INTEGERS.exec(t);
  const letters = ints ? null : LETTERS.exec(t);
  const m = ints ?? letters;
  if (!m) return undefined;
  const from = ints ? Number(m[1]) : m[1]!.charCodeAt(0);
  const to = ints ? Number(m[2]) : m[2]!.charCodeAt(0);
  const step = Math.abs(Number(m[3] ?? 1)) || 1;
  const count = Math.floor(Math.abs(to - from) / step) + 1;
  if (count > limit) return null;
  // Bash pads when an end starts with 0 or -0 (`{+01..3}` is not padded), to the longer end as
  // written, its sign included (`{01..+10}` is 001 … 010).
  const width = ints && [m[1]!, m[2]!].some((e) => /^-?0\d/.test(e)) ? Math.max(m[1]!.length, m[2]!.length) : 0;
  const dir = to >= from ? 1 : -1;
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const v = from + dir * k * step;
    out.push(ints ? pad(v, width) : String.fromCharCode(v));
  }
  return out;
}

function pad(v: number, width: number): string {
  const digits = String(Math.abs(v)).padStart(v < 0 ? width - 1 : width, '0');
  return v < 0 ? `-${digits}` : digits;
}

function text(chars: readonly Char[]): string {
  return chars.map((ch) => ch.c).join('');
}
