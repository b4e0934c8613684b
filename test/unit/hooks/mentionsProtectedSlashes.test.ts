// Text naming a protected path with its slashes doubled, which the file system reads as one:
// `.claude/.//proofmeter` is the state folder, `~/.local/state//proofmeter` the seal's outside copy.
import { strict as assert } from 'node:assert';
import { mentionsProtected } from '../../../src/hooks/protectedPaths';

describe('inline text naming a protected path with doubled slashes', () => {
  const texts: Array<[string, boolean]> = [
    ["require('fs').rmSync('.claude/.//proofmeter', { recursive: true })", true],
    ["open('.claude/.//./settings.json', 'w')", true],
    ["require('fs').rmSync(process.env.HOME + '/.local/state//proofmeter', { recursive: true })", true],
    ["open('/home/me/.local/state///proofmeter/seals/x.json', 'w')", true],
    ["open('/home/me/.local/state//other/x.json', 'w')", false],
    ["open('.claude/.//agents/x.md', 'w')", false],
  ];
  for (const [text, want] of texts) {
    it(`${JSON.stringify(text)} ${want ? 'names' : 'does not name'} a protected path`, () => assert.equal(mentionsProtected(text), want));
  }
});
