// How a subagent's Bash call ended: Claude Code writes its tool_result without a toolUseResult, so
// is_error decides. It passed there when is_error is false; it never counts either way (the
// recorded demo's V2 ran only in a foreground subagent, whose one call passed).
import { strict as assert } from 'node:assert';
import { decideRunEnd, decideSubagentRunEnd, type BashResultFacts, type DecidedEnd } from '../../../src/core/transcript/runEnd';
import { evaluate, recordedTranscript } from '../helpers/fixtures';

const facts = (over: Partial<BashResultFacts>): BashResultFacts => ({ isError: false, toolUseResult: undefined, content: '', ...over });

describe('how a subagent’s run ended', () => {
  const rows: Array<[string, Partial<BashResultFacts>, DecidedEnd]> = [
    ['is_error false with no toolUseResult passed there', {}, { end: { kind: 'passed' } }],
    ['is_error true with an exit code failed there, with that code', { isError: true, content: 'Exit code 1\nno' }, { end: { kind: 'failed', reason: 'exit code 1', exitCode: 1 } }],
    ['no is_error at all is no pass', { isError: undefined }, { end: { kind: 'failed', reason: 'no exit details in the result', exitCode: null } }],
    ['a toolUseResult, when there is one, decides as in the main session', { toolUseResult: { returnCodeInterpretation: 'Condition is false' } }, { end: { kind: 'failed', reason: 'Condition is false', exitCode: null } }],
  ];
  for (const [name, over, want] of rows) {
    it(name, () => assert.deepEqual(decideSubagentRunEnd(facts(over)), want));
  }

  it('the main session’s rule is unchanged: no toolUseResult there is no pass', () => {
    assert.equal(decideRunEnd(facts({})).end.kind, 'failed');
  });

  it('the recorded demo’s subagent run of V2 passed there and did not count', () => {
    const t = evaluate('# Demo\n\n## Checks\n\n- **V2.** Suite. Proof: `sh suite.sh`\n', [recordedTranscript('demo')]);
    const e = t.ledger.find((l) => l.ids.includes('V2'));
    assert.ok(e, JSON.stringify(t.ledger));
    assert.deepEqual([e.reason, e.source, e.run.outcome, e.run.exit], ['subagent', 'subagent', 'passed', 0]);
    assert.equal(t.items[0]!.state, 'unrun');
  });
});
