// The proxy's flags are looked up among its own names only: a word that names a property every
// object has (`constructor`, `toString`) is a word like any other, not a flag with a broken range.
import { strict as assert } from 'node:assert';
import { parseProxyFlags } from '../../../src/core/proxy/options';

describe('proxy flags and the names every object has', () => {
  it('`constructor x` are two words', () => assert.deepEqual(parseProxyFlags(['constructor', 'x']).rest, ['constructor', 'x']));
  it('`toString` is a word', () => assert.deepEqual(parseProxyFlags(['toString']).rest, ['toString']));
  it('`--constructor=1` is an unknown flag', () => assert.throws(() => parseProxyFlags(['--constructor=1']), /unknown flag --constructor/));
  it('`--hasOwnProperty` is an unknown flag', () => assert.throws(() => parseProxyFlags(['--hasOwnProperty', '1']), /unknown flag --hasOwnProperty/));
});
