// The lexer's word edges: where a word starts when it is made of several pieces, a line
// continuation or `#` inside a word, digits glued to a redirection (a descriptor only when they are
// the whole unquoted word), and quotes and backslashes the command never closes.
import { strict as assert } from 'node:assert';
import { lex } from '../../../src/core/shell/lex';
import { brief } from './lexBrief';

describe('the lexer: words and their offsets', () => {
  const rows: Array<[string, string, string[]]> = [
    ['a word of several pieces starts at its first piece, at the start of the command too', 'a"b"', ['w0-4:ab']],
    ['a word of several pieces starts at its first piece after other words', 'x a"b"', ['w0-1:x', 'w2-6:ab']],
    ['a # after a quoted piece is part of the word, not a comment', '"a"#b c', ['w0-5:a#b', 'w6-7:c']],
    ['a # after a quoted piece of a later word is part of it too', 'echo "a"#b', ['w0-4:echo', 'w5-10:a#b']],
    ['a # between words starts a comment to the end of the line', 'a #b c\nd', ['w0-1:a', '#:#b c', 'op:"\\n"', 'w7-8:d']],
    ['>( is a process substitution that the shell writes into, not <(', 'cat >(tee b)', ['w0-3:cat', 'w4-12:>(tee b)']],
    ['a lone digit glued to > is its descriptor', '2>f', ['r0-2:2>', 'w2-3:f']],
    ['several digits glued to > are the descriptor', '12>f', ['r0-3:12>', 'w3-4:f']],
    ['quoted digits are a word of their own, not a descriptor', '"2">f', ['w0-3:2', 'r3-4:>', 'w4-5:f']],
    ['digits after a letter are a word, not a descriptor', 'a2>f', ['w0-2:a2', 'r2-3:>', 'w3-4:f']],
    ['digits before a letter are a word, not a descriptor', '2a>f', ['w0-2:2a', 'r2-3:>', 'w3-4:f']],
    ['digits followed by a quoted piece are a word, not a descriptor', '2"x">f', ['w0-4:2x', 'r4-5:>', 'w5-6:f']],
    ['a word glued to > ends there and the target is a word of its own', 'echo a>f', ['w0-4:echo', 'w5-6:a', 'r6-7:>', 'w7-8:f']],
    ['a backslash ending the command ends its word at the end of the command', 'echo a\\', ['w0-4:echo', 'w5-7:a\\']],
    ['( glued after a word is an operator, not a substitution', 'a(b)', ['w0-1:a', 'op:"("', 'w2-3:b', 'op:")"']],
  ];
  for (const [rule, src, want] of rows) {
    it(rule, () => assert.deepEqual(brief(src), want));
  }

  it('an unquoted piece is a closed piece', () => {
    assert.deepEqual(lex('echo').tokens, [
      { kind: 'word', pieces: [{ kind: 'text', quote: '', raw: 'echo', value: 'echo', closed: true }], value: 'echo', start: 0, end: 4 },
    ]);
  });

  it('a line continuation inside a word stays in its raw text, at the start of the command too', () => {
    const [first] = lex('a\\\nb').tokens;
    assert.deepEqual(first, { kind: 'word', pieces: [{ kind: 'text', quote: '', raw: 'a\\\nb', value: 'ab', closed: true }], value: 'ab', start: 0, end: 4 });
  });

  it('a single quote never closed keeps all the text after it and is marked open', () => {
    const l = lex("echo 'abc");
    assert.deepEqual(l.tokens[1], { kind: 'word', pieces: [{ kind: 'text', quote: "'", raw: 'abc', value: 'abc', closed: false }], value: 'abc', start: 5, end: 9 });
    assert.equal(l.unterminated, true);
  });

  it('a substitution never closed is read as written, with no closer added', () => {
    assert.deepEqual(brief('echo $(ls'), ['w0-4:echo', 'w5-9:$(ls']);
  });
});

describe('the lexer: what is closed is not unterminated', () => {
  const closed = ['echo $(ls)', "echo $'a'", 'echo ${x}', 'echo ${x} y'];
  for (const src of closed) {
    it(`${JSON.stringify(src)} closes everything it opens`, () => assert.equal(lex(src).unterminated, false));
  }
});
