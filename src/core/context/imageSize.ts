// The pixel size of an image from the first bytes of its base64 data, without decoding it whole:
// PNG, GIF, WebP and JPEG, the formats the Messages API accepts. A transcript stores images as
// they were sent, so this is the size the provider priced.

export interface Dimensions {
  width: number;
  height: number;
}

/** Enough for every header but a JPEG whose start of frame follows large EXIF or ICC segments. */
const HEAD_CHARS = 4096;
/** How far into a JPEG the start of frame is looked for: a camera's EXIF thumbnail is within this. */
const JPEG_CHARS = 256 * 1024;

function decodeHead(base64: string, chars: number): Uint8Array | null {
  const head = base64.slice(0, chars - (chars % 4)).replace(/[^A-Za-z0-9+/]/g, '');
  const whole = head.slice(0, head.length - (head.length % 4));
  try {
    const bin = atob(whole);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

const u16be = (b: Uint8Array, i: number): number => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number): number => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

function ascii(b: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function png(b: Uint8Array): Dimensions | null {
  if (b.length < 24 || b[0] !== 0x89 || !ascii(b, 1, 'PNG') || !ascii(b, 12, 'IHDR')) return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): Dimensions | null {
  if (b.length < 10 || !ascii(b, 0, 'GIF8')) return null;
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

function webp(b: Uint8Array): Dimensions | null {
  if (b.length < 30 || !ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return null;
  if (ascii(b, 12, 'VP8X')) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (ascii(b, 12, 'VP8L')) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, 'VP8 ')) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return null;
}

function jpeg(b: Uint8Array): Dimensions | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // Every start of frame but DHT (C4), JPG (C8) and DAC (CC) carries the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

/** The image's size, or null when the data is not one of the four formats or is cut too short. */
export function imageDimensions(base64: string): Dimensions | null {
  const head = decodeHead(base64, HEAD_CHARS);
  if (!head) return null;
  const found = png(head) ?? gif(head) ?? webp(head);
  if (found) return found.width > 0 && found.height > 0 ? found : null;
  if (head[0] !== 0xff || head[1] !== 0xd8) return null;
  const more = base64.length > HEAD_CHARS ? decodeHead(base64, JPEG_CHARS) : head;
  const j = more ? jpeg(more) : null;
  return j && j.width > 0 && j.height > 0 ? j : null;
}
