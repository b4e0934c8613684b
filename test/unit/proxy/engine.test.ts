import assert from 'node:assert/strict';
import { Engine } from '../../../src/core/proxy/engine';
import { DEFAULTS, type ProxyOptions } from '../../../src/core/proxy/options';
import { isLengthRejection, retryThreshold } from '../../../src/core/proxy/rejection';
import { requestSchema } from '../../../src/core/proxy/messages';
import { pairingViolations } from '../../../src/core/proxy/turns';
import { history, request, sha256 } from './build';

const meta = { upstream: 'http://127.0.0.1:1' };
const engine = (o: Partial<ProxyOptions> = {}, hash = sha256) => new Engine({ ...DEFAULTS, threshold: 6000, ...o }, hash);
const big = () => JSON.stringify(request(history(30, 3000)));

describe('proxy engine', () => {
  const failOpen: Array<[string, string, object, Partial<ProxyOptions>, ((s: string) => string) | undefined, string]> = [
    ['a body that is not JSON', '{"messages": [', meta, {}, undefined, 'unparseable'],
    ['JSON that is not a Messages request', '{"prompt":"hi"}', meta, {}, undefined, 'unparseable'],
    ['a compressed body', big(), { ...meta, contentEncoding: 'gzip' }, {}, undefined, 'compressed'],
    ['an internal error', big(), meta, {}, () => { throw new Error('boom'); }, 'internal'],
  ];
  for (const [name, raw, m, o, hash, why] of failOpen) {
    it(`forwards the original bytes on ${name}`, () => {
      const out = engine(o, hash).handle(raw, m as typeof meta);
      assert.equal(out.body, null);
      assert.equal(out.failOpen, why);
    });
  }

  it('rewrites a request over the threshold into valid JSON under it', () => {
    const out = engine().handle(big(), meta);
    assert.ok(out.body);
    const sent = requestSchema.parse(JSON.parse(out.body));
    assert.equal(pairingViolations(sent.messages), 0);
    assert.ok(out.decision!.estAfter <= out.decision!.threshold);
    assert.equal(sent.model, 'claude-test');
    assert.deepEqual(Object.keys(sent), Object.keys(requestSchema.parse(JSON.parse(big()))), 'the client\'s keys, in its order');
  });

  it('logs but forwards unchanged with --shadow', () => {
    const out = engine({ shadow: true }).handle(big(), meta);
    assert.equal(out.body, null);
    assert.equal(out.shadowed, true);
    assert.equal(out.decision!.action, 'compact');
  });

  it('reads a 1M window from the anthropic-beta header and never from the model name', () => {
    const e = engine({ threshold: 6000, threshold1m: 60_000 });
    const named = JSON.stringify(request(history(30, 3000), { model: 'claude-opus-4-7[1m]' }));
    assert.equal(e.handle(named, meta).decision!.action, 'compact', 'the model name alone changes nothing');
    assert.equal(e.handle(big(), { ...meta, anthropicBeta: 'context-1m-2025-08-07' }).decision!.action, 'pass');
  });

  it('compacts harder once after a length rejection, under a threshold cut by the overshoot', () => {
    const e = engine({ threshold: 100_000 });
    const raw = big();
    const first = e.handle(raw, meta);
    assert.equal(first.body, null, 'under the threshold: sent as it is');
    const err = '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 30000 tokens > 20000 maximum"}}';
    assert.ok(isLengthRejection(400, err));
    const again = e.retryForLength(raw, meta, first.sentEstimate, err);
    assert.ok(again.body);
    assert.ok(again.decision!.estAfter < first.sentEstimate * (20000 / 30000));
    assert.equal(pairingViolations(requestSchema.parse(JSON.parse(again.body)).messages), 0);
  });

  const rejections: Array<[number, string, boolean]> = [
    [400, 'prompt is too long: 215000 tokens > 200000 maximum', true],
    [413, 'request_too_large', true],
    [400, 'messages.3: tool_use ids were found without tool_result blocks', false],
    [401, 'invalid x-api-key', false],
    [529, 'overloaded', false],
  ];
  for (const [status, body, want] of rejections) {
    it(`${want ? 'retries' : 'does not retry'} on ${status} "${body}"`, () => assert.equal(isLengthRejection(status, body), want));
  }

  it('halves the threshold for a retry when the rejection names no sizes', () => {
    assert.equal(retryThreshold(50_000, 128_000, 'too long'), 25_000);
  });

  it('names no model for a request without one', () => {
    const out = engine().handle(JSON.stringify({ messages: history(30, 3000) }), meta);
    assert.equal(out.decision!.action, 'compact');
    assert.equal(out.model, '');
  });

  it('reads an identity content encoding as no encoding', () => {
    const out = engine().handle(big(), { ...meta, contentEncoding: 'identity' });
    assert.equal(out.failOpen, null);
    assert.ok(out.body);
  });

  const answered: Array<[string, string, object]> = [
    ['a body that is not JSON', '{"messages": [', meta],
    ['a compressed body', big(), { ...meta, contentEncoding: 'br' }],
  ];
  for (const [name, raw, m] of answered) {
    it(`names no model and no shadow for ${name}`, () => {
      const out = engine({ shadow: true }).handle(raw, m as typeof meta);
      assert.deepEqual({ ...out }, { body: null, decision: null, failOpen: out.failOpen, shadowed: false, model: '', sentEstimate: 0 });
    });
  }

  it('refuses a chat request whose messages do not match the Chat Completions shape', () => {
    const out = engine().handle('{"model":"gpt-test","messages":[{"role":5,"content":"hi"}]}', { ...meta, dialect: 'openai-chat' });
    assert.equal(out.failOpen, 'unparseable');
    assert.equal(out.decision, null);
  });

  it('reuses the prefix it sent for a request sent again, and says so', () => {
    const e = engine();
    const raw = big();
    const first = e.handle(raw, meta);
    const again = e.handle(raw, meta);
    assert.equal(first.decision!.action, 'compact');
    assert.equal(again.decision!.action, 'reuse');
    assert.equal(again.failOpen, null);
    assert.equal(again.body, first.body, 'the same bytes');
    assert.equal(e.cache.size, 1);
  });

  it('remembers in shadow mode too, so the next request shows the reuse', () => {
    const e = engine({ shadow: true });
    const raw = big();
    e.handle(raw, meta);
    assert.equal(e.handle(raw, meta).decision!.action, 'reuse');
  });

  it('compacts on a retry even when the request is under the retry threshold, and never reuses then', () => {
    const e = engine({ threshold: 100_000 });
    const raw = big();
    // A sent estimate far over the threshold: the retry threshold is half of 100,000, over the request.
    const again = e.retryForLength(raw, meta, 10_000_000, 'too long');
    assert.equal(again.decision!.action, 'compact');
    assert.equal(again.decision!.threshold, 50_000);
    assert.ok(again.body);
    assert.equal(e.retryForLength(raw, meta, 10_000_000, 'too long').decision!.action, 'compact', 'a second retry compacts again');
  });

  it('keeps the calibration of an upstream apart from another upstream whose name runs into the model', () => {
    const e = engine();
    for (let i = 0; i < 5; i++) e.observe('http://a', 'bc', 10_000, 20_000);
    assert.deepEqual(e.calibrationOf('http://ab', 'c'), { ratio: 1, samples: 0 });
    assert.equal(e.calibrationOf('http://a', 'bc').samples, 5);
  });

  it('reports no calibration for an upstream and model never observed', () => {
    assert.deepEqual(engine().calibrationOf('http://x', 'm'), { ratio: 1, samples: 0 });
  });

  it('decides a parsed request by the calibration of its model, and one without a model by the model-less one', () => {
    const e = engine({ threshold: 100_000 });
    for (let i = 0; i < 5; i++) e.observe(meta.upstream, 'claude-test', 10_000, 20_000);
    for (let i = 0; i < 5; i++) e.observe(meta.upstream, '', 10_000, 30_000);
    const d = e.decideParsed(request(history(3, 10)), meta)!;
    // Five samples of 2.0 move the ratio to 2 - (7/8)^5 = 1.4871; of 3.0 to 3 - 2 (7/8)^5 = 1.9742.
    assert.equal(d.threshold, 67245);
    const none = e.decideParsed({ messages: history(3, 10) }, meta)!;
    assert.equal(none.threshold, 50653);
  });

  it('calibrates per upstream and model from reported input', () => {
    const e = engine({ threshold: 100_000 });
    for (let i = 0; i < 5; i++) e.observe(meta.upstream, 'claude-test', 10_000, 20_000);
    assert.ok(e.thresholdFor(meta, 'claude-test') < 100_000);
    assert.equal(e.thresholdFor(meta, 'other-model'), 100_000);
    const off = engine({ threshold: 100_000, calibrate: false });
    for (let i = 0; i < 5; i++) off.observe(meta.upstream, 'claude-test', 10_000, 20_000);
    assert.equal(off.thresholdFor(meta, 'claude-test'), 100_000, '--no-calibrate');
  });
});
