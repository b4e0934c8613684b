// Unmerge names each group it took a meter hook from as "<event> <matcher>", but a matcher that is not
// a string (hand-edited settings) is not text to show, so only the event is named.
import { strict as assert } from 'node:assert';
import { unmergeMeter, type Json, type Settings } from '../../../src/core/install/settingsMerge';

const STOP = 'node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook stop';

describe('unmerge: the names of the groups it removed', () => {
  const cases: Array<[string, Json, string]> = [
    ['a number as matcher is not named', 7, 'Stop'],
    ['an object as matcher is not named', { tool: 'Bash' }, 'Stop'],
    ['true as matcher is not named', true, 'Stop'],
    ['an empty matcher is not named', '', 'Stop'],
    ['a string matcher is named after the event', 'Bash', 'Stop Bash'],
  ];
  for (const [rule, matcher, name] of cases) {
    it(rule, () => {
      const input: Settings = { hooks: { Stop: [{ matcher, hooks: [{ type: 'command', command: STOP }] }] } };
      const r = unmergeMeter(input);
      assert.ok(r.ok);
      assert.deepEqual(r.removed, [name]);
    });
  }
});
