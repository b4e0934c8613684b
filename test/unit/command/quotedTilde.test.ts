// normCmd reads `~` where bash expands it: alone as a word, or before an unquoted `/`. A quoted
// rest (`~"/x"`, `~'x'`) keeps the tilde literal, so it is not the same command as `~/x`.
import { strict as assert } from 'node:assert';
import { normCmd } from '../../../src/core/command/normCmd';

const HOME = '/home/u';

describe('the tilde where bash expands it', () => {
  it('`ls ~"/x"` is not `ls ~/x`', () => assert.notEqual(normCmd('ls ~"/x"', HOME), normCmd('ls ~/x', HOME)));
  it("`ls ~'x'` is not `ls ~/x`", () => assert.notEqual(normCmd("ls ~'x'", HOME), normCmd('ls ~/x', HOME)));
  it('`ls ~/x` is `ls /home/u/x`', () => assert.equal(normCmd('ls ~/x', HOME), normCmd('ls /home/u/x', HOME)));
  it('`ls ~` is `ls /home/u`', () => assert.equal(normCmd('ls ~', HOME), normCmd('ls /home/u', HOME)));
  it('`ls ~"x"/y` keeps its tilde', () => assert.equal(normCmd('ls ~"x"/y', HOME), 'ls ~"x"/y'));
});
