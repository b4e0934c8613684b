// The Makefile reader line by line: tabs in a continued line, comments (at the start, after a
// value, with a stray CR), blank lines between a rule and its recipe, the include forms and their
// spacing, `+=` and plain `=` on a known variable, targets written after spaces, order-only `|`
// prerequisites, `;` recipes, and expandVars' $(MAKE), depth and `$$`.
import { strict as assert } from 'node:assert';
import { expandVars, parseMakefile, ruleText } from '../../../src/core/seal/makefile';

const recipe = (text: string, target: string) => parseMakefile(text).rules.get(target)?.recipe.map((r) => r.text) ?? null;

describe('parseMakefile reads recipes across continued, blank and comment lines', () => {
  const CASES: Array<[string, string, string[] | null]> = [
    ['a tab inside a continued line stays; only its leading tab goes', 'all:\n\techo a \\\nx\ty\n', ['echo a  x\ty']],
    ['a comment line between a rule and its recipe keeps the recipe', 'all:\n# c\n\techo hi\n', ['echo hi']],
    ['a blank line between a rule and its recipe keeps the recipe', 'all:\n\n\techo hi\n', ['echo hi']],
    ['`target: ; recipe` has its recipe on the rule line', 'all: ; echo hi\n', ['echo hi']],
  ];
  for (const [title, text, expected] of CASES) {
    it(title, () => assert.deepEqual(recipe(text, 'all'), expected));
  }
});

describe('parseMakefile reads variables and comments after them', () => {
  const CASES: Array<[string, string, string | undefined]> = [
    ['a comment after a value is dropped', 'X = a # cc\n', 'a'],
    ['`+=` with spaces after the value appends the value without them', 'X = a\nX += b   \n', 'a b'],
    ['a plain `=` on a known variable replaces its value', 'X = a\nX = b\n', 'b'],
  ];
  for (const [title, text, expected] of CASES) {
    it(title, () => assert.equal(parseMakefile(text).vars.get('X'), expected));
  }

  it('a comment holding a stray CR does not make the text after the CR a prerequisite', () => {
    assert.deepEqual(parseMakefile('all: # c\rx\n').rules.get('all')?.prereqs ?? [], []);
  });
});

describe('parseMakefile reads the include forms', () => {
  const CASES: Array<[string, string, string[]]> = [
    ['a word ending in include is no include', 'xinclude foo\n', []],
    ['a word ending in sinclude is no include', 'xsinclude foo\n', []],
    ['include after spaces is an include', ' include foo\n', ['foo']],
    ['sinclude after spaces is an include', ' sinclude foo\n', ['foo']],
    ['sinclude at the start of the line is an include', 'sinclude foo\n', ['foo']],
    ['include then a space and a CR splits at both', 'include \rx\n', ['x']],
    ['sinclude then a space and a CR splits at both', 'sinclude \rx\n', ['x']],
    ['an include line whose name holds a stray CR names no file', 'include a\rb\n', []],
    ['a sinclude line whose name holds a stray CR names no file', 'sinclude a\rb\n', []],
  ];
  for (const [title, text, expected] of CASES) {
    it(title, () => assert.deepEqual(parseMakefile(text).includes, expected));
  }
});

describe('parseMakefile reads targets and prerequisites', () => {
  it('a rule line that starts with spaces names its target, which is the default', () => {
    const mk = parseMakefile(' all: x\n');
    assert.equal(mk.defaultTarget, 'all');
    assert.deepEqual([...mk.rules.keys()], ['all']);
  });

  const CASES: Array<[string, string, string[]]> = [
    ['order-only prerequisites after | are prerequisites, the | is not', 'all: a | b\n', ['a', 'b']],
    ['a `;` recipe is not prerequisites', 'all: a ; echo hi\n', ['a']],
    ['a `;` right after the colon leaves no prerequisites', 'all: ; echo hi\n', []],
  ];
  for (const [title, text, expected] of CASES) {
    it(title, () => assert.deepEqual(parseMakefile(text).rules.get('all')?.prereqs, expected));
  }

  it("a rule's text puts a space between its prerequisites", () => {
    assert.equal(ruleText({ target: 'all', prereqs: ['a', 'b'], recipe: [{ text: 'echo hi', line: 2 }], line: 1 }), 'all: a b\n\techo hi');
  });
});

describe('expandVars puts values in', () => {
  const chain = () => new Map(Array.from({ length: 8 }, (_, k) => [`V${k}`, k < 7 ? `$(V${k + 1})` : 'end']));
  const CASES: Array<[string, string, () => Map<string, string>, string]> = [
    ['$(MAKE) is make, defined or not', '$(MAKE) -C sub', () => new Map(), 'make -C sub'],
    ['values are put in five levels deep and no deeper', '$(V0)', chain, '$(V6)'],
    ['a variable that names itself stops after five levels', '$(X)', () => new Map([['X', '$(X)']]), '$(X)'],
    ['$$ in a value is a $ once, at the top', '$(A)', () => new Map([['A', '$$$$']]), '$$'],
  ];
  for (const [title, text, vars, expected] of CASES) {
    it(title, () => assert.equal(expandVars(text, vars()), expected));
  }
});
