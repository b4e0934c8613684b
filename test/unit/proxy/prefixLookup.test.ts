// A remembered cut is reused only for the same head, a cut that leaves at least one message after
// it, the same history before it (its chain link) and a cut at a turn start of this request.
import assert from 'node:assert/strict';
import { PrefixCache, type PrefixEntry } from '../../../src/core/proxy/prefixCache';
import type { Span } from '../../../src/core/proxy/turns';

// Five messages: chain[i] is the link before message i, so chain has six links.
const CHAIN = ['h0', 'h1', 'h2', 'h3', 'h4', 'h5'];
const TURNS: Span[] = [{ start: 1, end: 3 }, { start: 3, end: 5 }];
const entry = (o: Partial<PrefixEntry>): PrefixEntry => ({ key: 'h3', cut: 3, headEnd: 1, summary: 'S', ...o });

describe('proxy prefix cache lookup', () => {
  const cases: Array<[string, PrefixEntry, string[], Span[], boolean]> = [
    ['a cut at a turn start with the same history and head', entry({}), CHAIN, TURNS, true],
    ['a cut remembered for another head', entry({ headEnd: 2 }), CHAIN, TURNS, false],
    ['a cut whose history before it differs', entry({ key: 'other' }), CHAIN, TURNS, false],
    ['a cut remembered for another head even with the same history', entry({ headEnd: 0, key: 'h3' }), CHAIN, TURNS, false],
    ['a cut after the last message', entry({ cut: 5, key: 'h5' }), CHAIN, [...TURNS, { start: 5, end: 5 }], false],
    ['a cut at the last message, leaving it the only one after', entry({ cut: 4, key: 'h4' }), CHAIN, [{ start: 1, end: 4 }, { start: 4, end: 5 }], true],
    ['a cut past the end of the history', entry({ cut: 6, key: 'h6' }), CHAIN, [...TURNS, { start: 6, end: 6 }], false],
    ['a cut that is no turn start of this request', entry({ cut: 2, key: 'h2' }), CHAIN, TURNS, false],
    ['a cut in a request with no turns', entry({}), CHAIN, [], false],
  ];
  for (const [name, e, chain, turns, found] of cases) {
    it(`${found ? 'reuses' : 'does not reuse'} ${name}`, () => {
      const cache = new PrefixCache();
      cache.remember(e);
      assert.equal(cache.lookup(chain, 1, turns), found ? e : undefined);
    });
  }

  it('picks the cut furthest into the history among those that fit', () => {
    const cache = new PrefixCache();
    const near = entry({ cut: 1, key: 'h1' });
    const far = entry({ cut: 3, key: 'h3' });
    const wrong = entry({ cut: 4, key: 'h4', headEnd: 0 });
    cache.remember(far);
    cache.remember(near);
    cache.remember(wrong);
    assert.equal(cache.lookup(CHAIN, 1, TURNS), far);
  });
});
