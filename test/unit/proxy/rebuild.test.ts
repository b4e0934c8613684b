import assert from 'node:assert/strict';
import { forEachRequest, type Rebuilt } from '../../../src/core/proxy/rebuild';

// Transcript records, as Claude Code writes them (only the fields the rebuild reads).
const user = (content: unknown, extra: Record<string, unknown> = {}) => ({ type: 'user', message: { role: 'user', content }, ...extra });
const assistant = (id: string | undefined, content: unknown, model?: string, extra: Record<string, unknown> = {}) =>
  ({ type: 'assistant', message: { role: 'assistant', ...(id === undefined ? {} : { id }), ...(model ? { model } : {}), content }, ...extra });
const text = (t: string) => ({ type: 'text', text: t });

/** Every request rebuilt, copied: the rebuild reuses its arrays between calls. */
function requests(records: unknown[]): Rebuilt[] {
  const out: Rebuilt[] = [];
  forEachRequest(records, (r) => out.push(JSON.parse(JSON.stringify(r)) as Rebuilt));
  return out;
}

describe('proxy rebuild of the requests of a transcript', () => {
  it('sends the conversation so far before each new assistant message, with the newest model', () => {
    const got = requests([
      user('Fix it.'),
      assistant('m1', [text('Looking.')], 'model-a'),
      user([text('Go on.')]),
      assistant('m2', [text('Done.')], 'model-b'),
      user([text('Thanks.')]),
      assistant('m3', [text('Welcome.')]),
    ]);
    assert.deepEqual(got, [
      { model: 'model-a', messages: [{ role: 'user', content: [text('Fix it.')] }] },
      { model: 'model-b', messages: [
        { role: 'user', content: [text('Fix it.')] },
        { role: 'assistant', content: [text('Looking.')] },
        { role: 'user', content: [text('Go on.')] },
      ] },
      { model: 'model-b', messages: [
        { role: 'user', content: [text('Fix it.')] },
        { role: 'assistant', content: [text('Looking.')] },
        { role: 'user', content: [text('Go on.')] },
        { role: 'assistant', content: [text('Done.')] },
        { role: 'user', content: [text('Thanks.')] },
      ] },
    ]);
  });

  it('merges the records of one assistant message (one id) and of consecutive user records', () => {
    const got = requests([
      user('Fix it.'),
      user([text('Also this.')]),
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }]),
      assistant('m1', [text('Running.')]),
      user([{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }]),
      assistant('m2', [text('Done.')]),
    ]);
    assert.deepEqual(got.map((r) => r.messages), [
      [{ role: 'user', content: [text('Fix it.'), text('Also this.')] }],
      [
        { role: 'user', content: [text('Fix it.'), text('Also this.')] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }, text('Running.')] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] },
      ],
    ]);
  });

  const separate: Array<[string, string | undefined, string | undefined]> = [
    ['two ids', 'm1', 'm2'],
    ['no ids', undefined, undefined],
  ];
  for (const [name, first, second] of separate) {
    it(`keeps consecutive assistant records with ${name} as two messages`, () => {
      const got = requests([user('Fix it.'), assistant(first, [text('One.')]), assistant(second, [text('Two.')])]);
      assert.deepEqual(got.map((r) => r.messages), [
        [{ role: 'user', content: [text('Fix it.')] }],
        [{ role: 'user', content: [text('Fix it.')] }, { role: 'assistant', content: [text('One.')] }],
      ]);
    });
  }

  it('merges an assistant record into the one before only when that one holds the same id', () => {
    // m1's id is remembered, but a user message came between: m1 again is a new message.
    const got = requests([user('Fix it.'), assistant('m1', [text('One.')]), user([text('More.')]), assistant('m1', [text('Two.')]), user([text('End.')]), assistant('m9', [text('Z.')])]);
    assert.equal(got.length, 3);
    assert.deepEqual(got[2]!.messages.map((m) => m.role), ['user', 'assistant', 'user', 'assistant', 'user']);
  });

  it('starts again after a compact boundary, and never merges across it', () => {
    const got = requests([
      user('Fix it.'),
      assistant('m1', [text('One.')]),
      { type: 'system', subtype: 'compact_boundary' },
      user('Summary of before.'),
      assistant('m1', [text('Two.')]),
    ]);
    assert.deepEqual(got.map((r) => r.messages), [
      [{ role: 'user', content: [text('Fix it.')] }],
      [{ role: 'user', content: [text('Summary of before.')] }],
    ]);
  });

  it('reads other system records as nothing', () => {
    const got = requests([user('Fix it.'), assistant('m1', [text('One.')]), { type: 'system', subtype: 'informational' }, user([text('More.')]), assistant('m2', [text('Two.')])]);
    assert.deepEqual(got[1]!.messages.map((m) => m.role), ['user', 'assistant', 'user']);
  });

  it('skips sidechain records, records that do not parse, other types and empty text', () => {
    const got = requests([
      user('Fix it.'),
      user([text('')]),
      user(''),
      user([text('Side.')], { isSidechain: true }),
      assistant('s1', [text('Side answer.')], 'side-model', { isSidechain: true }),
      { type: 'attachment', message: { role: 'user', content: 'attached' } },
      { type: 'user' },
      'not a record',
      { type: 'user', message: { role: 'tool', content: 'x' } },
      assistant('m1', [text(''), text('One.')], 'main-model'),
      user([text('More.'), text('')]),
      assistant('m2', [text('Two.')]),
    ]);
    assert.deepEqual(got, [
      { model: 'main-model', messages: [{ role: 'user', content: [text('Fix it.')] }] },
      { model: 'main-model', messages: [
        { role: 'user', content: [text('Fix it.')] },
        { role: 'assistant', content: [text('One.')] },
        { role: 'user', content: [text('More.')] },
      ] },
    ]);
  });

  it('keeps a text block whose text is not a string', () => {
    const got = requests([user([{ type: 'text', text: 5 }]), assistant('m1', [text('One.')])]);
    assert.deepEqual(got[0]!.messages, [{ role: 'user', content: [{ type: 'text', text: 5 }] }]);
  });

  it('sends nothing before the first assistant message when no message came before it', () => {
    const got = requests([assistant('m1', [text('One.')]), user([text('More.')]), assistant('m2', [text('Two.')])]);
    assert.deepEqual(got.map((r) => r.messages.length), [2]);
  });
});
