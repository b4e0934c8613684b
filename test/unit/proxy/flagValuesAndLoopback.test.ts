// The proxy's --bind, --log and --upstream flags, what counts as a loopback name, and how the
// hostname is read from a Host header: the proxy must never listen beyond this machine, nor send
// credentials in clear text.
import assert from 'node:assert/strict';
import { hostHeaderName, isLoopbackName, parseProxyFlags } from '../../../src/core/proxy/options';

describe('the proxy flags that take a text value', () => {
  it('--bind takes the loopback name given after it', () => {
    assert.equal(parseProxyFlags(['--bind', 'localhost']).opts.bind, 'localhost');
  });

  it('--log takes the file given after it', () => {
    assert.equal(parseProxyFlags(['--log', 'proxy.jsonl']).opts.log, 'proxy.jsonl');
  });
});

describe('what the proxy says when it refuses a flag', () => {
  const messages: Array<[string, string[], string]> = [
    ['a bind address beyond loopback', ['--bind', '10.0.0.1'], '--bind 10.0.0.1: the proxy listens on loopback only (127.0.0.1, ::1 or localhost)'],
    ['an ftp upstream, even to loopback', ['--upstream', 'ftp://127.0.0.1'], '--upstream must be https:// (plain http:// only to a loopback address), since requests carry credentials'],
    ['an upstream naming a user without a password', ['--upstream', 'https://user@example.com'], '--upstream must not hold credentials'],
    ['an upstream with a password and no user', ['--upstream', 'https://:pw@example.com'], '--upstream must not hold credentials'],
  ];
  for (const [name, args, message] of messages) {
    it(`refuses ${name}, saying why`, () => assert.throws(() => parseProxyFlags(args), { name: 'UserError', message }));
  }
});

describe('loopback names', () => {
  const cases: Array<[string, boolean]> = [
    ['127.10.0.1', true],
    ['127.0.10.1', true],
    ['127.0.0.10', true],
    ['127.255.255.254', true],
    ['[::1]', true],
    ['x127.0.0.1', false],
    ['1127.0.0.1', false],
    ['::1[', false],
    [']::1', false],
  ];
  for (const [host, loopback] of cases) {
    it(`${host} is ${loopback ? '' : 'not '}a loopback name (brackets only wrap the whole address)`, () => {
      assert.equal(isLoopbackName(host), loopback);
    });
  }
});

describe('the hostname of a Host header', () => {
  const cases: Array<[string | undefined, string]> = [
    [undefined, ''],
    ['', ''],
    ['[::1]', '[::1]'],
    ['[::1]:8260', '[::1]'],
    [':8260', ''],
    ['localhost', 'localhost'],
  ];
  for (const [host, name] of cases) {
    it(`the Host header ${JSON.stringify(host)} names the host ${JSON.stringify(name)}`, () => {
      assert.equal(hostHeaderName(host), name);
    });
  }
});
