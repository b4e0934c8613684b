import { strict as assert } from 'node:assert';
import { tallySchema } from '../../src/core/tally/tallySchema';
import { hostMessageSchema, webviewMessageSchema } from '../../src/protocol';
import { evaluate, labTranscript } from './helpers/fixtures';

describe('protocol', () => {
  it('a tally computed by the engine passes the webview schema', () => {
    const t = evaluate('## Steps\n- **S1.** a. Proof: `echo hello-from-bash; echo to-stderr >&2`\n- **S2.** b. Proof: human — names S2\n', [labTranscript('main')]);
    const parsed = tallySchema.safeParse(JSON.parse(JSON.stringify(t)));
    assert.ok(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues[0]));
  });
  it('the schema keeps every field of a tally computed by the engine (nothing the views read is dropped)', () => {
    const t = evaluate('## Steps\n- **S1.** a. Proof: `echo hello-from-bash; echo to-stderr >&2`\n- **S2.** b. Proof: human — names S2\n', [labTranscript('main')]);
    const wire: unknown = JSON.parse(JSON.stringify(t));
    assert.deepEqual(tallySchema.parse(wire), wire);
  });
  const bad: unknown[] = [
    { type: 'nope' },
    { type: 'openTranscript', file: '/x', line: 0 },
    { type: 'runCommand', command: 'workbench.action.terminal.sendSequence' },
    'ready',
    null,
  ];
  for (const m of bad) {
    it(`rejects the webview message ${JSON.stringify(m)}`, () => {
      assert.equal(webviewMessageSchema.safeParse(m).success, false);
    });
  }
  it('accepts a ready handshake and rejects a state without its fields', () => {
    assert.equal(webviewMessageSchema.safeParse({ type: 'ready' }).success, true);
    assert.equal(hostMessageSchema.safeParse({ type: 'state', state: {} }).success, false);
  });
});
