// Words that refuse close nothing, on recorded sessions: typed prompts, question-box answers and
// prompts typed while Claude was busy close an item only when the sentence naming it affirms it.
import { strict as assert } from 'node:assert';
import { answersOf, derive, indexOf, isTypedPrompt, type Rec, resultObject } from '../helpers/derive';
import { evaluate, labTranscript, planOf, recordedTranscript, stateOf } from '../helpers/fixtures';

const plan = planOf({ S1: 'human — your words name S1', S2: 'human — your words name S2', S4: 'human — your answer names S4', S6: 'human — names S6', S10: 'human — names S10' });

function typed(text: string): string {
  return derive(labTranscript('tui'), (rs) => {
    const i = indexOf(rs, isTypedPrompt, 'typed prompt');
    rs[i] = { ...rs[i], message: { ...rs[i]!.message, content: text } };
    return rs;
  });
}

function answered(answers: (old: Record<string, string>) => Record<string, string>): string {
  return derive(recordedTranscript('ask-answer'), (rs) => {
    const i = indexOf(rs, (r) => answersOf(r) !== undefined, 'AskUserQuestion result');
    resultObject(rs[i]!)!.answers = answers(answersOf(rs[i]!)!);
    return rs;
  });
}

function queued(text: string): string {
  return derive(recordedTranscript('queued-prompt'), (rs: Rec[]) => {
    const i = indexOf(rs, (r) => r.type === 'attachment' && r.attachment?.type === 'queued_command', 'queued prompt');
    rs[i] = { ...rs[i], attachment: { ...rs[i]!.attachment, prompt: text } };
    return rs;
  });
}

describe('words that refuse close nothing', () => {
  const typedCases: Array<[string, Record<string, 'closed' | 'open'>]> = [
    ['S1 and S2 are done', { S1: 'closed', S2: 'closed' }],
    ['S2 is NOT done', { S2: 'open' }],
    ['Is S2 done?', { S2: 'open' }],
    ['S2 isn’t finished yet', { S2: 'open' }],
    ['S1 done. S2 not yet.', { S1: 'closed', S2: 'open' }],
    ['¿Está S2 listo?', { S2: 'open' }],
    ['S2 は終わりましたか？', { S2: 'open' }],
    ['S2 ist nicht fertig', { S2: 'open' }],
    ['yes, S2 works', { S2: 'closed' }],
  ];
  for (const [text, want] of typedCases) {
    it(`a typed prompt ${JSON.stringify(text)}: ${Object.entries(want).map(([id, s]) => `${id} ${s}`).join(', ')}`, () => {
      const t = evaluate(plan, [typed(text)]);
      for (const [id, state] of Object.entries(want)) assert.equal(stateOf(t, id), state, id);
    });
  }

  it('the recorded question box still closes S4 ("S4 looks good, ship it") and S6 (the option chosen)', () => {
    const t = evaluate(plan, [recordedTranscript('ask-answer')]);
    assert.equal(stateOf(t, 'S4'), 'closed');
    assert.equal(stateOf(t, 'S6'), 'closed');
  });

  it('a question-box answer that refuses ("S4 is not ready, rewrite it") closes nothing', () => {
    const file = answered((a) => Object.fromEntries(Object.keys(a).map((q, i) => [q, i === 0 ? 'S4 is not ready, rewrite it' : 'Is S6 next?'])));
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S4'), 'open');
    assert.equal(stateOf(t, 'S6'), 'open');
  });

  it('a question whose text names S4 and an answer "No" closes nothing', () => {
    const t = evaluate(plan, [answered((a) => Object.fromEntries(Object.keys(a).map((q) => [q, 'No'])))]);
    assert.equal(stateOf(t, 'S4'), 'open');
  });

  it('a prompt typed while Claude was busy that refuses ("S10 does not look good") closes nothing', () => {
    assert.equal(stateOf(evaluate(plan, [queued('S10 does not look good')]), 'S10'), 'open');
    assert.equal(stateOf(evaluate(plan, [queued('S10 looks good')]), 'S10'), 'closed');
  });
});
