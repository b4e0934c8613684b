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
});
