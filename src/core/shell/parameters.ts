// What a `${…}` parameter expansion makes of a value the guard knows, as bash makes it: a default
// (`.cl${x:-aude}`), an alternative, a prefix or suffix removed (`${PWD%/*}`), a replacement, a
// substring (`${HOME:0:0}`), a case change or a length. A reader that knows only `${name}` reads
// each of these as text, and a path spelled through one goes by it.
import { globPattern } from '../seal/glob';

/** A variable's value, or undefined when the guard cannot know it (set outside the command). */
export type Lookup = (name: string) => string | undefined;

/** A name, an array element (`a[0]`, `a[@]`), a positional or a special parameter. */
const NAME = /^(?:[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?|\d+|[@*#?$!-])/;

/**
 * The value of `${body}`, or null when it cannot be known before the command runs. A variable the
 * guard does not know is read as unset for a default (`${x:-w}`, `${x=w}`) and as set for an
 * alternative (`${x:+w}`): those are the readings an agent spelling a path through one relies on,
 * and a variable set outside the command is not the agent's to choose. `word` expands the words
 * inside (a default may hold `$HOME`).
 */
export function expandParameter(body: string, lookup: Lookup, word: (text: string) => string): string | null {
  const length = /^#([A-Za-z_][A-Za-z0-9_]*(?:\[\d+\])?|\d+)$/.exec(body);
  if (length) {
    const v = lookup(length[1]!);
    return v === undefined ? null : String([...v].length);
  }
  const name = NAME.exec(body)?.[0];
  if (name === undefined || body.startsWith('!')) return null;
  const value = lookup(name);
  const rest = body.slice(name.length);
  if (rest === '') return value ?? null;
  const fallback = /^(:?)([-=+?])([\s\S]*)$/.exec(rest);
  if (fallback) {
    const [, colon, op, text = ''] = fallback;
    const unset = value === undefined ? op !== '+' : value === '' ? colon === ':' : false;
    if (op === '+') return unset ? '' : unquote(word(text));
    if (!unset) return value ?? null;
    return op === '?' ? null : unquote(word(text));
  }
  if (value === undefined) return null;
  return transformed(value, rest, word);
}

/** A known value through the operator that follows its name: `#`, `%`, `/`, `:offset`, `^`, `,` or `@`. */
function transformed(value: string, rest: string, word: (text: string) => string): string | null {
  const strip = /^(##?|%%?)([\s\S]*)$/.exec(rest);
  if (strip) return stripped(value, strip[1]!, unquote(word(strip[2]!)));
  const replace = /^\/([/#%]?)((?:\\.|[^/])*)(?:\/([\s\S]*))?$/.exec(rest);
  if (replace) return replaced(value, replace[1]!, unquote(word(replace[2]!)), unquote(word(replace[3] ?? '')));
  const slice = /^:\s*(-?\d+)\s*(?::\s*(-?\d+)\s*)?$/.exec(rest);
  if (slice) return substring(value, Number(slice[1]), slice[2] === undefined ? undefined : Number(slice[2]));
  if (/^\^\^?$/.test(rest)) return rest === '^^' ? value.toUpperCase() : value.charAt(0).toUpperCase() + value.slice(1);
  if (/^,,?$/.test(rest)) return rest === ',,' ? value.toLowerCase() : value.charAt(0).toLowerCase() + value.slice(1);
  if (rest === '@U') return value.toUpperCase();
  if (rest === '@L') return value.toLowerCase();
  if (rest === '@u') return value.charAt(0).toUpperCase() + value.slice(1);
  return null;
}

/** `${v#p}` and `${v##p}` remove the shortest and longest prefix matching `p`; `%` and `%%` a suffix. */
function stripped(value: string, op: string, pattern: string): string | null {
  const re = globPattern(pattern.replace(/\//g, '\u0000'));
  if (re === null) return null;
  const v = value.replace(/\//g, '\u0000');
  const cuts = [...Array(value.length + 1).keys()];
  const prefix = op.startsWith('#');
  // Shortest first for `#` and `%`, longest first for `##` and `%%`: a prefix grows with the cut, a suffix shrinks.
  const order = prefix === (op.length === 1) ? cuts : cuts.reverse();
  for (const k of order) {
    if (prefix ? re.test(v.slice(0, k)) : re.test(v.slice(k))) return prefix ? value.slice(k) : value.slice(0, k);
  }
  return value;
}

/** `${v/p/r}` replaces the first longest match, `//` every one, `/#` one at the start, `/%` one at the end. */
function replaced(value: string, op: string, pattern: string, replacement: string): string | null {
  // An empty pattern matches only where `/#` and `/%` anchor it.
  if (pattern === '') return op === '#' ? replacement + value : op === '%' ? value + replacement : value;
  const re = globPattern(pattern.replace(/\//g, '\u0000'));
  if (re === null) return null;
  // `//` with a pattern that also matches nothing (`*`, `?(z)`) matches between every two
  // characters as well: left unread.
  if (op === '/' && re.test('')) return null;
  const v = value.replace(/\//g, '\u0000');
  // The end of the longest match that starts at `i`, an empty one included, or -1.
  const matchAt = (i: number): number => {
    for (let j = value.length; j >= i; j--) if ((op !== '%' || j === value.length) && re.test(v.slice(i, j))) return j;
    return -1;
  };
  if (op !== '/') {
    // The first match, from the first place it can start (`/#` only at the start).
    for (let i = 0; i <= (op === '#' ? 0 : value.length); i++) {
      const j = matchAt(i);
      if (j >= 0) return value.slice(0, i) + replacement + value.slice(j);
    }
    return value;
  }
  let out = '';
  for (let i = 0; i < value.length; ) {
    const j = matchAt(i);
    out += j < 0 ? value[i] : replacement;
    i = j < 0 ? i + 1 : j;
  }
  return out;
}

/** `${v:offset:length}`: a negative offset counts from the end, a negative length stops that far from it. */
function substring(value: string, offset: number, length: number | undefined): string | null {
  // An offset from the end past the start gives nothing, as bash gives.
  if (offset < 0 && value.length + offset < 0) return '';
  const start = offset < 0 ? value.length + offset : Math.min(offset, value.length);
  if (length === undefined) return value.slice(start);
  const end = length < 0 ? value.length + length : start + length;
  return end < start ? null : value.slice(start, end);
}

/** Quotes inside a word of an expansion are removed, as bash removes them. */
function unquote(text: string): string {
  return text.replace(/'([^']*)'|"((?:\\.|[^"\\])*)"|\\(.)/g, (_, single?: string, double?: string, escaped?: string) => single ?? (double !== undefined ? double.replace(/\\([$`"\\])/g, '$1') : escaped ?? ''));
}

/**
 * The text with every `${…}` whose value can be known replaced by it, the others left as written.
 * Nested ones (`${a:-${b}}`) are read from the inside, through `word`.
 */
export function expandBraced(text: string, lookup: Lookup, word: (text: string) => string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('${', i);
    if (open < 0) break;
    const close = closingBrace(text, open + 2);
    if (close < 0) break;
    const value = expandParameter(text.slice(open + 2, close), lookup, word);
    out += text.slice(i, open) + (value ?? text.slice(open, close + 1));
    i = close + 1;
  }
  return out + text.slice(i);
}

/** The index of the `}` that closes a `${` whose body starts at `from`, stepping over nested ones and quotes; -1 for none. */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let j = from; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\\') j++;
    else if (c === "'") {
      const end = text.indexOf("'", j + 1);
      if (end < 0) return -1;
      j = end;
    } else if (c === '$' && text[j + 1] === '{') {
      depth++;
      j++;
    } else if (c === '}' && --depth === 0) return j;
  }
  return -1;
}
