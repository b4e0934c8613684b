// The parser at its edges: which redirections take a here-document body, when a leading `!`
// negates, what an operator with nothing on one side joins, which operators end a list item, and
// which words count as written plainly.
import { strict as assert } from 'node:assert';
import { isPlainWord, parse } from '../../../src/core/shell/parse';
import { lex, type Word } from '../../../src/core/shell/lex';

/** Each redirect of the first command as `op:body`. */
const bodies = (src: string): string[] => {
  const c = parse(src).list[0]!.pipelines[0]!.commands[0]!;
  return c.redirects.map((r) => `${r.op}:${r.body === null ? 'null' : JSON.stringify(r.body)}`);
};

describe('parse: only a here-document operator takes the body that follows', () => {
  const rows: Array<[string, string, string[]]> = [
    ['an output redirection before a here-document leaves the body to the here-document', 'cat >f <<EOF\nb\nEOF\n', ['>:null', '<<:"b\\nEOF"']],
    ['a here-string before a here-document leaves the body to the here-document', 'cat <<<x <<EOF\nb\nEOF\n', ['<<<:null', '<<:"b\\nEOF"']],
    ['a here-document with a file descriptor still takes its body', 'cat 2<<EOF\nb\nEOF\n', ['2<<:"b\\nEOF"']],
    ['a tab-stripping here-document with a file descriptor takes its body', 'cat 3<<-EOF\nb\nEOF\n', ['3<<-:"b\\nEOF"']],
  ];
  for (const [rule, src, want] of rows) it(rule, () => assert.deepEqual(bodies(src), want));
});

describe('parse: a leading ! negates only when written as a bare !', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a bare ! negates the pipeline', '! true', true],
    ['a quoted ! is a command name, not a negation', "'!' true", false],
    ['a ! glued to an empty quote is a command name, not a negation', "!'' true", false],
  ];
  for (const [rule, src, bang] of rows) it(rule, () => assert.equal(parse(src).list[0]!.pipelines[0]!.bang, bang));
});

describe('parse: an operator with nothing on one side joins nothing', () => {
  const rows: Array<[string, string, string[]]> = [
    ['an operator at the end joins nothing', 'a &&', []],
    ['a doubled operator keeps only the one after a pipeline', 'a && && b || c', ['&&', '||']],
    ['an operator between two pipelines joins them', 'a || b', ['||']],
  ];
  for (const [rule, src, ops] of rows) {
    it(rule, () => {
      const ao = parse(src).list[0]!;
      assert.deepEqual(ao.ops, ops);
      assert.equal(ao.ops.length, ops.length);
    });
  }
});

describe('parse: the terminators of a list item', () => {
  const rows: Array<[string, string, Array<[number, number, number]>]> = [
    ['a newline ends an item and belongs to it', 'a\nb', [[0, 1, 2], [2, 3, 3]]],
    ['a ;; ends an item and belongs to it', 'a;;b', [[0, 1, 3], [3, 4, 4]]],
    ['a ;& ends an item and belongs to it', 'a;&b', [[0, 1, 3], [3, 4, 4]]],
    ['a subshell right after a command starts an item of its own', 'a (b)', [[0, 1, 1], [2, 5, 5]]],
  ];
  for (const [rule, src, want] of rows) {
    it(rule, () => assert.deepEqual(parse(src).list.map((ao) => [ao.start, ao.end, ao.through]), want));
  }
});

describe('isPlainWord: a word is plain only when no part of it is quoted or expanded', () => {
  const word = (src: string): Word => {
    const t = lex(src).tokens[0]!;
    assert.equal(t.kind, 'word');
    return t;
  };
  const rows: Array<[string, string, boolean]> = [
    ['an unquoted word is plain', 'if', true],
    ['a single-quoted word is not plain', "'if'", false],
    ['a double-quoted word is not plain', '"if"', false],
    ['a word with a quoted part is not plain', 'i"f"', false],
    ['a word with a backslash is not plain', 'i\\f', false],
    ['a word with a dollar is not plain', 'i$f', false],
  ];
  for (const [rule, src, plain] of rows) it(rule, () => assert.equal(isPlainWord(word(src)), plain));
});
