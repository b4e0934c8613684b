// Types for cliLoader.mjs (so the TypeScript tests and bench can import it).
/**
 * The text of dist/proofmeter.js for one CLI bundle: a loader that compiles it through a checked V8
 * code cache, and reads and compiles the library section (when given) only when the bundle asks.
 */
export declare function cliLoader(code: string, library?: string): string;
/** The V8 data of a valid cache file for head, or undefined (and a bad file deleted). */
export declare function readCache(fs: typeof import('node:fs'), path: string, head: Buffer, digest: ((bytes: Uint8Array) => Buffer) | undefined): Buffer | undefined;
/** The digest function the loader uses, or undefined where WebAssembly is unavailable. */
export declare function makeDigest(wasmBase64: string): ((bytes: Uint8Array) => Buffer) | undefined;
/** The WebAssembly module behind makeDigest. */
export declare function digestWasm(): Buffer;
/** The code with every character past ASCII written as its \u escape (it stands only in regex and string literals). */
export declare function asciiOnly(code: string): string;
