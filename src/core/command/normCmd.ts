// Equality, not containment: two commands prove the same thing only when they run the same thing.
// normCmd forgives just what cannot change what runs: runs of white space outside quotes, quotes
// around a token made only of plain path characters, and the home folder however it is written.
// Everything else (operators, redirections, prefixes, spacing around operators) stays as written.

const HOME = '\u0000';
// Characters that mean the same quoted or not. `~` is left out: unquoted at a word's start it expands.
const PLAIN = /^[A-Za-z0-9_.\/@%+=:,\-\u0000]+$/;

type Quote = '' | "'" | '"';
interface Segment {
  quote: Quote;
  text: string;
}

export function normCmd(command: string, home: string | null): string {
  return tokenize(command)
    .map((segments) => renderToken(segments.map((s, i) => markHome(s, i === 0, home))))
    .join(' ')
    .split(HOME)
    .join('~');
}

/** Splits on unquoted white space; each token keeps its quoted and unquoted pieces. */
function tokenize(command: string): Segment[][] {
  const tokens: Segment[][] = [];
  let token: Segment[] = [];
  let seg: Segment | null = null;
  const flush = () => {
    if (seg) token.push(seg);
    seg = null;
  };
  const endToken = () => {
    flush();
    if (token.length) tokens.push(token);
    token = [];
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    const current = seg as Segment | null;
    if (current && current.quote) {
      if (c === current.quote) {
        flush();
      } else if (current.quote === '"' && c === '\\' && i + 1 < command.length) {
        current.text += c + command[++i];
      } else {
        current.text += c;
      }
      continue;
    }
    if (c === ' ' || c === '\t') {
      endToken();
    } else if (c === "'" || c === '"') {
      flush();
      seg = { quote: c, text: '' };
    } else {
      if (!current) seg = { quote: '', text: '' };
      if (c === '\\' && i + 1 < command.length) {
        seg!.text += c + command[++i];
      } else {
        seg!.text += c;
      }
    }
  }
  // An unterminated quote keeps its opening mark so it never equals a terminated one.
  const open = seg as Segment | null;
  if (open && open.quote) {
    open.text = open.quote + open.text;
    open.quote = '';
  }
  endToken();
  return tokens;
}

function markHome(seg: Segment, first: boolean, home: string | null): Segment {
  let text = seg.text;
  // A literal home path is the home folder in any quoting; the variable forms expand outside '...'.
  if (home && home !== '/') text = replaceHomePath(text, home);
  if (seg.quote !== "'") text = text.replace(/\$\{HOME\}|\$HOME(?![A-Za-z0-9_])/g, HOME);
  if (seg.quote === '' && first && /^~(?=\/|$)/.test(text)) text = HOME + text.slice(1);
  return { quote: seg.quote, text };
}

function replaceHomePath(text: string, home: string): string {
  const trimmed = home.replace(/\/+$/, '');
  let out = '';
  let at = 0;
  for (;;) {
    const hit = text.indexOf(trimmed, at);
    if (hit < 0) break;
    const after = text[hit + trimmed.length];
    const before = hit === 0 ? undefined : text[hit - 1];
    const boundaryBefore = before === undefined || /[\s=:'"]/.test(before);
    if (boundaryBefore && (after === undefined || after === '/')) {
      out += text.slice(at, hit) + HOME;
    } else {
      out += text.slice(at, hit + trimmed.length);
    }
    at = hit + trimmed.length;
  }
  return out + text.slice(at);
}

function renderToken(segments: Segment[]): string {
  const joined = segments.map((s) => s.text).join('');
  if (joined.length > 0 && segments.every((s) => PLAIN.test(s.text) || (s.quote === '' && s.text === ''))) {
    return joined;
  }
  return segments.map((s) => s.quote + s.text + s.quote).join('');
}
