// The INI/TOML section reader at its edges: a section whose name is the start of another's, the
// lines before the first header, an indented header line, a header on the first line, and list
// values that continue on indented lines or up to a TOML array's `]`, with brackets and quotes.
import { strict as assert } from 'node:assert';
import { sectionLine, sectionList, sectionText } from '../../../src/core/seal/ini';

describe('sectionText keeps a section and its own subsections only', () => {
  const CASES: Array<[string, string, string, string | null]> = [
    ['a header whose name only starts with the section name is another section', '[tool.pytest]\na = 1\n[tool.pytestx]\nb = 2\n', 'tool.pytest', '[tool.pytest]\na = 1'],
    ['the lines before the first header belong to no section', 'top = 1\n[x]\nb = 2\n', 'x', '[x]\nb = 2'],
    ['a file without the section has none', 'top = 1\n[y]\nb = 2\n', 'x', null],
  ];
  for (const [title, text, name, expected] of CASES) {
    it(title, () => assert.equal(sectionText(text, name), expected));
  }
});

describe("sectionLine finds a section's header line", () => {
  const CASES: Array<[string, string, string, number | null]> = [
    ['a header indented and followed by spaces is found', 'a = 1\n  [x]  \nb = 2\n', 'x', 2],
    ['a header on the first line is line 1', '[x]\nb = 2\n', 'x', 1],
    ['a missing section has no line', '[y]\nb = 2\n', 'x', null],
  ];
  for (const [title, text, name, expected] of CASES) {
    it(title, () => assert.equal(sectionLine(text, name), expected));
  }
});

describe('sectionList reads a key as a list of words', () => {
  const CASES: Array<[string, string, string[] | null]> = [
    ['an INI value ends at the next line that is not indented', '[p]\ntestpaths = tests\nother = x y\n', ['tests']],
    ['a continuation line indented by one space continues the value', '[p]\ntestpaths = a\n b\nother = x\n', ['a', 'b']],
    ['a TOML array continues over lines that are not indented up to its ]', '[p]\ntestpaths = [\n"a",\n"b"\n]\nother = "x"\n', ['a', 'b']],
    ['an array never closed stops at the end of the section', '[p]\ntestpaths = [\n  "a",', ['a']],
    ['a bracket between words separates them', '[p]\ntestpaths = a]b\n', ['a', 'b']],
    ['a quote inside a word stays; only the outer quotes go', '[p]\ntestpaths = "a"b" c\n', ['a"b', 'c']],
    ['a missing key is null', '[p]\nother = x\n', null],
  ];
  for (const [title, section, expected] of CASES) {
    it(title, () => assert.deepEqual(sectionList(section, 'testpaths'), expected));
  }
});
