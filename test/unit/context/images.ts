// Image headers built byte by byte, so the size reader is tested on each format's own layout.

function b64(bytes: number[]): string {
  return Buffer.from(bytes).toString('base64');
}

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function pngOf(width: number, height: number, tail = 64): string {
  return b64([0x89, ...text('PNG'), 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), ...text('IHDR'), ...be32(width), ...be32(height), 8, 6, 0, 0, 0, ...new Array<number>(tail).fill(0)]);
}

export function gifOf(width: number, height: number): string {
  return b64([...text('GIF89a'), ...le16(width), ...le16(height), 0xf7, 0, 0, ...new Array<number>(32).fill(0)]);
}

export function webpOf(kind: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): string {
  const head = [...text('RIFF'), 0, 0, 0, 0, ...text('WEBP'), ...text(kind), 10, 0, 0, 0];
  if (kind === 'VP8X') return b64([...head, 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1), ...new Array<number>(16).fill(0)]);
  if (kind === 'VP8L') {
    const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
    return b64([...head, 0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255, ...new Array<number>(16).fill(0)]);
  }
  return b64([...head, 0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), ...new Array<number>(16).fill(0)]);
}

/** A JPEG whose start of frame (`sof`, C0 baseline or C2 progressive) follows an APP1 segment of `exifBytes`. */
export function jpegOf(width: number, height: number, opts: { sof?: number; exifBytes?: number } = {}): string {
  const exif = opts.exifBytes ?? 20;
  const app1 = [0xff, 0xe1, ...be16(exif + 2), ...new Array<number>(exif).fill(0x41)];
  // A Huffman table (C4) before the frame: a marker in the C0-CF range that carries no size.
  const dht = [0xff, 0xc4, ...be16(4), 0, 0];
  const sof = [0xff, opts.sof ?? 0xc0, ...be16(17), 8, ...be16(height), ...be16(width), 3, ...new Array<number>(9).fill(1)];
  return b64([0xff, 0xd8, ...app1, ...dht, ...sof, 0xff, 0xda, ...new Array<number>(32).fill(0)]);
}

export function imageBlock(data: string, mediaType = 'image/png'): { type: 'image'; source: { type: 'base64'; media_type: string; data: string } } {
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
}
