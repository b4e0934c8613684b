// Runner settings read from config files without running them: looseValue's bracket lists,
// quoted items and bare words, YAML booleans; stringList's filtering of non-strings; and the INI
// and TOML sections (headers with spaces, comments or junk after the bracket) and their lists
// continued on indented lines.
import { strict as assert } from 'node:assert';
import { looseValue } from '../../../src/core/seal/configText';
import { sectionList, sectionText } from '../../../src/core/seal/ini';
import { stringList } from '../../../src/core/seal/jsonc';

const VALUES: Array<[string, string, string, unknown]> = [
  ['a list of single-quoted items', "spec: ['test/a.js', 'test/b.js']\n", 'spec', ['test/a.js', 'test/b.js']],
  ['a list of double-quoted items', 'spec: ["ab", "cd"]\n', 'spec', ['ab', 'cd']],
  ['a list ends at its ]; a later quoted value is not in it', "spec: ['ab'], other: 'c'\n", 'spec', ['ab']],
  ['a list of bare words, spaces trimmed', 'spec: [ab, cd]\n', 'spec', ['ab', 'cd']],
  ['a list of bare words with an empty item', 'spec: [ab, , cd]\n', 'spec', ['ab', 'cd']],
  ['an empty list', 'spec: []\n', 'spec', []],
  ['true', 'bail: true\n', 'bail', true],
  ['false', 'bail: false\n', 'bail', false],
  ['a word that is not a boolean', 'bail: yes\n', 'bail', 'yes'],
];

const LISTS: Array<[string, unknown, string[]]> = [
  ['a string', 'a', ['a']],
  ['only the strings of an array', ['a', 1, null, 'b', true], ['a', 'b']],
  ['an array of strings', ['a', 'b'], ['a', 'b']],
  ['a number', 3, []],
];

const SECTIONS: Array<[string, string, string | null]> = [
  ['a header with spaces inside the brackets', '[ pytest ]\naddopts = -x\n', '[ pytest ]\naddopts = -x'],
  ['a line with words after the ] is not a header', '[pytest]\na = 1\n[other] junk\nb = 2\n', '[pytest]\na = 1\n[other] junk\nb = 2'],
  ['a line with a word before the [ is not a header', '[pytest]\nx[other]\nb = 2\n', '[pytest]\nx[other]\nb = 2'],
  ['a line with a word right after the ] is not a header', '[pytest]\n[other]x\nb = 2\n', '[pytest]\n[other]x\nb = 2'],
  ['a header with a comment after it ends the section', '[pytest]\na = 1\n[other] #comment\nb = 2\n', '[pytest]\na = 1'],
  ['an indented header ends the section', '[pytest]\na = 1\n  [other]\nb = 2\n', '[pytest]\na = 1'],
];

const SECTION_LISTS: Array<[string, string, string[]]> = [
  ['a list continued on indented lines', 'testpaths =\n    tests\n    integration\n', ['tests', 'integration']],
  ['a comment at the end of the first line', 'testpaths = a # note\n  b\n', ['a', 'b']],
];

describe('looseValue of a config file that is not JSON', () => {
  for (const [what, text, key, want] of VALUES) {
    it(`${what}: ${JSON.stringify(text)}`, () => assert.deepEqual(looseValue(text, key), want));
  }
});

describe('stringList of a setting', () => {
  for (const [what, v, want] of LISTS) {
    it(`${what} gives ${JSON.stringify(want)}`, () => assert.deepEqual(stringList(v), want));
  }
});

describe('sectionText by its headers', () => {
  for (const [what, text, want] of SECTIONS) {
    it(what, () => assert.equal(sectionText(text, 'pytest'), want));
  }
});

describe('sectionList over continuation lines', () => {
  for (const [what, section, want] of SECTION_LISTS) {
    it(what, () => assert.deepEqual(sectionList(section, 'testpaths'), want));
  }
});
