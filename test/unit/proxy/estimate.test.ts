import assert from 'node:assert/strict';
import { estimateTokens, imageSize, imageTokens } from '../../../src/core/proxy/estimate';

function png(w: number, h: number): string {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b.toString('base64') + 'A'.repeat(400_000);
}
const image = (data: string) => ({ type: 'image', source: { type: 'base64', media_type: 'image/png', data } });
const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
const le16 = (n: number) => [n & 0xff, n >> 8];
const be16 = (n: number) => [n >> 8, n & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const gif = (w: number, h: number) => [...ascii('GIF89a'), ...le16(w), ...le16(h), 0, 0];
const riff = (kind: string, body: number[]) => [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP'), ...ascii(kind), ...body];
// A JPEG: an APP0 segment of `app` bytes, then the frame header (marker, length 11, precision, height, width).
const jpeg = (marker: number, w: number, h: number, app = 16) =>
  [0xff, 0xd8, 0xff, 0xe0, ...be16(app), ...new Array<number>(app - 2).fill(0), 0xff, marker, 0, 11, 8, ...be16(h), ...be16(w), 3, 0, 0, 0, 0];

describe('proxy size estimates', () => {
  it('counts text at four characters a token', () => {
    assert.ok(Math.abs(estimateTokens({ text: 'x'.repeat(4000) }) - 1000) < 10);
  });

  const images: Array<[string, string, number]> = [
    ['a 200x100 PNG by its pixels', png(200, 100), Math.ceil(20_000 / 750)],
    ['a 3000x1000 PNG scaled to a 1568 px long edge', png(3000, 1000), Math.ceil((1568 * (1000 * 1568 / 3000)) / 750)],
    ['an image whose size cannot be read at the largest price', 'not-an-image', 1600],
  ];
  for (const [name, data, want] of images) {
    it(`prices ${name}, never its base64 length`, () => {
      assert.equal(imageTokens(image(data)), want);
      assert.equal(estimateTokens({ content: [image(data)] }) - estimateTokens({ content: [] }) <= want + 2, true);
    });
  }

  it('reads the size from a PNG header', () => assert.deepEqual(imageSize(png(640, 480)), { w: 640, h: 480 }));

  const headers: Array<[string, string, { w: number; h: number } | null]> = [
    ['a PNG wider than 2^31 pixels, unsigned', b64([0x89, 0x50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 1, 0x01, 0x02, 0x03, 0x04]), { w: 2147483649, h: 0x01020304 }],
    ['a PNG header cut short of its size', b64([0x89, 0x50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2]), null],
    ['a GIF', b64(gif(300, 0x0102)), { w: 300, h: 258 }],
    ['a GIF header cut short', b64(gif(300, 258).slice(0, 9)), null],
    ['a WebP VP8X', b64(riff('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, ...le24(0x010203 - 1), ...le24(0x020304 - 1)])), { w: 0x010203, h: 0x020304 }],
    // VP8L: signature 0x2f at byte 20, then 14 bits of width - 1 and 14 bits of height - 1, little-endian.
    ['a WebP VP8L', b64(riff('VP8L', [0, 0, 0, 0, 0x2f, ...le16(((1000 - 1) | ((700 - 1) << 14)) & 0xffff), ...le16((((1000 - 1) | ((700 - 1) << 14)) >>> 16) & 0xffff), 0, 0, 0, 0, 0])), { w: 1000, h: 700 }],
    ['a WebP VP8L of the largest size', b64(riff('VP8L', [0, 0, 0, 0, 0x2f, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0, 0, 0])), { w: 16384, h: 16384 }],
    // VP8: a 14-bit width and height at bytes 26 and 28, their top two bits a scale.
    ['a WebP VP8', b64(riff('VP8 ', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...le16(0xc000 | 640), ...le16(0x4000 | 480)])), { w: 640, h: 480 }],
    ['a WebP of another kind', b64(riff('ALPH', new Array<number>(14).fill(0))), null],
    ['a WebP cut short of 30 bytes', b64(riff('VP8X', new Array<number>(13).fill(0))), null],
    ['a RIFF file that is not WebP', b64([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('AVI '), ...ascii('VP8X'), ...new Array<number>(14).fill(0)]), null],
    ['a baseline JPEG', b64(jpeg(0xc0, 800, 600)), { w: 800, h: 600 }],
    ['a progressive JPEG after a longer segment', b64(jpeg(0xc2, 0x1234, 0x0203, 40)), { w: 0x1234, h: 0x0203 }],
    ['a JPEG with a SOF15 frame', b64(jpeg(0xcf, 10, 20)), { w: 10, h: 20 }],
    ['a JPEG whose only segments are a Huffman table, JPG and arithmetic coding', b64([...jpeg(0xc4, 1, 1), ...jpeg(0xc8, 1, 1).slice(2), ...jpeg(0xcc, 1, 1).slice(2)]), null],
    ['a JPEG with a marker past SOF15', b64(jpeg(0xd0, 10, 20)), null],
    ['a JPEG with a marker before SOF0', b64(jpeg(0xbf, 10, 20)), null],
    ['a JPEG with padding bytes before its frame', b64([0xff, 0xd8, 0, 0, 0xff, 0xc0, 0, 11, 8, ...be16(7), ...be16(9), 3, 0, 0]), { w: 9, h: 7 }],
    ['a JPEG whose frame ends short of the header', b64([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, ...be16(7), ...be16(9)]), null],
    ['base64 with characters that are not base64 among it', b64(gif(5, 6)).split('').join('*'), { w: 5, h: 6 }],
    ['a GIF followed by more than 64 KiB, with bad padding past the head', b64(gif(5, 6)) + 'A'.repeat(70_000) + '=A', { w: 5, h: 6 }],
    ['text that does not decode', 'abcde', null],
    // A format is told by its first bytes: the rest of a header alone reads as nothing.
    ['a PNG size without the first PNG byte', b64([0, 0x50, ...new Array<number>(14).fill(0), 0, 0, 1, 0, 0, 0, 1, 0]), null],
    ['a PNG size without the second PNG byte', b64([0x89, 0, ...new Array<number>(14).fill(0), 0, 0, 1, 0, 0, 0, 1, 0]), null],
    ['a GIF size without the second GIF byte', b64([0x47, 0, 0, 0, 0, 0, 5, 0, 6, 0]), null],
    ['a GIF of exactly 10 bytes', b64(gif(5, 6).slice(0, 10)), { w: 5, h: 6 }],
    ['a WebP header without the first RIFF byte', b64([0, ...riff('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 5, 0, 0]).slice(1)]), null],
    ['a JPEG frame without the first JPEG byte', b64([0, 0xd8, 0xff, 0xc0, 0, 11, 8, ...be16(7), ...be16(9), 3, 0, 0]), null],
    ['a JPEG frame without the second JPEG byte', b64([0xff, 0, 0xff, 0xc0, 0, 11, 8, ...be16(7), ...be16(9), 3, 0, 0]), null],
  ];
  for (const [name, data, want] of headers) {
    it(`reads the size of ${name}`, () => assert.deepEqual(imageSize(data), want));
  }

  const priced: Array<[string, object, number]> = [
    ['a 1x1 PNG at the least price', image(png(1, 1)), 1],
    ['a 0x0 PNG at the least price', image(png(0, 0)), 1],
    ['a 1568x1568 PNG scaled to 1.15 megapixels', image(png(1568, 1568)), 1534],
    ['a 1000x3000 PNG scaled by its long edge, the height', image(png(1000, 3000)), 1093],
    ['an image from a URL at the largest price', { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }, 1600],
    ['base64 source without data at the largest price', { type: 'image', source: { type: 'base64' } }, 1600],
    ['a URL source that also carries data at the largest price: only base64 data is read', { type: 'image', source: { type: 'url', url: 'https://example.com/a.png', data: png(200, 100) } }, 1600],
  ];
  for (const [name, block, want] of priced) {
    it(`prices ${name}`, () => assert.equal(imageTokens(block as Parameters<typeof imageTokens>[0]), want));
  }

  // Each string counts its length and 2 quotes, each key its length and 4, each array 2 and one a
  // separator per item, numbers, booleans and null their printed length; then 4 characters a token.
  const values: Array<[string, unknown, number]> = [
    ['a string', 'abcdefg', 3],
    ['an empty string', '', 1],
    ['a number', 123456789, 3],
    ['true', true, 1],
    ['false', false, 2],
    ['null', null, 1],
    ['undefined', undefined, 0],
    ['an array of strings', ['a', 'b', 'c'], 4],
    ['an empty array', [], 1],
    ['an object', { ab: 'cd', e: 1 }, 4],
    ['a nested object', { a: { b: [1, 2] } }, 4],
    ['a non-image block with a source', { type: 'document', source: { type: 'text', data: 'x' } }, 14],
    ['an image block whose source is a string, as characters', { type: 'image', source: 'abc' }, 8],
    ['an image block whose source is null, as characters', { type: 'image', source: null }, 8],
    ['an image among other fields, at its price plus their characters', { a: { type: 'image', source: { type: 'url' } } }, 1602],
  ];
  for (const [name, value, want] of values) {
    it(`estimates ${name} at ${want} tokens`, () => assert.equal(estimateTokens(value), want));
  }
});
