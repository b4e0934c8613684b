// node:crypto, loaded on first use. Loading it brings node's stream machinery along (about 10 ms of
// a start on the bench's machine), and most status line and hook calls hash nothing: the modules on
// their path take createHash from here, so that only a call that hashes pays for it.
import type * as Crypto from 'node:crypto';

export function createHash(algorithm: string): Crypto.Hash {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load needs require (the bundle is CommonJS)
  return (require('node:crypto') as typeof Crypto).createHash(algorithm);
}
