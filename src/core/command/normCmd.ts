// Equality, not containment: two commands prove the same thing only when they run the same thing.
// normCmd forgives just what cannot change what runs: runs of white space outside quotes, quotes
// around a token made only of plain path characters, and the home folder however it is written.
// Everything else (operators, redirections, prefixes, spacing around operators) stays as written.

import { lex, type Quote, type Word } from '../shell/lex';

const HOME = '\u0000';
// Characters that mean the same quoted or not. `~` is left out: unquoted at a word's start it expands.
// eslint-disable-next-line no-control-regex -- \u0000 is HOME, what `~` and $HOME become while a word is normalized
const PLAIN = /^[A-Za-z0-9_./@%+=:,\-\u0000]+$/;

interface Segment {
  quote: Quote;
  text: string;
}

// No quoting, expansion, operator or comment: nothing to read but the blanks between words.
const SIMPLE = /^[^'"`$\\~#\n<>&|;()]*$/;

export function normCmd(command: string, home: string | null): string {
  const homeText = home && home !== '/' ? home.replace(/\/+$/, '') : null;
  if (SIMPLE.test(command) && !(homeText && command.includes(homeText))) return command.split(/[ \t]+/).filter(Boolean).join(' ');
  return render(command, home).split(HOME).join('~');
}

/**
 * The shared lexer's tokens, written back with one space wherever the command had blanks and
 * nothing where it had none, so `a&&b` and `a && b` stay apart.
 */
function render(command: string, home: string | null): string {
  let out = '';
  let end = -1;
  for (const t of lex(command).tokens) {
    if (end >= 0) out += t.start > end ? ' ' : '';
    end = t.end;
    if (t.kind === 'word') out += renderWord(t, home);
    else if (t.kind === 'op' || t.kind === 'redirect') out += command.slice(t.start, t.end);
    else if (t.kind === 'comment') out += t.text.replace(/[ \t]+/g, ' ').trimEnd();
    else out += t.body;
  }
  return out;
}

function renderWord(word: Word, home: string | null): string {
  const texts: Segment[] = [];
  let plain = true;
  for (const [i, p] of word.pieces.entries()) {
    if (p.kind === 'sub') {
      // What runs inside is a command of its own, with its own blanks to forgive.
      const close = p.open === '`' ? '`' : ')';
      texts.push({ quote: '', text: p.open + render(p.body, home) + (p.closed ? close : '') });
      plain = false;
      continue;
    }
    // An unterminated quote keeps its opening mark so it never equals a terminated one.
    const seg = markHome(p.closed ? { quote: p.quote, text: p.raw } : { quote: '', text: p.quote + p.raw }, i === 0, home);
    if (!(PLAIN.test(seg.text) || (seg.quote === '' && seg.text === ''))) plain = false;
    texts.push(seg);
  }
  if (plain) return texts.map((s) => s.text).join('');
  return texts.map((s) => s.quote + s.text + (s.quote === "$'" ? "'" : s.quote)).join('');
}

function markHome(seg: Segment, first: boolean, home: string | null): Segment {
  let text = seg.text;
  // A literal home path is the home folder in any quoting; the variable forms expand outside '...'.
  if (home && home !== '/') text = replaceHomePath(text, home);
  if (seg.quote !== "'" && seg.quote !== "$'") text = text.replace(/\$\{HOME\}|\$HOME(?![A-Za-z0-9_])/g, HOME);
  // Bash expands `~` only up to an unquoted `/` or the word's end: `~"/x"` and `~'x'` stay as written.
  // A word that is `~` alone needs no marking: HOME is written back as `~`.
  if (seg.quote === '' && first && /^~\//.test(text)) text = HOME + text.slice(1);
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
