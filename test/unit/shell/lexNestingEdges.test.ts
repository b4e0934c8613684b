// How far a "…", $(…) or ${…} reaches: the scanners step over what they nest (quotes, backticks,
// substitutions, parentheses or braces of their own kind) and over a `case` pattern's `)`, but only
// where `case` is a command word. Reaching too far or too short splits or glues the words.
import { strict as assert } from 'node:assert';
import { lex } from '../../../src/core/shell/lex';
import { brief } from './lexBrief';

describe('the lexer: nesting', () => {
  const rows: Array<[string, string, string[], string[]]> = [
    ['a backtick inside "…" ends before the closing quote', 'echo "`a`"', ['w0-4:echo', 'w5-10:`a`'], ['a']],
    ['quotes inside ${…} inside "…" do not close the "…"', 'echo "${x:-"a b"}"', ['w0-4:echo', 'w5-18:${x:-"a b"}'], []],
    ['${…} inside "…" ends at its brace', 'echo "${x}"', ['w0-4:echo', 'w5-11:${x}'], []],
    ['a brace after a letter inside "…" opens nothing', 'echo "a{b"', ['w0-4:echo', 'w5-10:a{b'], []],
    ['case after a blank at the start of $(…) is a command word', 'echo $( case x in a) y;; esac)', ['w0-4:echo', 'w5-30:$( case x in a) y;; esac)'], [' case x in a) y;; esac']],
    ['case after a tab is a command word', 'echo $(echo;\tcase x in a) y;; esac)', ['w0-4:echo', 'w5-35:$(echo;\tcase x in a) y;; esac)'], ['echo;\tcase x in a) y;; esac']],
    ['case after another word is an argument, so the pattern ) closes the $(…)', 'echo $(x case y in a) b;; esac)', ['w0-4:echo', 'w5-21:$(x case y in a)', 'w22-23:b', 'op:";;"', 'w26-30:esac', 'op:")"'], ['x case y in a']],
    ['a word merely ending in case is no case', 'echo $(ecase)', ['w0-4:echo', 'w5-13:$(ecase)'], ['ecase']],
    ['( inside ${…} nests nothing', 'echo ${a(b}', ['w0-4:echo', 'w5-11:${a(b}'], []],
    ['{ inside $(…) nests nothing', 'echo $(echo {)', ['w0-4:echo', 'w5-14:$(echo {)'], ['echo {']],
    ['( inside $(…) nests to its )', 'echo $(a (b) c)', ['w0-4:echo', 'w5-15:$(a (b) c)'], ['a (b) c']],
    ['{ inside ${…} nests to its }', 'echo ${a{b} c}', ['w0-4:echo', 'w5-14:${a{b} c}'], []],
    ['a backtick inside $(…) ends before its )', 'echo $(`a`)', ['w0-4:echo', 'w5-11:$(`a`)'], ['`a`']],
    ['$(…) inside $(…) ends before the outer )', 'echo $($(a))', ['w0-4:echo', 'w5-12:$($(a))'], ['$(a)']],
    ['${…} inside $(…) ends before the outer )', 'echo $(${a})', ['w0-4:echo', 'w5-12:$(${a})'], ['${a}']],
    ['a brace after a letter inside $(…) opens nothing', 'echo $(a{b)', ['w0-4:echo', 'w5-11:$(a{b)'], ['a{b']],
    ['a bare parameter inside $(…) opens nothing', 'echo $(echo $x)', ['w0-4:echo', 'w5-15:$(echo $x)'], ['echo $x']],
  ];
  for (const [rule, src, want, subs] of rows) {
    it(rule, () => {
      const l = lex(src);
      assert.deepEqual(brief(src), want);
      assert.deepEqual(l.subs, subs);
      assert.equal(l.unterminated, false);
    });
  }
});
