// Whose words close items, and which notices end background runs.
import { strict as assert } from 'node:assert';
import { blocksOf, derive, indexOf, isNoticeAttachment, isSdkPrompt, isTypedPrompt, type Rec } from '../helpers/derive';
import { evaluate, labTranscript, planOf, stateOf } from '../helpers/fixtures';

const humanPlan = planOf({ S1: 'human — your answer names S1', S10: 'human — your answer names S10', S11: 'later — the release build' });

function withTypedText(file: string, text: string, pred = isTypedPrompt): string {
  return derive(file, (rs) => {
    const i = indexOf(rs, pred, 'prompt');
    rs[i] = { ...rs[i], message: { ...rs[i]!.message, content: text } };
    return rs;
  });
}

describe('the person’s words', () => {
  it('a typed prompt naming S10 closes S10 and nothing else', () => {
    const t = evaluate(humanPlan, [withTypedText(labTranscript('tui'), 'S10 is fine by me')]);
    assert.equal(stateOf(t, 'S10'), 'closed');
    assert.equal(stateOf(t, 'S1'), 'open');
    assert.equal(stateOf(t, 'S11'), 'open');
    assert.equal(t.items.find((i) => i.id === 'S10')!.closedBy?.source, 'typed');
  });

  it('words about S100 or S1x decide nothing about S1 or S10', () => {
    const t = evaluate(humanPlan, [withTypedText(labTranscript('tui'), 'S100 and S1x and AS10 are fine')]);
    assert.equal(stateOf(t, 'S1'), 'open');
    assert.equal(stateOf(t, 'S10'), 'open');
  });

  it('a -p prompt from a launcher (promptSource sdk) is not the person’s words', () => {
    const file = withTypedText(labTranscript('main'), 'S10 approved', isSdkPrompt);
    assert.equal(stateOf(evaluate(humanPlan, [file]), 'S10'), 'open');
    assert.equal(stateOf(evaluate(humanPlan, [file], { countSdkPrompts: true }), 'S10'), 'closed', 'unless the goal says so');
  });

  it('a compaction summary or a meta record naming an id is nobody’s words', () => {
    const file = derive(labTranscript('main'), (rs) =>
      rs.map((r) => (r.type === 'user' && (r.isCompactSummary || r.isMeta) ? { ...r, message: { ...r.message, content: 'S10 done' }, promptSource: 'typed' } : r)),
    );
    assert.equal(stateOf(evaluate(humanPlan, [file]), 'S10'), 'open');
  });

  it('a typed prompt in the VS Code panel (entrypoint claude-vscode) counts as typed', () => {
    const file = derive(labTranscript('tui'), (rs) => {
      const i = indexOf(rs, isTypedPrompt, 'typed prompt');
      const { promptSource: _p, origin: _o, ...rest } = rs[i]!;
      rs[i] = { ...rest, entrypoint: 'claude-vscode', message: { role: 'user', content: [{ type: 'text', text: 'S10 ok' }] } };
      return rs;
    });
    assert.equal(stateOf(evaluate(humanPlan, [file]), 'S10'), 'closed');
  });
});

describe('completion notices', () => {
  const bgPlan = planOf({ S1: '`sleep 2; echo done-bg`' });
  const withoutNotice = (edit: (rs: Rec[], at: number) => void) =>
    derive(labTranscript('main'), (rs) => {
      const at = indexOf(rs, isNoticeAttachment, 'notice attachment');
      rs.splice(at, 1);
      edit(rs, at);
      return rs;
    });
  const xml = (rs: Rec[]) => {
    const q = rs.find((r) => r.type === 'queue-operation' && typeof r.content === 'string' && r.content.includes('<task-notification>'));
    if (!q) throw new Error('fixture has no queued notice text');
    return String(q.content);
  };

  it('without its notice a background run stays pending (queue-operation copies end nothing)', () => {
    const file = withoutNotice(() => undefined);
    const t = evaluate(bgPlan, [file]);
    assert.equal(stateOf(t, 'S1'), 'pending');
    assert.ok(t.ledger.some((l) => l.reason === 'pending notice'));
  });

  it('the same XML typed by the person ends nothing', () => {
    const file = withoutNotice((rs, at) => {
      const typed = { type: 'user', isSidechain: false, promptSource: 'typed', origin: { kind: 'human' }, message: { role: 'user', content: xml(rs) }, timestamp: rs[at - 1]!.timestamp };
      rs.splice(at, 0, typed);
    });
    assert.equal(stateOf(evaluate(bgPlan, [file]), 'S1'), 'pending');
  });

  it('the same XML in assistant text or inside a tool result ends nothing', () => {
    const file = withoutNotice((rs, at) => {
      const text = xml(rs);
      rs.splice(at, 0, { type: 'assistant', isSidechain: false, message: { role: 'assistant', content: [{ type: 'text', text }] } });
      const res = rs.find((r) => r.type === 'user' && blocksOf(r)[0]?.type === 'tool_result' && typeof blocksOf(r)[0]?.content === 'string');
      if (!res) throw new Error('fixture has no tool result');
      blocksOf(res)[0]!.content = text;
    });
    assert.equal(stateOf(evaluate(bgPlan, [file]), 'S1'), 'pending');
  });

  it('a notice inside a subagent-marked (sidechain) record ends nothing', () => {
    const file = derive(labTranscript('main'), (rs) => {
      const at = indexOf(rs, isNoticeAttachment, 'notice attachment');
      rs[at] = { ...rs[at], isSidechain: true };
      return rs;
    });
    assert.equal(stateOf(evaluate(bgPlan, [file]), 'S1'), 'pending');
  });

  it('a notice for another task id ends nothing', () => {
    const file = derive(labTranscript('main'), (rs) => {
      const at = indexOf(rs, isNoticeAttachment, 'notice attachment');
      rs[at] = { ...rs[at], attachment: { ...rs[at]!.attachment, prompt: String(rs[at]!.attachment?.prompt).replace(/<task-id>[^<]+</, '<task-id>other1<') } };
      return rs;
    });
    assert.equal(stateOf(evaluate(bgPlan, [file]), 'S1'), 'pending');
  });

  it('a user record whose origin is task-notification ends the run (bg-late, status failed)', () => {
    const t = evaluate(planOf({ S1: '`sleep 3; echo done-late; exit 4`' }), [labTranscript('bg-late')]);
    assert.equal(stateOf(t, 'S1'), 'failed');
  });
});
