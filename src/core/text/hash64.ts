// A short stable digest of a text: two FNV-1a style 32-bit hashes (the second with another prime)
// as 16 hex digits. Cheap and without crypto, for names and keys that only need to tell texts
// apart (a cache file's name, what a saved state was pruned for), never for anything an attacker picks.
export function hash64(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}
