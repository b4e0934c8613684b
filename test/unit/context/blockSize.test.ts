// The size of each kind of content block as the model reads it, and an image's tokens when its
// size is partly unknown or the area, not the long edge, limits it.
import { strict as assert } from 'node:assert';
import { blockSize, contentSize, imageTokens, type Size } from '../../../src/core/context/estimate';
import { pngOf } from './images';

describe('the size of a content block by its kind', () => {
  const cases: Array<[string, unknown, Size]> = [
    ['a thinking block without its text counts nothing', { type: 'thinking', signature: 'sig' }, { chars: 0, imageTokens: 0 }],
    ['a redacted thinking block counts nothing', { type: 'redacted_thinking', data: 'opaque' }, { chars: 0, imageTokens: 0 }],
    ['a text document counts its text', { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'abcdef' } }, { chars: 6, imageTokens: 0 }],
    ['a PDF document is left to the calibration', { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' } }, { chars: 0, imageTokens: 0 }],
    ['a text document whose data is no string counts nothing', { type: 'document', source: { type: 'text', data: 42 } }, { chars: 0, imageTokens: 0 }],
    ['a document without a source counts nothing', { type: 'document' }, { chars: 0, imageTokens: 0 }],
    ['a block of a kind not known here counts its JSON', { type: 'custom', x: 1 }, { chars: 23, imageTokens: 0 }],
    ['an image of base64 data is priced by its pixels', { type: 'image', source: { type: 'base64', media_type: 'image/png', data: pngOf(200, 200) } }, { chars: 0, imageTokens: 54 }],
    ['an image by URL costs the most an image can, even with a data field', { type: 'image', source: { type: 'url', url: 'https://example.com/a.png', data: pngOf(200, 200) } }, { chars: 0, imageTokens: 1600 }],
    ['an image whose base64 data is no string costs the most', { type: 'image', source: { type: 'base64', data: 42 } }, { chars: 0, imageTokens: 1600 }],
    ['an image whose base64 data is no known format costs the most', { type: 'image', source: { type: 'base64', data: 'aGVsbG8gd29ybGQ=' } }, { chars: 0, imageTokens: 1600 }],
    ['an image without a source costs the most', { type: 'image' }, { chars: 0, imageTokens: 1600 }],
  ];
  for (const [what, block, want] of cases) it(what, () => assert.deepEqual(blockSize(block), want));
  it('a string in a content list counts its characters', () => assert.deepEqual(contentSize(['abcd', { type: 'text', text: 'ef' }]), { chars: 6, imageTokens: 0 }));
});

describe("an image's tokens at the edges of its size", () => {
  const cases: Array<[string, number, number, number]> = [
    ['zero width is an unknown size', 0, 100, 1600],
    ['zero height is an unknown size', 100, 0, 1600],
    // 1500 px is under the long edge, but 2.25 megapixels is scaled to about 1.2: 1095 x 1095.
    ['a 1500 px square is scaled by its area', 1500, 1500, 1599],
  ];
  for (const [what, w, h, want] of cases) it(`${what} (${w}x${h}: ${want})`, () => assert.equal(imageTokens(w, h), want));
});
