// Words name an item only by its whole id: "S2" says nothing about S20, S3 or AS2.
const ID_TOKEN = /(?<![A-Za-z0-9])[A-Za-z]+\d+(?![A-Za-z0-9])/g;

/** The id-shaped tokens of a text, upper-cased and without repeats. */
export function idTokens(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(ID_TOKEN), (m) => m[0].toUpperCase()))];
}

export function namesId(ids: readonly string[], id: string): boolean {
  return ids.includes(id.toUpperCase());
}
