// How big a piece of a Messages request is, without a tokenizer: characters / 4 for text, and
// images priced by their pixels the way Anthropic documents it ((width * height) / 750 tokens,
// after scaling an image down to a long edge of 1568 px and about 1,600 tokens). Sizes are
// estimates; the provider's reported usage calibrates them (see contextView.ts).
import { imageDimensions } from './imageSize';

export const CHARS_PER_TOKEN = 4;
export const PIXELS_PER_TOKEN = 750;
export const MAX_LONG_EDGE = 1568;
export const MAX_IMAGE_TOKENS = 1600;

/** The parts of a size: text characters and image tokens are summed apart, so rounding happens once. */
export interface Size {
  chars: number;
  imageTokens: number;
}

export const ZERO: Size = { chars: 0, imageTokens: 0 };

export function addSize(a: Size, b: Size): Size {
  return { chars: a.chars + b.chars, imageTokens: a.imageTokens + b.imageTokens };
}

export function tokensOf(s: Size): number {
  return Math.ceil(s.chars / CHARS_PER_TOKEN) + s.imageTokens;
}

/** Tokens of an image of this size, after the provider's own downscaling. */
export function imageTokens(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return MAX_IMAGE_TOKENS;
  const scale = Math.min(1, MAX_LONG_EDGE / Math.max(width, height), Math.sqrt((MAX_IMAGE_TOKENS * PIXELS_PER_TOKEN) / (width * height)));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return Math.min(MAX_IMAGE_TOKENS, Math.ceil((w * h) / PIXELS_PER_TOKEN));
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An image block: base64 data is priced by its pixels; a URL or file reference, whose size is unknown here, at the most an image costs. */
function imageBlockTokens(block: Record<string, unknown>): number {
  const src = block.source;
  if (isObject(src) && src.type === 'base64' && typeof src.data === 'string') {
    const d = imageDimensions(src.data);
    if (d) return imageTokens(d.width, d.height);
  }
  return MAX_IMAGE_TOKENS;
}

function jsonLength(x: unknown): number {
  try {
    return JSON.stringify(x)?.length ?? 0;
  } catch {
    return 0;
  }
}

/** The size of one content block as the model reads it. */
export function blockSize(block: unknown): Size {
  if (typeof block === 'string') return { chars: block.length, imageTokens: 0 };
  if (!isObject(block)) return ZERO;
  switch (block.type) {
    case 'text':
      return { chars: typeof block.text === 'string' ? block.text.length : 0, imageTokens: 0 };
    case 'thinking':
      // The signature is opaque to the model's context; only the thinking text counts.
      return { chars: typeof block.thinking === 'string' ? block.thinking.length : 0, imageTokens: 0 };
    case 'redacted_thinking':
      return ZERO;
    case 'image':
      return { chars: 0, imageTokens: imageBlockTokens(block) };
    case 'tool_use':
    case 'server_tool_use':
      return { chars: (typeof block.name === 'string' ? block.name.length : 0) + jsonLength(block.input ?? {}), imageTokens: 0 };
    case 'tool_result':
      return contentSize(block.content);
    case 'document': {
      // A text document counts its text; a PDF's base64 is not text the model reads, and its
      // page count is not in the block, so it is left to the calibration.
      const src = block.source;
      if (isObject(src) && src.type === 'text' && typeof src.data === 'string') return { chars: src.data.length, imageTokens: 0 };
      return ZERO;
    }
    default:
      return { chars: jsonLength(block), imageTokens: 0 };
  }
}

/** A message's content: a string or a list of blocks. */
export function contentSize(content: unknown): Size {
  if (typeof content === 'string') return { chars: content.length, imageTokens: 0 };
  if (!Array.isArray(content)) return ZERO;
  let s = ZERO;
  for (const b of content) s = addSize(s, blockSize(b));
  return s;
}

/** The characters of every string in a value but its `type` keys: an attachment is rendered from its strings. */
export function stringChars(x: unknown, depth = 0): number {
  if (typeof x === 'string') return x.length;
  if (depth > 8 || x === null || typeof x !== 'object') return 0;
  let n = 0;
  if (Array.isArray(x)) for (const v of x) n += stringChars(v, depth + 1);
  else for (const [k, v] of Object.entries(x)) if (k !== 'type') n += stringChars(v, depth + 1);
  return n;
}
