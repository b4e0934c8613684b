// An entry names only an absolute node path, and checks the runner's digest only for a digest of
// exactly 64 lowercase hex digits.
import { strict as assert } from 'node:assert';
import { nodeWords, stopEntry } from '../../../src/core/install/nodeEntry';

const SHA = 'ab'.repeat(32);
const RUN = 'node x hook stop';
const FALLBACK = '{ echo "Proofmeter: the stop gate could not run (exit $?: its runner is missing, failed or cannot start); run proofmeter doctor" >&2; exit 2; }';

describe('node entry forms', () => {
  const words: Array<[string, string, string]> = [
    ['an absolute node path is named in quotes', '/usr/bin/node', '"/usr/bin/node"'],
    ['a relative node path is not named: the entry says node', 'bin/node', 'node'],
    ['a bare node name is not named: the entry says node', 'node', 'node'],
  ];
  for (const [name, path, want] of words) {
    it(name, () => assert.equal(nodeWords({ path, electron: false }), want));
  }

  const unchecked: Array<[string, string]> = [
    ['a digest with a character before its 64 hex digits', `x${SHA}`],
    ['a digest with a character after its 64 hex digits', `${SHA}x`],
    ['a digest of 65 hex digits', `${SHA}a`],
  ];
  for (const [name, sha] of unchecked) {
    it(`checks no digest for ${name}`, () => assert.equal(stopEntry(RUN, '.claude/proofmeter/proofmeter.js', sha), `${RUN} || ${FALLBACK}`));
  }

  it('checks a digest of exactly 64 hex digits', () => {
    const entry = stopEntry(RUN, '.claude/proofmeter/proofmeter.js', SHA);
    assert.ok(entry.startsWith('h=$( (sha256sum || shasum -a 256) 2>/dev/null < "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js); '), entry);
    assert.ok(entry.includes(`[ "\${h%% *}" = ${SHA} ] || `), entry);
  });
});
