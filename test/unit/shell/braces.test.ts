// Bash brace expansion as the guard reads it: the words bash makes of one word, in bash's order,
// with quoted, escaped and `${…}` braces left as written. Each row is also run through the real
// bash, so a row that says what bash does not is caught.
import { strict as assert } from 'node:assert';
import { braceExpand } from '../../../src/core/shell/braces';
import { bashWords, word } from './bashOracle';

// [the word as written, the words bash makes of it]
const cases: Array<[string, string[]]> = [
  ['src/{x,..}/.claude/proofmeter', ['src/x/.claude/proofmeter', 'src/../.claude/proofmeter']],
  ['{src,.claude}', ['src', '.claude']],
  ['{rm,-rf,.claude}', ['rm', '-rf', '.claude']],
  ['.clau{d..d}e', ['.claude']],
  ['plain', ['plain']],
  ['{}', ['{}']],
  ['{}/x', ['{}/x']],
  ['{a}', ['{a}']],
  ['x{a,{b}}', ['xa', 'x{b}']],
  ['{a,{b}', ['{a,{b}']],
  ['{a,b}}', ['a}', 'b}']],
  ['{{a,b}', ['{a', '{b']],
  ['{a,b', ['{a,b']],
  ['{a,b}{', ['a{', 'b{']],
  ['{a}{b,c}', ['{a}b', '{a}c']],
  ['a{b,c}d{e,f}', ['abde', 'abdf', 'acde', 'acdf']],
  ['a{b{c,d}e,f}g', ['abceg', 'abdeg', 'afg']],
  ['{a,b}{c,d}{e,f}', ['ace', 'acf', 'ade', 'adf', 'bce', 'bcf', 'bde', 'bdf']],
  ['a{,}b', ['ab', 'ab']],
  ['{,a}', ['a']],
  ['""{,a}', ['', 'a']],
  ['--x={a,b}', ['--x=a', '--x=b']],
  ["'{a,b}'", ['{a,b}']],
  ['\\{a,b\\}', ['{a,b}']],
  ['{a,b\\}', ['{a,b}']],
  ['{a,"b,c"}', ['a', 'b,c']],
  ['{a"{b,c}"}', ['{a{b,c}}']],
  ['{1..3}', ['1', '2', '3']],
  ['{3..1}', ['3', '2', '1']],
  ['{9..11}', ['9', '10', '11']],
  ['{-1..1}', ['-1', '0', '1']],
  ['{+1..2}', ['1', '2']],
  ['{1..+3}', ['1', '2', '3']],
  ['{1..3..0}', ['1', '2', '3']],
  ['{3..1..-1}', ['3', '2', '1']],
  ['{1..2..-1}', ['1', '2']],
  ['{10..1..3}', ['10', '7', '4', '1']],
  ['{01..3}', ['01', '02', '03']],
  ['{007..10}', ['007', '008', '009', '010']],
  ['{-02..2}', ['-02', '-01', '000', '001', '002']],
  ['{a..c}', ['a', 'b', 'c']],
  ['{a..e..2}', ['a', 'c', 'e']],
  ['{a..c..-1}', ['a', 'b', 'c']],
  ['{z..a..5}', ['z', 'u', 'p', 'k', 'f', 'a']],
  ['{a..c}{1..2}', ['a1', 'a2', 'b1', 'b2', 'c1', 'c2']],
  ['{{1..2},.}', ['1', '2', '.']],
  ['{1.2..3}', ['{1.2..3}']],
  ['{aa..c}', ['{aa..c}']],
  ['{a..1}', ['{a..1}']],
  ['{a..b..}', ['{a..b..}']],
  ['${HOME}{a,b}', ['${HOME}a', '${HOME}b']],
  ['${X:-{a,b}}', ['${X:-{a,b}}']],
];

describe('bash brace expansion as the guard reads it', () => {
  for (const [text, words] of cases) {
    it(`${text} makes ${JSON.stringify(words)}`, () => {
      assert.deepEqual(braceExpand(word(text)), words);
    });
  }

  it('every row without a parameter is what the real bash makes', () => {
    const differ = cases.filter(([text]) => !text.includes('$')).filter(([text, words]) => JSON.stringify(bashWords(text)) !== JSON.stringify(words));
    assert.deepEqual(differ, []);
  });

  it('a word that would make more words than the limit is not expanded', () => {
    assert.equal(braceExpand(word('{1..5}'), 4), null);
    assert.equal(braceExpand(word('{a,b}{c,d}{e}'), 3), null);
    assert.equal(braceExpand(word('{a,b,c,d,e}'), 4), null);
    assert.equal(braceExpand(word('{{a,b},{c,d,e}}'), 4), null);
    assert.equal(braceExpand(word('x{1..100000000}')), null);
  });

  it('a word at the limit is expanded', () => {
    assert.deepEqual(braceExpand(word('{1..4}'), 4), ['1', '2', '3', '4']);
    assert.deepEqual(braceExpand(word('{a,b}{c,d}'), 4), ['ac', 'ad', 'bc', 'bd']);
  });

  it('a substitution inside the braces is one alternative, its commas no separator', () => {
    assert.deepEqual(braceExpand(word('{$(echo a,b),c}')), ['$(echo a,b)', 'c']);
    assert.deepEqual(braceExpand(word('{`echo a,b`,c}')), ['`echo a,b`', 'c']);
  });
});
