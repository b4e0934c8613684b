// The prefix cache keeps its newest entries (remembering or finding one makes it the newest), and the
// hash chain links each message, without its volatile fields, to the link before it.
import assert from 'node:assert/strict';
import { hashChain, PrefixCache, type PrefixEntry } from '../../../src/core/proxy/prefixCache';

// Five messages: chain[i] is the link before message i.
const CHAIN = ['h0', 'h1', 'h2', 'h3', 'h4', 'h5'];
const entry = (cut: number): PrefixEntry => ({ key: `h${cut}`, cut, headEnd: 1, summary: `S${cut}` });
/** Whether the cache still holds `e` (a lookup where only e's cut is a turn start). */
const holds = (cache: PrefixCache, e: PrefixEntry): boolean => cache.lookup(CHAIN, 1, [{ start: e.cut, end: 5 }]) === e;
const mark = (s: string): string => `<${s}>`;

describe('proxy prefix cache order and hash chain', () => {
  it('keeps at most its size, dropping the oldest entry', () => {
    const cache = new PrefixCache(2);
    const [a, b, c] = [entry(1), entry(2), entry(3)];
    cache.remember(a);
    cache.remember(b);
    cache.remember(c);
    assert.equal(cache.size, 2);
    assert.deepEqual([holds(cache, a), holds(cache, b), holds(cache, c)], [false, true, true]);
  });

  it('keeps an entry up to its size exactly', () => {
    const cache = new PrefixCache(2);
    cache.remember(entry(1));
    cache.remember(entry(2));
    assert.equal(cache.size, 2);
  });

  it('an entry remembered again becomes the newest, so the other one is dropped first', () => {
    const cache = new PrefixCache(2);
    const [a, b, c] = [entry(1), entry(2), entry(3)];
    cache.remember(a);
    cache.remember(b);
    cache.remember(a);
    cache.remember(c);
    assert.deepEqual([holds(cache, a), holds(cache, b), holds(cache, c)], [true, false, true]);
  });

  it('an entry a lookup finds becomes the newest, so the other one is dropped first', () => {
    const cache = new PrefixCache(2);
    const [a, b, c] = [entry(1), entry(2), entry(3)];
    cache.remember(a);
    cache.remember(b);
    assert.equal(cache.lookup(CHAIN, 1, [{ start: 1, end: 5 }]), a);
    cache.remember(c);
    assert.deepEqual([holds(cache, a), holds(cache, b), holds(cache, c)], [true, false, true]);
  });

  it('the chain starts with the hash of the empty text and links each message to the one before by a newline', () => {
    const messages = [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }];
    assert.deepEqual(hashChain(messages, mark), [
      '<>',
      '<<>\n{"role":"user","content":"a"}>',
      '<<<>\n{"role":"user","content":"a"}>\n{"role":"assistant","content":"b"}>',
    ]);
  });

  it('a message is hashed without its cache_control and signatures, at any depth', () => {
    const messages = [{ role: 'assistant', cache_control: { type: 'ephemeral' }, content: [{ type: 'thinking', thinking: 't', signature: 'sig' }] }];
    assert.deepEqual(hashChain(messages, mark), ['<>', '<<>\n{"role":"assistant","content":[{"type":"thinking","thinking":"t"}]}>']);
  });

  it('a message already hashed after another link is hashed again after this one', () => {
    const m = { role: 'user', content: 'same' };
    assert.deepEqual(hashChain([m], mark), ['<>', '<<>\n{"role":"user","content":"same"}>']);
    const first = { role: 'user', content: 'x' };
    assert.deepEqual(hashChain([first, m], mark), [
      '<>',
      '<<>\n{"role":"user","content":"x"}>',
      '<<<>\n{"role":"user","content":"x"}>\n{"role":"user","content":"same"}>',
    ]);
  });
});
