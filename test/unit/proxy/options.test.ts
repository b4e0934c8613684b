import assert from 'node:assert/strict';
import { declares1m, DEFAULTS, hostHeaderName, isLoopbackName, parseProxyFlags, windowThreshold } from '../../../src/core/proxy/options';

describe('proxy flags and thresholds', () => {
  it('parses every flag the issue names', () => {
    const { opts, rest, after } = parseProxyFlags([
      '--threshold', '9000', '--threshold-1m=20000', '--keep-recent', '4', '--keep-tail-percent', '40', '--result-max-chars', '300',
      '--carry-max-chars', '0', '--no-calibrate', '--shadow', '--strict', '--port', '0', '--upstream', 'http://127.0.0.1:9', 'session', '--', 'claude', '-p', 'x',
    ]);
    assert.deepEqual(
      [opts.threshold, opts.threshold1m, opts.keepRecent, opts.keepTailPercent, opts.resultMaxChars, opts.carryMaxChars, opts.calibrate, opts.shadow, opts.strict, opts.port, opts.upstream],
      [9000, 20000, 4, 40, 300, 0, false, true, true, 0, 'http://127.0.0.1:9'],
    );
    assert.deepEqual(rest, ['session']);
    assert.deepEqual(after, ['claude', '-p', 'x']);
  });

  const refused: Array<[string, string[]]> = [
    ['a non-loopback bind address', ['--bind', '0.0.0.0']],
    ['a plain-http upstream that is not loopback', ['--upstream', 'http://example.com']],
    ['an upstream with credentials in it', ['--upstream', 'https://user:pw@example.com']],
    ['a tail budget over 60%', ['--keep-tail-percent', '61']],
    ['keeping no recent turn', ['--keep-recent', '0']],
    ['an unknown flag', ['--thresold', '5']],
  ];
  for (const [name, args] of refused) {
    it(`refuses ${name}`, () => assert.throws(() => parseProxyFlags(args), { name: 'UserError' }));
  }

  const messages: Array<[string, string[], string]> = [
    ['a flag without its value', ['--threshold'], '--threshold needs a value'],
    ['an upstream that is not a URL', ['--upstream', 'not a url'], '--upstream not a url is not a URL'],
  ];
  for (const [name, args, message] of messages) {
    it(`says what is wrong with ${name}`, () => assert.throws(() => parseProxyFlags(args), { name: 'UserError', message }));
  }

  it('reads a 1M window from an anthropic-beta header sent as several values', () => {
    assert.equal(declares1m(['oauth-2025-04-20', 'context-1m-2025-08-07']), true);
  });

  it('has the published defaults', () => {
    assert.deepEqual([DEFAULTS.threshold, DEFAULTS.threshold1m, DEFAULTS.keepRecent, DEFAULTS.keepTailPercent, DEFAULTS.resultMaxChars, DEFAULTS.carryMaxChars],
      [128_000, 256_000, 3, 0, 500, 24_000]);
  });

  const windows: Array<[string, string | undefined, number]> = [
    ['no anthropic-beta header', undefined, 128_000],
    ['a beta header without a context-1m token', 'prompt-caching-2024-07-31,oauth-2025-04-20', 128_000],
    ['a context-1m token among others', 'oauth-2025-04-20, context-1m-2025-08-07', 256_000],
  ];
  for (const [name, beta, want] of windows) {
    it(`applies ${want} with ${name}`, () => assert.equal(windowThreshold(DEFAULTS, declares1m(beta)), want));
  }

  it('never lets --threshold-1m fall below --threshold', () => {
    assert.equal(windowThreshold({ threshold: 300_000, threshold1m: 256_000 }, true), 300_000);
  });

  it('knows loopback host names and nothing else', () => {
    for (const h of ['127.0.0.1:8260', 'localhost:1', '[::1]:8260', '127.0.0.1']) assert.ok(isLoopbackName(hostHeaderName(h)), h);
    for (const h of ['evil.example:8260', '10.0.0.1:8260', '127.0.0.1.nip.io:8260', '', '0.0.0.0:1']) assert.ok(!isLoopbackName(hostHeaderName(h)), h);
  });
});
