// How an item is recognised across edits of the plan, and which lists hold checks.

/**
 * The frozen-list key: the same item keeps its key when only bold markers, line wrapping or
 * letter case change, so re-flowing a plan does not look like adding or removing items.
 */
export function itemKey(list: string, text: string): string {
  return `${list}:${text}`.replaceAll('**', '').replace(/\s+/g, ' ').trim().toLowerCase();
}

// Whole words only, so "Latest changes" or "Contest rules" are not read as a checks list.
// Lower-cased first: a case-insensitive Unicode regex costs a millisecond to compile at every start.
const CHECK_WORDS = /(?<![\p{L}\p{N}_])(?:checks?|verify|verification|tests?)(?![\p{L}\p{N}_])/u;

export function isCheckList(list: string): boolean {
  return CHECK_WORDS.test(list.toLowerCase());
}
