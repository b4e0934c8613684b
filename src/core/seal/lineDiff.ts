// A line diff of two small texts, for the evidence of a finding: what was added and removed, and a
// short excerpt of it. The common head and tail are taken off first, then the middle is an LCS
// table, which is small for the edits a finding is about; when the middle is too large for one
// (a file rewritten whole), it is read as every old line removed and every new line added.
// Written here rather than taken from the `diff` package: a few dozen lines, no bundle weight.

export interface LineChange {
  kind: 'add' | 'del';
  /** 1-based: in the new text for an addition, in the old text for a removal. */
  line: number;
  text: string;
}

/** The LCS table is at most this many cells (a 2000 × 2000-line middle). */
const MAX_CELLS = 4_000_000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function lineDiff(before: string, after: string): LineChange[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const out: LineChange[] = [];
  if ((am.length + 1) * (bm.length + 1) > MAX_CELLS) {
    am.forEach((text, k) => out.push({ kind: 'del', line: head + k + 1, text }));
    bm.forEach((text, k) => out.push({ kind: 'add', line: head + k + 1, text }));
    return out;
  }
  const w = bm.length + 1;
  // lcs[i * w + j]: the LCS length of am[i..] and bm[j..].
  const lcs = new Uint32Array((am.length + 1) * w);
  for (let i = am.length - 1; i >= 0; i--) {
    for (let j = bm.length - 1; j >= 0; j--) {
      lcs[i * w + j] = am[i] === bm[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < am.length || j < bm.length) {
    if (i < am.length && j < bm.length && am[i] === bm[j]) {
      i++;
      j++;
    } else if (i < am.length && (j === bm.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) {
      // Removals before additions, as `diff` prints them.
      out.push({ kind: 'del', line: head + i + 1, text: am[i]! });
      i++;
    } else {
      out.push({ kind: 'add', line: head + j + 1, text: bm[j]! });
      j++;
    }
  }
  return out;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `+1 line, -3 lines`; `no line changed` when only the bytes did (line endings). */
export function diffSummary(changes: readonly LineChange[]): string {
  const add = changes.filter((c) => c.kind === 'add').length;
  const del = changes.length - add;
  if (!add && !del) return 'no line changed';
  return [add ? `+${plural(add, 'line')}` : '', del ? `-${plural(del, 'line')}` : ''].filter(Boolean).join(', ');
}

/** The first changes as `-3: exit 1` / `+3: exit 0` lines, each cut to 120 characters. */
export function diffExcerpt(changes: readonly LineChange[], max = 8): string[] {
  const out = changes.slice(0, max).map((c) => `${c.kind === 'add' ? '+' : '-'}${c.line}: ${c.text.length > 120 ? c.text.slice(0, 117) + '...' : c.text}`);
  if (changes.length > max) out.push(`… ${changes.length - max} more`);
  return out;
}

/** The first line that changed, in the new text (the line after a removal when only lines went). */
export function firstChangedLine(changes: readonly LineChange[]): number | null {
  const first = changes[0];
  return first ? first.line : null;
}
