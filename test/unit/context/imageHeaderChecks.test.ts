// Each check of the image header reader, one input per check: a header that fails exactly one
// check is no image, data cut at a check's length bound is or is not read, and a JPEG's marker
// kinds (fill bytes, markers without a length, reserved and non-frame markers in C0-CF) are walked
// the way the format defines them.
import { strict as assert } from 'node:assert';
import { imageDimensions } from '../../../src/core/context/imageSize';
import { gifOf, pngOf, webpOf } from './images';

const bytes = (base64: string): number[] => [...Buffer.from(base64, 'base64')];
const b64 = (b: number[]): string => Buffer.from(b).toString('base64');
/** The data with byte `at` replaced. */
const patched = (base64: string, at: number, value: number): string => {
  const b = bytes(base64);
  b[at] = value;
  return b64(b);
};
const cut = (base64: string, n: number): string => b64(bytes(base64).slice(0, n));
const be16 = (n: number): number[] => [(n >>> 8) & 255, n & 255];
/** A JPEG segment with a length field and `payload` bytes. */
const segment = (marker: number, payload: number): number[] => [0xff, marker, ...be16(payload + 2), ...new Array<number>(payload).fill(0x41)];
const frame = (width: number, height: number, marker = 0xc0): number[] => [0xff, marker, ...be16(17), 8, ...be16(height), ...be16(width), 3, ...new Array<number>(9).fill(1)];
const jpeg = (...parts: number[][]): string => b64([0xff, 0xd8, ...parts.flat(), 0xff, 0xda, ...new Array<number>(32).fill(0)]);

describe('the image header checks, one at a time', () => {
  const cases: Array<[string, () => string, { width: number; height: number } | null]> = [
    ['a PNG of exactly 24 bytes, its header and size, is read', () => cut(pngOf(300, 200, 0), 24), { width: 300, height: 200 }],
    ['a PNG cut to 21 bytes is no image, though a byte of its height is there', () => cut(pngOf(10, 0x01000000), 21), null],
    ['a PNG whose first byte is not 0x89 is no image', () => patched(pngOf(300, 200), 0, 0x88), null],
    ['a PNG whose signature reads PNX is no image', () => patched(pngOf(300, 200), 3, 0x58), null],
    ['a PNG whose first chunk is not IHDR is no image', () => patched(pngOf(300, 200), 15, 0x58), null],
    ['a PNG of zero width is no image', () => pngOf(0, 720), null],
    ['a PNG of zero height is no image', () => pngOf(1280, 0), null],
    ['a GIF cut to 9 bytes is no image, though a byte of its height is there', () => cut(gifOf(320, 200), 9), null],
    ['an extended WebP of exactly 30 bytes is read', () => cut(webpOf('VP8X', 3000, 2000), 30), { width: 3000, height: 2000 }],
    ['an extended WebP cut to 27 bytes is no image', () => cut(webpOf('VP8X', 3000, 2000), 27), null],
    ['a WebP whose container reads RIFX is no image', () => patched(webpOf('VP8 ', 640, 480), 3, 0x58), null],
    ['a WebP whose form reads WEBQ is no image', () => patched(webpOf('VP8 ', 640, 480), 11, 0x51), null],
    ['a WebP of an unknown chunk VP8Y is no image', () => patched(webpOf('VP8 ', 640, 480), 15, 0x59), null],
    ['base64 of 4n+1 characters is read up to its last whole group', () => pngOf(300, 200) + 'A', { width: 300, height: 200 }],
  ];
  for (const [what, data, want] of cases) it(what, () => assert.deepEqual(imageDimensions(data()), want));
});

describe('the JPEG marker walk', () => {
  const cases: Array<[string, () => string, { width: number; height: number } | null]> = [
    ['fill bytes before a marker are skipped one by one', () => jpeg([0xff, 0xff], segment(0xe1, 20), frame(1024, 768)), { width: 1024, height: 768 }],
    ['a TEM marker (01) has no length', () => jpeg([0xff, 0x01], frame(1024, 768)), { width: 1024, height: 768 }],
    ['a restart marker D0 has no length', () => jpeg([0xff, 0xd0], frame(1024, 768)), { width: 1024, height: 768 }],
    ['a restart marker D7 has no length', () => jpeg([0xff, 0xd7], frame(1024, 768)), { width: 1024, height: 768 }],
    ['a reserved marker below C0 is a segment, not a frame', () => jpeg(segment(0x02, 10), frame(1024, 768)), { width: 1024, height: 768 }],
    ['the start of frame CF carries the size', () => jpeg(frame(640, 480, 0xcf)), { width: 640, height: 480 }],
    ['a JPG marker (C8) is a segment, not a frame', () => jpeg(segment(0xc8, 4), frame(1024, 768)), { width: 1024, height: 768 }],
    ['a DAC marker (CC) is a segment, not a frame', () => jpeg(segment(0xcc, 4), frame(1024, 768)), { width: 1024, height: 768 }],
    ['a segment that does not start with FF ends the walk', () => jpeg([0x00, 0xe1, 0, 22, ...new Array<number>(20).fill(0x41)], frame(1024, 768)), null],
    ['a frame of zero width is no image', () => jpeg(frame(0, 768)), null],
    ['a frame of zero height is no image', () => jpeg(frame(1024, 0)), null],
    // SOI (2) + a 25-byte segment + 9 bytes of the frame (or a 26-byte one + 8): the size's bytes
    // are there, or most of them, but a frame is read only with more bytes after its first nine.
    ['a frame cut to its first 9 bytes is not read', () => cut(jpeg(segment(0xe1, 21), frame(1024, 768)), 36), null],
    ['a frame cut to its first 8 bytes is not read', () => cut(jpeg(segment(0xe1, 22), frame(1024, 768)), 36), null],
    ['a frame past the first 256 K characters of base64 is not looked for', () => jpeg(segment(0xe1, 65_000), segment(0xe1, 65_000), segment(0xe1, 65_000), segment(0xe1, 65_000), frame(1024, 768)), null],
  ];
  for (const [what, data, want] of cases) it(what, () => assert.deepEqual(imageDimensions(data()), want));
});
