// A number flag takes underscores between digits, its upper bound is allowed, one past it is not,
// and the refusal names the flag, its bounds and the text given.
import assert from 'node:assert/strict';
import { parseProxyFlags } from '../../../src/core/proxy/options';

describe('proxy number flags', () => {
  it('reads underscores between the digits of a number', () => {
    assert.equal(parseProxyFlags(['--threshold=150_000']).opts.threshold, 150_000);
  });

  it('takes the upper bound itself', () => {
    assert.equal(parseProxyFlags(['--port', '65535']).opts.port, 65535);
    assert.equal(parseProxyFlags(['--keep-tail-percent=60']).opts.keepTailPercent, 60);
  });

  const refused: Array<[string, string[], string]> = [
    ['one past the upper bound', ['--port', '65536'], "--port must be a whole number from 0 to 65535 (got '65536')"],
    ['one under the lower bound', ['--keep-recent=0'], "--keep-recent must be a whole number from 1 to 1000 (got '0')"],
    ['a number that is not whole', ['--threshold', '1.5'], "--threshold must be a whole number from 1 to 1000000000 (got '1.5')"],
  ];
  for (const [name, args, message] of refused) {
    it(`refuses ${name}, saying why`, () => assert.throws(() => parseProxyFlags(args), { message }));
  }

  it('a positional word with an equals sign is kept whole', () => {
    assert.deepEqual(parseProxyFlags(['a=b', '-x=1']).rest, ['a=b', '-x=1']);
  });

  it('a positional word with an equals sign is no flag even when its name is an object property', () => {
    const { opts, rest } = parseProxyFlags(['constructor=1', 'toString=2']);
    assert.deepEqual(rest, ['constructor=1', 'toString=2']);
    assert.equal(Object.prototype.hasOwnProperty.call(opts, 'undefined'), false);
  });
});
