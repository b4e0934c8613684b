// The words after a node script are handed to the script, not the script's own path.
import { strict as assert } from 'node:assert';
import { DepSet } from '../../../src/core/seal/deps';
import type { Ctx } from '../../../src/core/seal/context';
import { node } from '../../../src/core/seal/tools/js';
import { memoryView } from '../../../src/core/seal/view';

describe('node hands a script the words after it', () => {
  it('the script gets only the words after its own path', () => {
    const calls: Array<[string, string[]]> = [];
    const ctx: Ctx = {
      view: memoryView({ 'app.js': '' }),
      out: new DepSet(),
      run: () => undefined,
      script: (path, _interpreter, args) => {
        calls.push([path, args]);
      },
    };
    node(ctx, ['--no-warnings', 'app.js', 'one', 'two'], '.', 'the proof');
    assert.deepEqual(calls, [['app.js', ['one', 'two']]]);
  });
});
