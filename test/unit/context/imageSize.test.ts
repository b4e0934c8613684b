// Images are priced by their pixels, so the reader must find the size in each format's header;
// a transcript stores images as base64, and only the start of the data is decoded.
import { strict as assert } from 'node:assert';
import { imageDimensions } from '../../../src/core/context/imageSize';
import { imageTokens, MAX_IMAGE_TOKENS } from '../../../src/core/context/estimate';
import { gifOf, jpegOf, pngOf, webpOf } from './images';

describe('the size of an image from its base64 header', () => {
  const cases: Array<[string, string, { width: number; height: number } | null]> = [
    ['a PNG', pngOf(1280, 720), { width: 1280, height: 720 }],
    ['a GIF', gifOf(320, 200), { width: 320, height: 200 }],
    ['an extended WebP', webpOf('VP8X', 3000, 2000), { width: 3000, height: 2000 }],
    ['a lossless WebP', webpOf('VP8L', 800, 600), { width: 800, height: 600 }],
    ['a lossy WebP', webpOf('VP8 ', 640, 480), { width: 640, height: 480 }],
    ['a baseline JPEG after a short EXIF segment', jpegOf(1024, 768), { width: 1024, height: 768 }],
    ['a progressive JPEG', jpegOf(500, 375, { sof: 0xc2 }), { width: 500, height: 375 }],
    ['a JPEG whose frame follows 40 KB of EXIF', jpegOf(4032, 3024, { exifBytes: 40_000 }), { width: 4032, height: 3024 }],
    ['a PNG cut before its size', pngOf(10, 10).slice(0, 16), null],
    ['text that is no image', Buffer.from('hello world, not an image at all').toString('base64'), null],
    ['data that is not base64', '!!!!', null],
  ];
  for (const [what, data, want] of cases) {
    it(`reads ${what}`, () => assert.deepEqual(imageDimensions(data), want));
  }
});

describe("an image's tokens, as Anthropic prices them", () => {
  const cases: Array<[string, number, number, number]> = [
    ['a small image costs width * height / 750', 200, 200, 54],
    ['a 1000 px square', 1000, 1000, 1334],
    ['an image at the documented 1092 px square', 1092, 1092, 1590],
    ['a wide image is scaled to a 1568 px long edge', 3000, 1000, 1094],
    ['a 12-megapixel photo costs no more than the cap', 4032, 3024, 1600],
    ['a long strip too', 4000, 100, 82],
  ];
  for (const [what, w, h, want] of cases) {
    it(`${what} (${w}x${h}: ${want})`, () => assert.equal(imageTokens(w, h), want));
  }
  it('an image of unknown size costs the most an image can', () => assert.equal(imageTokens(0, 0), MAX_IMAGE_TOKENS));
});
