// The lexer's tokens grouped the way the shell runs them: a list of and-or lists (split by `;`,
// `&` and newlines), each of pipelines joined by `&&`/`||`, each pipeline of commands joined by
// `|`, each command simple or a `( … )` subshell. Reserved words (if, then, for, { …) stay plain
// words: readers that care look at a command's first word. It never throws: a `)` with no `(`
// is dropped and an unclosed `(` ends with the command.
import { lex, type Token, type Word } from './lex';

export interface Redirect {
  /** With its descriptor: `>`, `2>`, `&>>`, `<<`, `2>&`. */
  op: string;
  target: Word | null;
  /** A here-document's lines (through the delimiter line), for `<<` and `<<-`. */
  body: string | null;
}

export interface SimpleCommand {
  kind: 'simple';
  words: Word[];
  redirects: Redirect[];
  start: number;
  end: number;
}

export interface Subshell {
  kind: 'subshell';
  list: AndOr[];
  redirects: Redirect[];
  start: number;
  end: number;
}

export type Command = SimpleCommand | Subshell;

export interface Pipeline {
  /** Led by `!`: the status is inverted. */
  bang: boolean;
  commands: Command[];
  start: number;
  end: number;
}

export interface AndOr {
  pipelines: Pipeline[];
  /** ops[k] joins pipelines[k] and pipelines[k + 1]. */
  ops: ('&&' | '||')[];
  /** Run in the background (ended by `&`). */
  background: boolean;
  start: number;
  /** Where its last pipeline ends. */
  end: number;
  /** Where its terminator ends (`;`, `&`, a newline), or `end` when it has none. */
  through: number;
}

export interface Script {
  list: AndOr[];
  /** Bodies of the substitutions in words, to read as commands of their own. */
  subs: string[];
  unterminated: boolean;
  /** Whether the command holds a comment. */
  comment: boolean;
}

export function parse(src: string): Script {
  const { tokens, subs, unterminated } = lex(src);
  let at = 0;
  const heredocs: Redirect[] = [];
  let comment = false;

  const peek = (): Token | undefined => {
    // Comments and here-document bodies sit between commands; they are taken in passing.
    for (;;) {
      const t = tokens[at];
      if (t?.kind === 'comment') {
        comment = true;
        at++;
      } else if (t?.kind === 'heredoc') {
        const r = heredocs.shift();
        if (r) r.body = t.body;
        at++;
      } else return t;
    }
  };
  const isOp = (t: Token | undefined, ...ops: string[]): boolean => t?.kind === 'op' && ops.includes(t.op);

  const redirect = (op: string): Redirect => {
    const next = peek();
    let target: Word | null = null;
    if (next?.kind === 'word') {
      target = next;
      at++;
    }
    const r: Redirect = { op, target, body: null };
    if (/^\d*<<-?$/.test(op)) heredocs.push(r);
    return r;
  };

  const command = (): Command | null => {
    const t = peek();
    if (isOp(t, '(')) {
      at++;
      const inner = list(true);
      let end = inner.length ? inner[inner.length - 1]!.through : t!.end;
      const close = peek();
      if (isOp(close, ')')) {
        at++;
        end = close!.end;
      }
      const redirects: Redirect[] = [];
      for (let r = peek(); r?.kind === 'redirect'; r = peek()) {
        at++;
        const red = redirect(r.op);
        redirects.push(red);
        end = red.target?.end ?? r.end;
      }
      return { kind: 'subshell', list: inner, redirects, start: t!.start, end };
    }
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    let start = -1;
    let end = -1;
    for (let x = peek(); x && (x.kind === 'word' || x.kind === 'redirect'); x = peek()) {
      if (start < 0) start = x.start;
      at++;
      if (x.kind === 'word') {
        words.push(x);
        end = x.end;
      } else {
        const red = redirect(x.op);
        redirects.push(red);
        end = red.target?.end ?? x.end;
      }
    }
    return start < 0 ? null : { kind: 'simple', words, redirects, start, end };
  };

  const pipeline = (): Pipeline | null => {
    let bang = false;
    const first = peek();
    if (first?.kind === 'word' && first.value === '!' && first.pieces.length === 1 && first.pieces[0]!.kind === 'text' && first.pieces[0]!.quote === '') {
      bang = true;
      at++;
    }
    const commands: Command[] = [];
    for (;;) {
      const c = command();
      if (c) commands.push(c);
      if (!isOp(peek(), '|', '|&')) break;
      at++;
    }
    if (!commands.length) return null;
    return { bang, commands, start: bang ? first!.start : commands[0]!.start, end: commands[commands.length - 1]!.end };
  };

  const andOr = (): AndOr | null => {
    const pipelines: Pipeline[] = [];
    const ops: ('&&' | '||')[] = [];
    for (;;) {
      const p = pipeline();
      if (p) pipelines.push(p);
      const t = peek();
      if (!isOp(t, '&&', '||')) break;
      at++;
      if (p) ops.push((t as { op: '&&' | '||' }).op);
    }
    // An operator left with nothing after it joins nothing.
    ops.length = Math.max(0, pipelines.length - 1);
    if (!pipelines.length) return null;
    const end = pipelines[pipelines.length - 1]!.end;
    return { pipelines, ops, background: false, start: pipelines[0]!.start, end, through: end };
  };

  function list(nested: boolean): AndOr[] {
    const out: AndOr[] = [];
    for (;;) {
      const item = andOr();
      const t = peek();
      if (item) out.push(item);
      if (isOp(t, ';', '\n', '&', ';;', ';&')) {
        at++;
        if (item) {
          item.background = (t as { op: string }).op === '&';
          item.through = t!.end;
        }
        continue;
      }
      if (isOp(t, ')')) {
        if (nested) return out;
        at++; // a `)` that closes nothing
        continue;
      }
      if (t === undefined) return out;
      if (!item) at++; // cannot happen with the tokens lex makes; never loop on one
    }
  }

  const top = list(false);
  return { list: top, subs, unterminated, comment };
}

/** Every command in the order the shell starts them: a subshell before the commands inside it. */
export function allCommands(list: AndOr[]): Command[] {
  const out: Command[] = [];
  const visit = (items: AndOr[]) => {
    for (const ao of items) {
      for (const p of ao.pipelines) {
        for (const c of p.commands) {
          out.push(c);
          if (c.kind === 'subshell') visit(c.list);
        }
      }
    }
  };
  visit(list);
  return out;
}

/** Every simple command, in order, those inside subshells included. */
export function simpleCommands(list: AndOr[]): SimpleCommand[] {
  return allCommands(list).filter((c): c is SimpleCommand => c.kind === 'simple');
}

/** Whether a word is written without any quoting or expansion (so `if` is the reserved word). */
export function isPlainWord(w: Word): boolean {
  return w.pieces.every((p) => p.kind === 'text' && p.quote === '' && !p.raw.includes('\\') && !p.raw.includes('$'));
}
