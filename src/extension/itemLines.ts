// Where each goal item is in the plan as it reads now. The tally's planLine is the line at the
// freeze; an edit above an item moves it, and a mark placed by that line drifts. The item is found
// again by its id, with the parser adopt and the plan gate use. Kept free of the vscode module.
import { parsePlanText } from '../workspace/planParser';

/** 1-based line per id in `text`; an id the text no longer holds is absent (its mark is left out). */
export function itemLines(text: string, ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const wanted = new Set(ids);
  for (const item of parsePlanText(text).items) {
    // The first one wins: a duplicate id is a finding of the plan, not a second place for the mark.
    if (wanted.has(item.id) && !out.has(item.id)) out.set(item.id, item.line);
  }
  return out;
}

/** The last text read, so the lenses and the Testing view parse one version of a plan once. */
export class ItemLinesCache {
  private last: { key: string; lines: Map<string, number> } | null = null;

  /** version: a document's version, or for a file on disk its modification time and size. */
  get(uri: string, version: number | string, text: () => string, ids: readonly string[]): Map<string, number> {
    const key = `${uri}\0${version}\0${ids.join(',')}`;
    if (this.last?.key !== key) this.last = { key, lines: itemLines(text(), ids) };
    return this.last.lines;
  }
}
