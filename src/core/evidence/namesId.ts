// Words name an item only by its whole id: "S2" says nothing about S20, S3 or AS2.
const ID_TOKEN = /(?<![A-Za-z0-9])[A-Za-z]+\d+(?![A-Za-z0-9])/g;

/** The id-shaped tokens of a text, upper-cased and without repeats. */
export function idTokens(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(ID_TOKEN), (m) => m[0].toUpperCase()))];
}

/** Whether words (their text, or their id tokens) name the id as a whole word. */
export function namesId(words: string | readonly string[], id: string): boolean {
  return (typeof words === 'string' ? idTokens(words) : words).includes(id.toUpperCase());
}
