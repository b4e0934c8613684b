// Sizes are estimates: four characters per token, and an image priced by its dimensions the way
// Anthropic documents it (width x height / 750 after scaling the long edge to 1568 and the area to
// 1.15 megapixels). Base64 image data is never counted as characters.
import type { Block } from './messages';

export const CHARS_PER_TOKEN = 4;
const MAX_IMAGE_TOKENS = 1600; // an image whose size cannot be read is priced at the largest size

/** Estimated tokens of any JSON value (a request, a message, a block). */
export function estimateTokens(value: unknown): number {
  const acc = { chars: 0, tokens: 0 };
  walk(value, acc);
  return Math.ceil(acc.chars / CHARS_PER_TOKEN) + acc.tokens;
}

// Messages are never changed once parsed (the rule builds new ones), so an estimate per message
// object holds; a replay, which resends the same objects request after request, estimates each once.
const perObject = new WeakMap<object, number>();

/** estimateTokens of a message (or block) object, remembered per object. */
export function objectTokens(m: object): number {
  let n = perObject.get(m);
  if (n === undefined) {
    n = estimateTokens(m);
    perObject.set(m, n);
  }
  return n;
}

function walk(v: unknown, acc: { chars: number; tokens: number }): void {
  if (typeof v === 'string') { acc.chars += v.length + 2; return; }
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) { acc.chars += String(v).length; return; }
  if (Array.isArray(v)) {
    acc.chars += 2 + v.length;
    for (const x of v) walk(x, acc);
    return;
  }
  if (typeof v === 'object' && v) {
    const o = v as Record<string, unknown>;
    if (o.type === 'image' && typeof o.source === 'object' && o.source) {
      acc.tokens += imageTokens(o as Block);
      return;
    }
    for (const [k, x] of Object.entries(o)) {
      acc.chars += k.length + 4;
      walk(x, acc);
    }
  }
}

export function imageTokens(block: Block): number {
  const source = block.source as Record<string, unknown>;
  const dims = source.type === 'base64' && typeof source.data === 'string' ? imageSize(source.data) : null;
  if (!dims) return MAX_IMAGE_TOKENS;
  let { w, h } = dims;
  const long = Math.max(w, h);
  if (long > 1568) { w = (w * 1568) / long; h = (h * 1568) / long; }
  const area = w * h;
  if (area > 1_150_000) { const s = Math.sqrt(1_150_000 / area); w *= s; h *= s; }
  return Math.max(1, Math.ceil((w * h) / 750));
}

/** Width and height from the header of a base64 PNG, GIF, JPEG or WebP; null when unreadable. */
export function imageSize(b64: string): { w: number; h: number } | null {
  let bytes: Uint8Array;
  try {
    const head = atob(b64.slice(0, 65536 - (65536 % 4)).replace(/[^A-Za-z0-9+/=]/g, ''));
    bytes = Uint8Array.from(head, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  const u16be = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  const u16le = (i: number) => bytes[i]! | (bytes[i + 1]! << 8);
  const u32be = (i: number) => ((bytes[i]! << 24) >>> 0) + (bytes[i + 1]! << 16) + (bytes[i + 2]! << 8) + bytes[i + 3]!;
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50) return { w: u32be(16), h: u32be(20) };
  if (bytes.length >= 10 && bytes[0] === 0x47 && bytes[1] === 0x49) return { w: u16le(6), h: u16le(8) };
  if (bytes.length >= 30 && bytes[0] === 0x52 && bytes[8] === 0x57) {
    const kind = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
    if (kind === 'VP8X') return { w: 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16)), h: 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16)) };
    if (kind === 'VP8L') {
      const b = (i: number) => bytes[21 + i]!;
      return { w: 1 + (((b(1) & 0x3f) << 8) | b(0)), h: 1 + (((b(3) & 0xf) << 10) | (b(2) << 2) | ((b(1) & 0xc0) >> 6)) };
    }
    if (kind === 'VP8 ') return { w: u16le(26) & 0x3fff, h: u16le(28) & 0x3fff };
    return null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let i = 2; i + 9 < bytes.length; ) {
      if (bytes[i] !== 0xff) { i++; continue; }
      const marker = bytes[i + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { w: u16be(i + 7), h: u16be(i + 5) };
      }
      i += 2 + u16be(i + 2);
    }
  }
  return null;
}
