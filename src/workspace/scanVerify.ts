// The saved scan state is a cache, never evidence: anything that can run in the workspace can
// rewrite .claude/proofmeter/scan/*.json with a shape that validates. So before a saved state is
// resumed, every event in it that can move the count is derived again, by the scanner itself, from
// its own transcript line, whose byte offset and length the scanner noted: the newest run of each
// proof command (only the newest can decide, and the order is the saved one, so an older run
// cannot jump ahead without being checked as the newest), every handover, every notice, word and
// edit, and the session's cwd and id from the first records. The older
// runs, which can only be listed as superseded, are checked more cheaply: their lines must be
// whole lines naming their call id and command. Any difference discards the state: the transcript
// is read again from the start and the forgery is reported.
//
// Why this check and not a digest of the state: a digest the meter can recompute can be
// recomputed by the agent too (no key the meter reads is out of the agent's reach), whereas a run
// that is not in the transcript cannot be given a line that says it is. It is also cheap: a status
// line re-reads a handful of lines, not the transcript. What it cannot see is an event taken out
// of the state (a newer failure dropped): the lines that remain are all genuine.
import { readSync, statSync } from 'node:fs';
import { normCmd } from '../core/command/normCmd';
import { parseHandover } from '../core/evidence/handover';
import { keepDigest, keepsCommand, type ScanKeep } from '../core/transcript/keep';
import { newScanState, scanBytes, scanLine, type ScanState } from '../core/transcript/scan';
import type { BashRun, Position, TranscriptSource } from '../core/types';
import type { SavedScan } from './scanCache';
import { withOpenFile } from './withOpenFile';

const PREFIX_CHUNK = 64 * 1024;

/**
 * Why `saved` cannot be trusted for `path`, or null when it can, or when it is not a state of this
 * file's current bytes and proofs at all (resuming discards those anyway, and a transcript that
 * changed under a state is not a forged state).
 */
export function forgedReason(saved: SavedScan, path: string, source: TranscriptSource, keep: ScanKeep | null, probe: (path: string, offset: number) => string | null): string | null {
  const s = saved.state;
  let st;
  try {
    st = statSync(path);
  } catch {
    return null;
  }
  const sameFile =
    saved.path === path && saved.keep === keepDigest(keep) && s.source === source && saved.dev === st.dev && saved.ino === st.ino && st.size >= s.offset && probe(path, s.offset) === saved.probe;
  if (!sameFile) return null;
  return withOpenFile(path, (fd) => checkEvents(fd, saved.state, keep) ?? checkFirstRecords(fd, saved.state));
}

interface Tiers {
  /** Runs that can decide an item: derived again in full. */
  deciding: BashRun[];
  /** Older runs of the same commands, which only fill the ledger: their lines are checked by bytes. */
  older: BashRun[];
}

/**
 * Splits the saved runs a proof can show (a run of a command no proof names decides nothing, so a
 * forged one changes nothing either): the newest of each command as evidence normalizes it, and
 * every handover, decide; the rest are older runs of those commands.
 */
function tiersOf(s: ScanState, keep: ScanKeep | null): Tiers {
  const shown = keep ? keepsCommand(keep) : () => true;
  const home = keep?.home ?? null;
  const newest = new Map<string, BashRun>();
  const deciding: BashRun[] = [];
  const candidates: BashRun[] = [];
  for (const r of s.events.runs) {
    if (!shown(r.command)) continue;
    candidates.push(r);
    if (parseHandover(r.command)) {
      deciding.push(r);
      continue;
    }
    const n = normCmd(r.command, home);
    const was = newest.get(n);
    if (!was || later(r.at, was.at)) newest.set(n, r);
  }
  deciding.push(...newest.values());
  const picked = new Set(deciding);
  return { deciding, older: candidates.filter((r) => !picked.has(r)) };
}

/** The order evidence uses within one file: time when both have one, then line. */
function later(a: Position, b: Position): boolean {
  if (a.time && b.time && a.time !== b.time) return a.time > b.time;
  return a.line > b.line;
}

/** The saved events derived again in full, each with the position of the line it came from. */
function positionsToCheck(s: ScanState, deciding: readonly BashRun[]): Position[] {
  const e = s.events;
  const out: Position[] = [];
  for (const r of deciding) {
    out.push(r.at);
    if (r.endAt) out.push(r.endAt);
  }
  // Every notice: evidence matches notices to runs by task id across all of a workspace's files.
  for (const x of [...e.notices, ...e.words, ...e.edits]) out.push(x.at);
  return out;
}

function checkEvents(fd: number, s: ScanState, keep: ScanKeep | null): string | null {
  const tiers = tiersOf(s, keep);
  const olderWrong = checkOlder(fd, s, tiers.older);
  if (olderWrong) return olderWrong;
  const positions = positionsToCheck(s, tiers.deciding);
  const lines = new Map<number, { length: number; line: number }>();
  for (const p of positions) {
    if (p.byteOffset === undefined || p.byteLength === undefined) return `an event at line ${p.line} names no bytes of the transcript`;
    if (p.byteOffset + p.byteLength > s.offset) return `an event at line ${p.line} lies past the bytes read`;
    const seen = lines.get(p.byteOffset);
    if (seen && (seen.length !== p.byteLength || seen.line !== p.line)) return `two events name the bytes at ${p.byteOffset} differently`;
    lines.set(p.byteOffset, { length: p.byteLength, line: p.line });
  }
  // The lines in file order, so a result follows its call as it did in the first read.
  const mini = newScanState(s.file, s.source);
  for (const [offset, { length, line }] of [...lines].sort((a, b) => a[0] - b[0])) {
    const bytes = wholeLine(fd, offset, length);
    if (!bytes) return `the bytes at ${offset} are not one whole line of the transcript`;
    mini.lineNo = line;
    openAskOf(mini, bytes);
    scanLine(mini, bytes, offset);
  }
  return compare(s, mini, tiers.deciding);
}

/**
 * An older run's lines: whole lines of the transcript, the call naming its id, command and folder
 * (a folder unknown, null, is only ever stricter), the result naming its id.
 */
function checkOlder(fd: number, s: ScanState, older: readonly BashRun[]): string | null {
  const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(text);
  for (const r of older) {
    const use = spanOf(r.at, s.offset);
    const call = use && wholeLine(fd, use.offset, use.length);
    const named = (c: Uint8Array) =>
      has(c, `"id":${JSON.stringify(r.toolUseId)}`) &&
      has(c, `"command":${JSON.stringify(r.command)}`) &&
      (r.cwd === undefined ? !has(c, '"cwd":') : r.cwd === null || has(c, `"cwd":${JSON.stringify(r.cwd)}`));
    if (!call || !named(call)) return `run ${r.toolUseId} at line ${r.at.line} is not what its call line says`;
    if (!r.endAt) continue;
    const end = spanOf(r.endAt, s.offset);
    const result = end && wholeLine(fd, end.offset, end.length);
    if (!result || !has(result, `"tool_use_id":${JSON.stringify(r.toolUseId)}`)) return `run ${r.toolUseId} at line ${r.at.line} is not what its result line says`;
  }
  return null;
}

function spanOf(p: Position, limit: number): { offset: number; length: number } | null {
  if (p.byteOffset === undefined || p.byteLength === undefined || p.byteOffset + p.byteLength > limit) return null;
  return { offset: p.byteOffset, length: p.byteLength };
}

/**
 * A question box answer is read only for a call the scanner saw opened; its call line is not
 * kept, so the answer line's own tool_use_id is opened as a question before it is read again.
 */
function openAskOf(mini: ScanState, bytes: Uint8Array): void {
  const m = /"tool_use_id":"([^"]+)"/.exec(Buffer.from(bytes).toString('utf8'));
  if (m && mini.open[m[1]!] === undefined && !mini.events.runs.some((r) => r.toolUseId === m[1])) mini.open[m[1]!] = { kind: 'ask' };
}

/** The line's bytes, or null when [offset, offset+length) is not exactly one line of the file. */
function wholeLine(fd: number, offset: number, length: number): Uint8Array | null {
  const before = offset > 0 ? 1 : 0;
  const buf = Buffer.alloc(before + length + 2);
  const n = readSync(fd, buf, 0, buf.length, offset - before);
  if (n < before + length + 1) return null;
  // The line starts the file, follows a newline, or follows the byte-order mark splitLines skips.
  if (before && buf[0] !== 0x0a && !(offset === 3 && buf[0] === 0xbf)) return null;
  const end = buf[before + length];
  const ends = end === 0x0a || (end === 0x0d && n >= before + length + 2 && buf[before + length + 1] === 0x0a);
  return ends ? buf.subarray(before, before + length) : null;
}

function compare(saved: ScanState, mini: ScanState, deciding: readonly BashRun[]): string | null {
  const derivedRuns = new Map(mini.events.runs.map((r) => [r.toolUseId, r]));
  for (const r of deciding) {
    const d = derivedRuns.get(r.toolUseId);
    if (!d || !sameRun(r, d)) return `run ${r.toolUseId} at line ${r.at.line} is not what its transcript lines say`;
  }
  const kinds = [
    ['notice', saved.events.notices, mini.events.notices],
    ['words', saved.events.words, mini.events.words],
    ['edit', saved.events.edits, mini.events.edits],
  ] as const;
  for (const [kind, have, derived] of kinds) {
    const pool = new Set(derived.map(canon));
    for (const x of have) if (!pool.has(canon(x))) return `a ${kind} at line ${x.at.line} is not what its transcript line says`;
  }
  return null;
}

/** Equal, except that the saved folder may be unknown (null) where one line alone names it: null never counts. */
function sameRun(saved: BashRun, derived: BashRun): boolean {
  const { cwd: a, ...rest } = saved;
  const { cwd: b, ...drest } = derived;
  return canon(rest) === canon(drest) && (a === b || a === null);
}

/** The session's cwd and id as the first records give them, read again from the start. */
function checkFirstRecords(fd: number, s: ScanState): string | null {
  const mini = newScanState(s.file, s.source);
  let carry: Uint8Array = new Uint8Array(0);
  let pos = 0;
  while (mini.events.cwd === null && pos < s.offset) {
    const buf = Buffer.alloc(Math.min(PREFIX_CHUNK, s.offset - pos));
    const n = readSync(fd, buf, 0, buf.length, pos);
    if (n <= 0) break;
    pos += n;
    const chunk = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
    const before = mini.offset;
    scanBytes(mini, chunk);
    carry = chunk.subarray(mini.offset - before);
  }
  if (mini.events.cwd !== s.events.cwd) return 'the session folder is not what its first records say';
  if (mini.events.sessionId !== s.events.sessionId) return 'the session id is not what its first records say';
  return null;
}

/**
 * JSON with sorted keys and no undefined fields, so two equal events compare equal however they
 * were built: JSON with every object's keys sorted, written out here because a replacer that
 * rebuilt each object cost about 2 ms per status line call on a session of 147 notices.
 */
function canon(x: unknown): string {
  return canonOf(x) ?? 'undefined';
}

function canonOf(x: unknown): string | undefined {
  if (x !== null && typeof x === 'object' && 'toJSON' in x && typeof x.toJSON === 'function') return canonOf((x as { toJSON: () => unknown }).toJSON());
  if (Array.isArray(x)) return `[${x.map((v) => canonOf(v) ?? 'null').join(',')}]`;
  if (x !== null && typeof x === 'object') {
    const parts: string[] = [];
    const o = x as Record<string, unknown>;
    for (const k of Object.keys(o).sort()) {
      const v = canonOf(o[k]);
      if (v !== undefined) parts.push(`${JSON.stringify(k)}:${v}`);
    }
    return `{${parts.join(',')}}`;
  }
  // undefined for undefined and functions, which an object then leaves out and an array writes as null
  return JSON.stringify(x);
}
