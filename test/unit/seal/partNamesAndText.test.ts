// partName for each kind of part, and partText for a Makefile's variables and a JSON key written
// with an escape (found, but with no line). Expected values are literal.
import { strict as assert } from 'node:assert';
import { partName, partText } from '../../../src/core/seal/parts';

const NAMES: Array<[string, string]> = [
  ['json:scripts.test', 'scripts.test'],
  ['section:tool.pytest.ini_options', '[tool.pytest.ini_options]'],
  ['target:check', 'make target check'],
  ['vars', 'make variables'],
];

describe('partName names each kind of part', () => {
  for (const [part, want] of NAMES) {
    it(`${part} is named ${want}`, () => assert.equal(partName(part), want));
  }
});

describe('partText edges', () => {
  it("a Makefile's variables are one per line", () => {
    assert.deepEqual(partText('A = 1\nB = 2\n', 'vars'), { text: 'A = 1\nB = 2', line: null });
  });
  it('a key written with an escape is read but has no line', () => {
    assert.deepEqual(partText('{"scripts": {"t\\u0065st": "x"}}', 'json:scripts.test'), { text: 'x', line: null });
  });
  it('a script found by its key has the line of the key', () => {
    assert.deepEqual(partText('{\n "scripts": {\n  "test": "x"\n }\n}', 'json:scripts.test'), { text: 'x', line: 3 });
  });
});
