// The edges of brace expansion and of the shell words around it: a parameter beside braces, a
// parameter whose default holds braces, a sequence with a quoted end, zero padding as bash does it,
// the word limit met by alternatives alone, and the glob and wrapper readings next to them. Each
// brace row is also held to the real bash.
import { strict as assert } from 'node:assert';
import { braceExpand } from '../../../src/core/shell/braces';
import { globReach } from '../../../src/core/shell/globReach';
import { bashWords, word } from './bashOracle';
import { isInterpreter, stripPrefix } from '../../../src/core/shell/verbs';

// [the word, the words bash makes of it, whether the real bash can be asked (no parameter in it)]
const rows: Array<[string, string[], boolean]> = [
  ['$x{a,b}', ['$xa', '$xb'], false],
  ['a{${X},b}', ['a${X}', 'ab'], false],
  ['${X:-{a}{b,c}}', ['${X:-{a}{b,c}}'], false],
  ['{a,b}$(echo x', ['a$(echo x', 'b$(echo x'], false],
  // A backslash ending the command is itself (bash -c 'echo {a,b}\\' prints a\\ b\\); in the oracle's
  // script it would escape the `;` after it, so bash is not asked.
  ['{a,b}\\', ['a\\', 'b\\'], false],
  ["{1..'3'}", ['{1..3}'], true],
  ["{'1'..3}", ['{1..3}'], true],
  ['{98..100}', ['98', '99', '100'], true],
  ['{+01..3}', ['1', '2', '3'], true],
  ['{01..+10}', ['001', '002', '003', '004', '005', '006', '007', '008', '009', '010'], true],
  ['{+1..03}', ['01', '02', '03'], true],
  ['{-01..1}', ['-01', '000', '001'], true],
];

describe('brace expansion at its edges', () => {
  for (const [text, words] of rows) {
    it(`${text} makes ${JSON.stringify(words)}`, () => assert.deepEqual(braceExpand(word(text)), words));
  }

  it('the rows bash can be asked about are what bash makes', () => {
    const differ = rows.filter(([, , ask]) => ask).filter(([text, words]) => JSON.stringify(bashWords(text)) !== JSON.stringify(words));
    assert.deepEqual(differ, []);
  });

  it('alternatives that make exactly the limit are expanded', () => {
    assert.deepEqual(braceExpand(word('{a,b,c,d}'), 4), ['a', 'b', 'c', 'd']);
  });
});

describe('a glob part holding a bracket class', () => {
  it('`.[[:punct:]]` may be `..`, so what follows it is read from the folder above', () => {
    assert.deepEqual(globReach('src/.[[:punct:]]/.claude'), { path: '.', within: true });
  });
});

describe('wrappers and interpreter names', () => {
  // [the words, the command past assignments and wrappers]
  const cases: Array<[string[], string[]]> = [
    [['--foo=1', 'rm'], ['--foo=1', 'rm']],
    [['sudo', '5', 'x'], ['5', 'x']],
    [['sudo', '-u', 'bob'], ['bob']],
    [['env', '9=x', 'rm'], ['9=x', 'rm']],
    [['env', 'F-=1', 'rm'], ['F-=1', 'rm']],
    [['timeout', '5', 'rm', 'x'], ['rm', 'x']],
    [['timeout', 'a5', 'x'], ['a5', 'x']],
    [['timeout', 'rm', 'x'], ['rm', 'x']],
  ];
  for (const [words, rest] of cases) {
    it(`${words.join(' ')} runs ${rest.join(' ')}`, () => assert.deepEqual(stripPrefix(words), rest));
  }

  it('a name ending in python is not python', () => assert.equal(isInterpreter('notpython3'), false));
  it('python3.12 is python', () => assert.equal(isInterpreter('python3.12'), true));
});
