import { lex, type Token } from '../../../src/core/shell/lex';

/** Each token as one short string, offsets included, so a table row can hold a whole reading. */
export function brief(src: string): string[] {
  return lex(src).tokens.map((t: Token): string => {
    if (t.kind === 'word') return `w${t.start}-${t.end}:${t.value}`;
    if (t.kind === 'op') return `op:${JSON.stringify(t.op)}`;
    if (t.kind === 'redirect') return `r${t.start}-${t.end}:${t.op}`;
    if (t.kind === 'heredoc') return `h:${JSON.stringify(t.body)}`;
    return `#:${t.text}`;
  });
}
