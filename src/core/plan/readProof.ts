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
const OWNER_WITH_WHAT = /^(human|later)(?:\s*[—–:]|\s+-(?=\s))\s*/i;
const OWNER_WORD = /^(human|later)(?![\p{L}\p{N}_])/iu;

/** The flattened text with code and HTML blanked out, so labels inside them are not found. */
export function proseOnly(flat: Flat): string {
  let out = '';
  for (const seg of flat.segments) out += seg.kind === 'text' ? seg.value : '\0'.repeat(seg.value.length);
  return out;
}

function segmentAt(flat: Flat, offset: number): Segment | undefined {
  return flat.segments.find((s) => offset >= s.start && offset < s.start + s.value.length);
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

function readAfter(flat: Flat, from: number): ProofRead {
  const { text } = flat;
  let i = from;
  while (i < text.length && /\s/.test(text[i] ?? '') && segmentAt(flat, i)?.kind === 'text') i++;
  if (i >= text.length) return { status: 'empty' };

  const seg = segmentAt(flat, i);
  if (seg?.kind === 'code' && seg.start === i) {
    const command = seg.value.trim();
    return command === '' ? { status: 'empty' } : { status: 'ok', proof: { kind: 'command', command } };
  }

  const rest = text.slice(i);
  const owned = OWNER_WITH_WHAT.exec(rest);
  if (owned) {
    const owner = owned[1]!.toLowerCase() as 'human' | 'later';
    const what = foldSpace(rest.slice(owned[0].length));
    if (what === '') return { status: 'unfinished', owner };
    return { status: 'ok', proof: owner === 'human' ? { kind: 'human', what } : { kind: 'later', event: what } };
  }
  const word = OWNER_WORD.exec(rest);
  if (word) return { status: 'unfinished', owner: word[1]!.toLowerCase() as 'human' | 'later' };

  // A backtick that reached the text as a character is one Markdown could not pair up.
  if (rest.startsWith('`')) return { status: 'cut-short', text: firstLine(asWritten(flat, i)) };
  return { status: 'unquoted', text: firstLine(rest) };
}

/**
 * The proof of an item from its own paragraphs. When `Proof:` appears more than once (prose that
 * mentions the word), the first usable one wins; failing that the last one is judged, since
 * plans put the proof at the end.
 */
export function readProof(paragraphs: readonly Flat[]): ProofRead {
  const reads: ProofRead[] = [];
  for (const flat of paragraphs) {
    for (const m of proseOnly(flat).matchAll(PROOF_LABEL)) reads.push(readAfter(flat, m.index + m[0].length));
  }
  const usable = reads.find((r) => r.status === 'ok');
  if (usable) return usable;
  const last = reads.at(-1);
  if (last) return last;
  const swallowed = paragraphs.some((f) =>
    f.segments.some((s) => s.kind === 'code' && /(?<![\p{L}\p{N}_])proof:/iu.test(s.value)),
  );
  return { status: 'absent', swallowed };
}

/** True when the prose of these paragraphs says `Proof:` at all. */
export function mentionsProof(paragraphs: readonly Flat[]): boolean {
  return paragraphs.some((f) => new RegExp(PROOF_LABEL.source, 'iu').test(proseOnly(f)));
}
