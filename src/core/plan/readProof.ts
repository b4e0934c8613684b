// Reads what follows `Proof:` in an item's own paragraphs, as Markdown parsed it.

import type { Proof } from '../types';
import { type Flat, type Segment, foldSpace } from './inlineText';

export type ProofRead =
  | { status: 'ok'; proof: Proof }
  /** No `Proof:` in the prose; `swallowed` when one sits inside a code span (an earlier stray backtick). */
  | { status: 'absent'; swallowed: boolean }
  | { status: 'empty' }
  /** Words after `Proof:` that are not a code span, e.g. `Proof: npm test`. */
  | { status: 'unquoted'; text: string }
  /** `Proof: human` or `Proof: later` without a separator and what closes it. */
  | { status: 'unfinished'; owner: 'human' | 'later' }
  /** A literal backtick right after `Proof:`: Markdown found no closing run for it. */
  | { status: 'cut-short'; text: string };

// "Proof:" as a word of its own; `Disproof:` is not one.
const PROOF_LABEL = /(?<![\p{L}\p{N}_])proof:/giu;
// Separators people type: em dash, en dash, a spaced hyphen, a colon.
// Sticky (read at an offset of the whole text) rather than anchored on a slice of it.
const OWNER_WITH_WHAT = /(human|later)(?:\s*[—–:]|\s+-(?=\s))\s*/iy;
const OWNER_WORD = /(human|later)(?![\p{L}\p{N}_])/iuy;
const NOT_SPACE = /\s*\S/y;

/** The flattened text with code and HTML blanked out, so labels inside them are not found. */
export function proseOnly(flat: Flat): string {
  let out = '';
  for (const seg of flat.segments) out += seg.kind === 'text' ? seg.value : '\0'.repeat(seg.value.length);
  return out;
}

// Segments are in order and cover the text without gaps: a binary search, since it is asked once
// per character skipped after each `Proof:`.
function segmentAt(flat: Flat, offset: number): Segment | undefined {
  const segs = flat.segments;
  let lo = 0;
  let hi = segs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = segs[mid]!;
    if (offset < s.start) hi = mid - 1;
    else if (offset >= s.start + s.value.length) lo = mid + 1;
    else return s;
  }
  return undefined;
}

function firstLine(s: string): string {
  return foldSpace(s.split(/\r\n|\r|\n/, 1)[0] ?? '');
}

// The rest of a paragraph with code spans shown in backticks again, so a message can quote what
// the author wrote ("``npm test `x`") rather than the read-out text ("``npm test x").
function asWritten(flat: Flat, from: number): string {
  let out = '';
  for (const seg of flat.segments) {
    const end = seg.start + seg.value.length;
    if (end <= from) continue;
    const part = seg.value.slice(Math.max(0, from - seg.start));
    out += seg.kind === 'code' ? `\`${part}\`` : part;
  }
  return out;
}

// What follows one `Proof:`, told apart from offsets only. Building the read's text costs the rest
// of the paragraph, so it is done once, for the read that is returned (see readProof): a paragraph
// holding thousands of `Proof:` would otherwise cost the square of its length, in time and memory.
type Spot =
  | { status: 'empty' }
  | { status: 'command'; command: string }
  | { status: 'owned'; owner: 'human' | 'later'; whatFrom: number }
  | { status: 'unfinished'; owner: 'human' | 'later' }
  | { status: 'cut-short' | 'unquoted'; at: number };

function spotAfter(flat: Flat, from: number): Spot {
  const { text } = flat;
  let i = from;
  while (i < text.length && /\s/.test(text[i] ?? '') && segmentAt(flat, i)?.kind === 'text') i++;
  if (i >= text.length) return { status: 'empty' };

  const seg = segmentAt(flat, i);
  if (seg?.kind === 'code' && seg.start === i) {
    const command = seg.value.trim();
    return command === '' ? { status: 'empty' } : { status: 'command', command };
  }

  OWNER_WITH_WHAT.lastIndex = i;
  const owned = OWNER_WITH_WHAT.exec(text);
  if (owned) {
    const owner = owned[1]!.toLowerCase() as 'human' | 'later';
    const whatFrom = i + owned[0].length;
    NOT_SPACE.lastIndex = whatFrom;
    return NOT_SPACE.test(text) ? { status: 'owned', owner, whatFrom } : { status: 'unfinished', owner };
  }
  OWNER_WORD.lastIndex = i;
  const word = OWNER_WORD.exec(text);
  if (word) return { status: 'unfinished', owner: word[1]!.toLowerCase() as 'human' | 'later' };

  // A backtick that reached the text as a character is one Markdown could not pair up.
  return { status: text[i] === '`' ? 'cut-short' : 'unquoted', at: i };
}

function readOf(flat: Flat, spot: Spot): ProofRead {
  switch (spot.status) {
    case 'empty':
      return { status: 'empty' };
    case 'command':
      return { status: 'ok', proof: { kind: 'command', command: spot.command } };
    case 'owned': {
      const what = foldSpace(flat.text.slice(spot.whatFrom));
      return { status: 'ok', proof: spot.owner === 'human' ? { kind: 'human', what } : { kind: 'later', event: what } };
    }
    case 'unfinished':
      return { status: 'unfinished', owner: spot.owner };
    case 'cut-short':
      return { status: 'cut-short', text: firstLine(asWritten(flat, spot.at)) };
    case 'unquoted':
      return { status: 'unquoted', text: firstLine(flat.text.slice(spot.at)) };
  }
}

/**
 * The proof of an item from its own paragraphs. When `Proof:` appears more than once (prose that
 * mentions the word), the first usable one wins; failing that the last one is judged, since
 * plans put the proof at the end.
 */
export function readProof(paragraphs: readonly Flat[]): ProofRead {
  let last: { flat: Flat; spot: Spot } | null = null;
  for (const flat of paragraphs) {
    for (const m of proseOnly(flat).matchAll(PROOF_LABEL)) {
      const spot = spotAfter(flat, m.index + m[0].length);
      if (spot.status === 'command' || spot.status === 'owned') return readOf(flat, spot);
      last = { flat, spot };
    }
  }
  if (last) return readOf(last.flat, last.spot);
  const swallowed = paragraphs.some((f) =>
    f.segments.some((s) => s.kind === 'code' && /(?<![\p{L}\p{N}_])proof:/iu.test(s.value)),
  );
  return { status: 'absent', swallowed };
}

/** True when the prose of these paragraphs says `Proof:` at all. */
export function mentionsProof(paragraphs: readonly Flat[]): boolean {
  return paragraphs.some((f) => new RegExp(PROOF_LABEL.source, 'iu').test(proseOnly(f)));
}
