// What the two transcript readers (the evidence scan and the context meter) do with one line of
// bytes: a byte search that runs before any decoding, since most lines are passed over on it; the
// line as a JSON object; and a record read by its type's shape. A line that is not an object, or a
// record not of its type's shape, is one the caller counts as unreadable.
import type { z } from 'zod';

const decoder = new TextDecoder('utf-8', { fatal: true });

// Node's Buffer searches natively; the engine stays usable where there is no Buffer.
const nativeIndexOf: ((this: Uint8Array, needle: Uint8Array) => number) | null =
    // Narrowed to a Function, Buffer's prototype is typed `any`: the cast says what is used of it.
  typeof Buffer === 'function' ? (Buffer.prototype as { indexOf: (this: Uint8Array, needle: Uint8Array) => number }).indexOf : null;

export function includesBytes(hay: Uint8Array, needle: Uint8Array): boolean {
  return nativeIndexOf ? nativeIndexOf.call(hay, needle) >= 0 : scanForBytes(hay, needle);
}

/** The search where there is no Buffer (the webview bundle), answering as Buffer's indexOf does. */
export function scanForBytes(hay: Uint8Array, needle: Uint8Array): boolean {
  if (needle.length === 0) return true;
  outer: for (let i = hay.indexOf(needle[0]!); i >= 0 && i <= hay.length - needle.length; i = hay.indexOf(needle[0]!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** The line as a JSON object; null when it is not UTF-8, not JSON, or JSON but not an object. */
export function jsonObjectOf(bytes: Uint8Array): Record<string, unknown> | null {
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(bytes));
  } catch {
    return null;
  }
  return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
}

/** Hands the record to `read` when it has the schema's shape; false when it has not. */
export function readAs<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, json: unknown, read: (record: T) => void): boolean {
  const r = schema.safeParse(json);
  if (r.success) read(r.data);
  return r.success;
}
