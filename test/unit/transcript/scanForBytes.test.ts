// The byte search used where there is no Buffer (the webview bundle) answers as Node's Buffer search
// does, so the engine reads a line the same in the extension's views as in the hooks.
import { strict as assert } from 'node:assert';
import { includesBytes, scanForBytes } from '../../../src/core/transcript/jsonLine';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

// [what, the line, the needle, whether the needle is in it]
const cases: Array<[string, string, string, boolean]> = [
  ['the empty needle is in any line', '{"type":"user"}', '', true],
  ['the empty needle is in the empty line', '', '', true],
  ['a needle at the start', '"type":"user"}', '"type"', true],
  ['a needle at the very end', '{"a":"tool_use"', 'tool_use"', true],
  ['a needle after a first byte that began a false start', 'aab', 'ab', true],
  ['a needle whose first byte comes again inside it', 'xxaxaxay', 'axay', true],
  ['a needle cut off by the end of the line', '{"a":"tool_us', 'tool_use', false],
  ['a needle longer than the line', 'ab', 'abc', false],
  ['a needle whose first byte is nowhere', 'abc', 'z', false],
  ['a needle in the empty line', '', 'a', false],
  ['the bytes of a needle in another order', 'ba', 'ab', false],
];

describe('the byte search without Buffer answers as the search with it', () => {
  for (const [what, hay, needle, found] of cases) {
    it(`${what}: ${JSON.stringify(needle)} in ${JSON.stringify(hay)} is ${found ? 'found' : 'not found'}`, () => {
      assert.equal(scanForBytes(bytes(hay), bytes(needle)), found, 'without Buffer');
      assert.equal(includesBytes(bytes(hay), bytes(needle)), found, 'with Buffer');
    });
  }
});
