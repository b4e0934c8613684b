// The digest behind a guard refusal's id when the call lacks the field it is read from: a Bash
// call with no command digests an empty command, a file tool with no file_path or notebook_path
// digests the folder itself. Each expected value is the sha256 of the canonical subject written
// out in the row.
import { strict as assert } from 'node:assert';
import { actionDigest } from '../../../src/hooks/guardAllowance';

describe('the action digest of a call with its path or command missing', () => {
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    // sha256('{"command":"","cwd":"/w","tool":"Bash"}')
    ['a Bash call with no command is digested as the empty command', 'Bash', {}, 'e24f488533b2a00d7963beb70412c49624ca5594f09ce21980ce0b8c85e4b0ca'],
    // the same subject, the command given as ''
    ['a Bash call with an empty command has that same digest', 'Bash', { command: '' }, 'e24f488533b2a00d7963beb70412c49624ca5594f09ce21980ce0b8c85e4b0ca'],
    // sha256('{"input":{},"path":"/w","tool":"Edit"}')
    ['an Edit with neither file_path nor notebook_path is digested with the folder as its path', 'Edit', {}, '11f3c347755e2b54fe05d764b80e43ff89719a9e6fdef9a0e3bba068b52225ae'],
  ];
  for (const [name, tool, input, want] of cases) {
    it(name, () => {
      assert.equal(actionDigest(tool, input, '/w'), want);
    });
  }
});
