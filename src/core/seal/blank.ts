// Comments and the insides of strings blanked out (every character but newlines becomes a space),
// so the counters' patterns see only code: `it('calls it(')` is one case, `// it.only(` is not a
// focused test. Lengths and lines stay as they were, so a match's offset is its place in the file.
// This is a scanner, not a parser: a regex literal in JavaScript is told from a division by the
// token before it, which is right for the code tests are written in.

export type Lang = 'js' | 'py' | 'go' | 'rust';

export function langOf(path: string): Lang | null {
  if (/\.(?:[cm]?[jt]sx?)$/.test(path)) return 'js';
  if (/\.py$/.test(path)) return 'py';
  if (/\.go$/.test(path)) return 'go';
  if (/\.rs$/.test(path)) return 'rust';
  return null;
}

const blankOf = (s: string) => s.replace(/[^\n]/g, ' ');
/** The last character of a run that is not white space. */
const LAST_CODE = /(\S)\s*$/;

export function blankNonCode(text: string, lang: Lang): string {
  // Every character a branch below starts at (comments, strings, regexes, raw strings); each call
  // has its own, since the search keeps its place in lastIndex.
  const plain = /[/#"'`r]/g;
  let out = '';
  let i = 0;
  const n = text.length;
  /** Copies the delimiters, blanks what is between. */
  const emit = (open: number, bodyEnd: number, close: number) => {
    out += text.slice(i, open) + blankOf(text.slice(open, bodyEnd)) + text.slice(bodyEnd, close);
    i = close;
  };
  const until = (from: number, quote: string, escapes: boolean): number => {
    let j = from;
    while (j < n && !text.startsWith(quote, j)) {
      if (escapes && text[j] === '\\') j++;
      else if (quote.length === 1 && text[j] === '\n' && quote !== '`') return j;
      j++;
    }
    return Math.min(j, n);
  };
  let lastCode = '';
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if ((lang !== 'py' && c === '/' && next === '/') || (lang === 'py' && c === '#')) {
      const end = text.indexOf('\n', i);
      emit(i, end < 0 ? n : end, end < 0 ? n : end);
      continue;
    }
    if (lang !== 'py' && c === '/' && next === '*') {
      let depth = 0;
      let j = i;
      do {
        if (text.startsWith('/*', j)) {
          depth++;
          j += 2;
        } else if (text.startsWith('*/', j)) {
          depth--;
          j += 2;
        } else j++;
        // Only Rust nests block comments.
        if (lang !== 'rust' && depth > 1) depth = 1;
      } while (j < n && depth > 0);
      emit(i, j, j);
      continue;
    }
    if (lang === 'py' && (text.startsWith('"""', i) || text.startsWith("'''", i))) {
      const q = text.slice(i, i + 3);
      const end = until(i + 3, q, true);
      emit(i + 3, end, Math.min(end + 3, n));
      lastCode = q;
      continue;
    }
    // A raw string `r"…"`, `r#"…"#`, and its byte and C forms `br"…"`, `cr#"…"#`: no escapes inside.
    if (lang === 'rust' && c === 'r' && /^r#*"/.test(text.slice(i, i + 8)) && /(?:^|\W)[bc]?$/.test(text.slice(Math.max(0, i - 2), i))) {
      const hashes = /^r(#*)"/.exec(text.slice(i))![1]!;
      const open = i + 2 + hashes.length;
      const close = `"${hashes}`;
      const end = until(open, close, false);
      out += text.slice(i, open);
      i = open;
      emit(open, end, Math.min(end + close.length, n));
      continue;
    }
    if (lang === 'rust' && c === "'") {
      // A char literal ('a', '\n', '\u{1F600}'); otherwise a lifetime ('a), which is code.
      const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/.exec(text.slice(i, i + 14));
      if (m) {
        emit(i + 1, i + m[0].length - 1, i + m[0].length);
        continue;
      }
      out += c;
      i++;
      continue;
    }
    if (c === '"' || c === "'" || (c === '`' && (lang === 'js' || lang === 'go'))) {
      const end = until(i + 1, c, !(lang === 'go' && c === '`'));
      emit(i + 1, end, Math.min(end + 1, n));
      lastCode = c;
      continue;
    }
    if (lang === 'js' && c === '/' && regexAllowed(lastCode, out)) {
      const end = regexEnd(text, i + 1);
      if (end > 0) {
        emit(i + 1, end, end + 1);
        lastCode = '/';
        continue;
      }
    }
    // Up to the next character a branch above can start at, copied in one piece: one string
    // append per run instead of per character keeps a fresh process (the guard's) from spending
    // milliseconds per file in the interpreter.
    plain.lastIndex = i + 1;
    const j = plain.test(text) ? plain.lastIndex - 1 : n;
    const run = text.slice(i, j);
    const last = LAST_CODE.exec(run);
    if (last) lastCode = last[1]!;
    out += run;
    i = j;
  }
  return out;
}

/** A `/` starts a regex after an operator or an opening bracket, or after return/typeof and the like. */
function regexAllowed(lastCode: string, out: string): boolean {
  if (lastCode === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastCode)) return true;
  return /(?:^|[^\w$])(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)\s*$/.test(out.slice(-20));
}

/** The index of the `/` that closes a regex literal starting at `from`, or -1 when the line has none. */
function regexEnd(text: string, from: number): number {
  let inClass = false;
  for (let j = from; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\n') return -1;
    if (c === '\\') j++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return j;
  }
  return -1;
}
