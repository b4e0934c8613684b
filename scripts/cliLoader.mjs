// The CLI runs on every hook and status line refresh, so most of its cost is start-up. The bundle is
// compiled through vm.Script with V8's code cache, saved beside the file on first use (skipped
// quietly where that folder is read-only), so later starts skip parsing and compiling. It stays one
// self-contained file: install copies it and the seal and the stop entry check its digest.
//
// The bundle sits in a comment at the end of the file, which the loader reads back by its byte
// offset: as a string literal, node compiled the whole 550 KB literal on every start before the
// cache could help (17 ms of a 280 ms status line), where a comment is only skipped. A comment ends
// at the first star-slash, so each one in the bundle is written with a control character between
// the two (one neither section holds) and put back before compiling.
//
// A second comment may follow with the library section: code only some calls need (the re-runs'
// sandbox library, half the runner's bytes), read and compiled on its first use, through a cache
// of its own, and never read at start. The main bundle reaches it through the sixth parameter of
// its wrapper, a function returning the section's module.exports.
//
// V8 checks only a cache's header and the source's length before running the code in it: a flipped
// bit in the body can crash every later call (SIGSEGV, SIGTRAP, hangs) before the CLI can report
// anything, and a rebuilt runner of the same length would run the old code. So a cache file is
//   MAGIC (8 bytes) | source digest (16) | digest of the V8 data (8) | V8 data
// and the loader hands V8 the data only when both digests match; otherwise it deletes the file and
// compiles without it (the exit handler then writes a fresh one).
import { createHash } from 'node:crypto';

const MAGIC = 'pmcache1';
const OPEN = '\n/*\n';
const CLOSE = '\n*/\n';
// Digits of each byte offset in the loader, padded so that the loader's length does not depend on
// them.
const OFFSET_DIGITS = 10;
// The library section's cache: not a name a command's cache can take (those keep only a-z and -).
const LIBRARY_CACHE = 'sandbox_library';
const WRAP_OPEN = '(function (exports, require, module, __filename, __dirname, __pmLibrary) {';

/**
 * The runner text for one bundle (CommonJS code that expects the usual module wrapper and, as
 * `__pmLibrary`, the library section's reader) and, optionally, the library section (CommonJS
 * code, run with its own module object on first use).
 */
export function cliLoader(code, library) {
  const wrap = (c) => WRAP_OPEN + asciiOnly(c) + '\n})';
  const sections = [wrap(code), ...(library === undefined ? [] : [wrap(library)])];
  // Taken at build time: the runner is rebuilt whole (build, install copy, git pull), never edited.
  const heads = sections.map((w) => Buffer.concat([Buffer.from(MAGIC, 'latin1'), createHash('sha256').update(w).digest().subarray(0, 16)]).toString('hex'));
  const escaped = sections.some((w) => w.includes('*/'));
  const mark = [...'\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f'].find((c) => !sections.some((w) => w.includes(c)));
  if (!mark) throw new Error('cliLoader: the bundle holds every control character the loader could escape star-slash with');
  const unescape = escaped ? `.replaceAll('*\\x${mark.charCodeAt(0).toString(16).padStart(2, '0')}/', '*/')` : '';
  const num = (n) => String(n).padStart(OFFSET_DIGITS);
  // offsets: [main start, main end, library start, library end], the library's 0, 0 when none.
  const loader = (offsets) => `#!/usr/bin/env node
'use strict';
const vm = require('vm');
const fs = require('fs');
// One cache per subcommand, and per gate for the hook runner: V8 saves the functions compiled by
// the run that wrote it, and each gate runs different code.
const command = String(process.argv[2] || 'none') + (process.argv[2] === 'hook' ? '-' + String(process.argv[3] || '') : '');
const digest = (${makeDigest.toString()})('${digestWasm().toString('base64')}');
// The bytes from at to end of this file, as text: only that section is read.
const read = (at, end) => {
  const bytes = Buffer.allocUnsafe(end - at);
  const fd = fs.openSync(__filename, 'r');
  try {
    for (let n = 0; n < bytes.length; ) {
      const got = fs.readSync(fd, bytes, n, bytes.length - n, at + n);
      if (got === 0) throw new Error('proofmeter: the runner is cut short; reinstall it');
      n += got;
    }
  } finally {
    fs.closeSync(fd);
  }
  return bytes.toString('utf8')${unescape};
};
// Compiles one section through its cache (cache name, source head) and returns its wrapper.
const compile = (at, end, name, hex) => {
  const cachePath = __filename + '.' + name + '.v8cache';
  const head = Buffer.from(hex, 'hex');
  const cached = (${readCache.toString()})(fs, cachePath, head, digest);
  const script = new vm.Script(read(at, end), { filename: __filename, cachedData: cached });
  if (digest && (!cached || script.cachedDataRejected)) {
    process.once('exit', () => {
      try {
        const data = script.createCachedData();
        const tmp = cachePath + '.' + process.pid + '.tmp';
        fs.writeFileSync(tmp, Buffer.concat([head, digest(data), data]));
        fs.renameSync(tmp, cachePath);
      } catch {}
    });
  }
  return script.runInThisContext();
};
let library;
const loadLibrary = () => {
  if (library) return library.exports;
  if (${num(offsets[3])} === 0) throw new Error('proofmeter: this runner has no library section');
  const m = { exports: {} };
  compile(${num(offsets[2])}, ${num(offsets[3])}, '${LIBRARY_CACHE}', '${heads[1] ?? ''}')(m.exports, require, m, __filename, __dirname, loadLibrary);
  library = m;
  return m.exports;
};
compile(${num(offsets[0])}, ${num(offsets[1])}, command.replace(/[^a-z-]/g, ''), '${heads[0]}')(exports, require, module, __filename, __dirname, loadLibrary);${OPEN}`;
  const body = sections.map((w) => w.replaceAll('*/', '*' + mark + '/'));
  const prelude = Buffer.byteLength(loader([0, 0, 0, 0]));
  const mainEnd = prelude + Buffer.byteLength(body[0]);
  const libStart = mainEnd + Buffer.byteLength(CLOSE + OPEN);
  const offsets = [prelude, mainEnd, ...(body[1] === undefined ? [0, 0] : [libStart, libStart + Buffer.byteLength(body[1])])];
  return loader(offsets) + body[0] + CLOSE + (body[1] === undefined ? '' : OPEN + body[1] + CLOSE);
}

/**
 * The code with every character past ASCII written as its \u escape. esbuild's output escapes
 * them in strings and names but keeps them in regular expression literals (the plan and wording
 * rules' dashes and CJK words): one such character made node decode the whole runner, and V8 hold
 * and scan it, as two-byte text, twice the bytes of the one-byte text an ASCII file gives.
 * Characters past ASCII are left only inside regex and string literals, where \uXXXX means the
 * same unit, both with and without the u flag (a surrogate pair as two escapes is one code point
 * under u, two units without, as the raw pair is); a backslash before one (an identity escape) is
 * dropped for the escape.
 */
export function asciiOnly(code) {
  return code.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes, c) => (slashes.length % 2 ? slashes.slice(1) : slashes) + '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

// The two functions below are copied into the loader by their source text: they may use only their
// parameters and globals. Exported for the bench, which times them on a real cache.

/**
 * The V8 data of the cache file at path when it was written for this source (its first bytes equal
 * head) and its digest matches; else undefined, after deleting the file so that a fresh one is
 * written. Without a digest function (no WebAssembly) the cache is not used at all.
 */
export function readCache(fs, path, head, digest) {
  if (!digest) return undefined;
  let file;
  try {
    file = fs.readFileSync(path);
  } catch (e) {
    if (e && e.code === 'ENOENT') return undefined;
  }
  const at = head.length + 8;
  if (file && file.length > at && head.equals(file.subarray(0, head.length))) {
    const data = file.subarray(at);
    const sum = digest(data);
    if (sum && sum.equals(file.subarray(head.length, at))) return data;
  }
  try {
    fs.unlinkSync(path);
  } catch {}
  return undefined;
}

/**
 * A function from bytes to their 8-byte digest, run in WebAssembly, or undefined where WebAssembly
 * is unavailable (node --jitless). Added to reading a 450 KB cache, in fresh processes as at
 * start-up: sha256 about 2.2 ms (1.9 of it loading node:crypto), the same loop in plain JS about
 * 1.8 ms (it runs interpreted: V8 optimises it only once it is over), this about 0.7 ms including
 * compiling the module (bench figure 7).
 */
export function makeDigest(wasmBase64) {
  let wasm;
  try {
    wasm = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(wasmBase64, 'base64'))).exports;
  } catch {
    return undefined;
  }
  const { m, h } = wasm;
  // Undefined when the memory cannot grow: a start-up must never fail for want of a cache.
  return (bytes) => {
    try {
      // The loop reads whole 32-byte blocks: the bytes after the data must be zero.
      const short = bytes.length + 32 - m.buffer.byteLength;
      if (short > 0) m.grow(Math.ceil(short / 65536));
      const mem = new Uint8Array(m.buffer);
      mem.set(bytes);
      mem.fill(0, bytes.length, bytes.length + 32);
      return Buffer.from(new BigInt64Array([h(bytes.length)]).buffer);
    } catch {
      return undefined;
    }
  };
}

/**
 * A WebAssembly module exporting its memory `m` and `h(n)`: a 64-bit digest of the first n bytes of
 * memory (zero-padded to 32-byte blocks), seeded with n. Each 8-byte word w is taken in by
 * h = (h ^ w) * P, and each block ends with h ^= h >>> 29: every step is invertible both in h and
 * in the word, so a changed word (a flipped bit) always changes the result. It is a check against
 * accidents, not against an adversary.
 *
 * Four words per loop turn and P in a local keep the code run per byte small: V8 recompiles a
 * function with its optimising compiler once it has run about 1.8 MB of its bytecode, which on a
 * 400 KB cache costs more than the whole loop (measured: 0.5 ms against 0.12 ms).
 */
export function digestWasm() {
  const P = 0x9e3779b97f4a7c15n; // odd, so the multiplication is invertible
  const SEED = 0x243f6a8885a308d3n;
  const uleb = (n) => {
    const out = [];
    do {
      let b = n & 0x7f;
      n >>>= 7;
      if (n) b |= 0x80;
      out.push(b);
    } while (n);
    return out;
  };
  const sleb64 = (v) => {
    v = BigInt.asIntN(64, v);
    const out = [];
    for (;;) {
      const b = Number(v & 0x7fn);
      v >>= 7n;
      if ((v === 0n && !(b & 0x40)) || (v === -1n && b & 0x40)) return [...out, b];
      out.push(b | 0x80);
    }
  };
  const section = (id, bytes) => [id, ...uleb(bytes.length), ...bytes];
  const [i32, i64] = [0x7f, 0x7e];
  const get = (i) => [0x20, i];
  const set = (i) => [0x21, i];
  // locals: 0 = n (param), 1 = i, 2 = h, 3 = P
  const word = (offset) => [...get(2), ...get(1), 0x29, 0x03, offset, 0x85, ...get(3), 0x7e, ...set(2)]; // h = (h ^ load64(i + offset)) * P
  const body = [
    0x02, 0x01, i32, 0x02, i64, // one i32 local, two i64 locals
    ...get(0), 0xad, 0x42, ...sleb64(SEED), 0x85, ...set(2), // h = u64(n) ^ SEED
    0x42, ...sleb64(P), ...set(3),
    0x02, 0x40, 0x03, 0x40, // block, loop
    ...get(1), ...get(0), 0x4f, 0x0d, 0x01, // if i >= n: break
    ...word(0), ...word(8), ...word(16), ...word(24),
    ...get(2), ...get(2), 0x42, 29, 0x88, 0x85, ...set(2), // h ^= h >>> 29
    ...get(1), 0x41, 32, 0x6a, ...set(1), // i += 32
    0x0c, 0x00, 0x0b, 0x0b, // continue; end loop, end block
    ...get(2), 0x0b, // return h
  ];
  return Buffer.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    ...section(1, [0x01, 0x60, 0x01, i32, 0x01, i64]), // type 0: (i32) -> i64
    ...section(3, [0x01, 0x00]), // function 0 has type 0
    ...section(5, [0x01, 0x00, 0x01]), // one memory, at least 1 page
    ...section(7, [0x02, 0x01, 0x6d, 0x02, 0x00, 0x01, 0x68, 0x00, 0x00]), // export "m" memory 0, "h" func 0
    ...section(10, [0x01, ...uleb(body.length), ...body]),
  ]);
}
