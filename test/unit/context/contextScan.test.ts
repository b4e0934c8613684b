// The context meter reads a session's size from its transcript: every message since the latest
// compact boundary at characters / 4 (images by their pixels), the provider's reported input of
// the latest request, and each compaction with its trigger and the sizes before and after.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { contextBytes, estimateOf, newContextState, type ContextState } from '../../../src/core/context/contextScan';
import { contextSummary, ONE_MILLION } from '../../../src/core/context/contextView';
import { contentSize, imageTokens } from '../../../src/core/context/estimate';
import { labTranscript, recordedTranscript } from '../helpers/fixtures';
import { imageBlock, pngOf } from './images';
import { apiRequest, assistant, attachment, boundary, bytesOf, lastUuid, text, user } from './synth';

const read = (lines: string[]): ContextState => contextBytes(newContextState(), bytesOf(lines));
const fileState = (path: string): ContextState => contextBytes(newContextState(), readFileSync(path));
const bash = { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } };
const result = (chars: number) => ({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'b'.repeat(chars) });

/** Feeds a file's bytes in pieces of `size`, carrying each unfinished line into the next, as a reader of a growing file does. */
function inPieces(bytes: Uint8Array, size: number): ContextState {
  const s = newContextState();
  let carry: Uint8Array = new Uint8Array(0);
  for (let at = 0; at < bytes.length; at += size) {
    const chunk = Buffer.concat([carry, bytes.subarray(at, at + size)]);
    const before = s.offset;
    contextBytes(s, chunk);
    carry = chunk.subarray(s.offset - before);
  }
  return s;
}

describe('the context of the latest request, calibrated by the reported usage', () => {
  // 40,000 characters of prompt (10,000 estimated), then the response and a 4,000-character result.
  const session = (u: { input: number; cacheCreation?: number; cacheRead?: number }) =>
    read([user([text(40_000)]), assistant([bash], u), user([result(4000)])]);
  const cases: Array<[string, { input: number; cacheCreation?: number; cacheRead?: number }, number, number]> = [
    ['input, cache creation and cache read add up to the reported input', { input: 1000, cacheCreation: 4000, cacheRead: 10_000 }, 1.5, 16_508],
    ['a provider that counts fewer tokens than the estimate leaves the ratio at 1', { input: 5000 }, 1, 6005],
    ['a ratio over 2 is clamped to 2', { input: 40_000 }, 2, 42_010],
  ];
  for (const [what, usage, ratio, calibrated] of cases) {
    it(what, () => {
      const s = contextSummary(session(usage));
      assert.equal(s.estimate, 11_005);
      assert.equal(s.reported, (usage.input ?? 0) + (usage.cacheCreation ?? 0) + (usage.cacheRead ?? 0));
      assert.equal(s.ratio, ratio);
      assert.equal(s.calibrated, calibrated);
      assert.equal(s.requests, 1);
    });
  }

  it('a request under 1,000 estimated tokens is too small to set the ratio', () => {
    const s = contextSummary(read([user([text(400)]), assistant([bash], { input: 9000 }), user([result(400)])]));
    assert.equal(s.ratio, 1);
    assert.equal(s.calibrated, 9000 + (s.estimate - 100));
  });

  it('the records of one message repeat its usage and are one request, sized before the first', () => {
    const s = read([user([text(40_000)]), assistant([text(400)], { input: 15_000 }, { id: 'msg_a' }), assistant([bash], { input: 15_000 }, { id: 'msg_a' })]);
    assert.equal(s.requests, 1);
    assert.equal(s.report?.estimate, 10_000);
  });

  it("Claude Code's own notices (model <synthetic>) and subagent records are no request of this session", () => {
    const s = read([
      user([text(4000)]),
      assistant([text(40)], { input: 0 }, { model: '<synthetic>' }),
      assistant([text(400_000)], { input: 90_000 }, { sidechain: true }),
      user([text(400_000)], { isSidechain: true }),
    ]);
    assert.equal(s.requests, 0);
    assert.equal(estimateOf(s), 1000 + 10);
  });

  it('nothing is calibrated before the provider reported anything', () => {
    const s = contextSummary(read([user([text(4000)])]));
    assert.deepEqual([s.estimate, s.reported, s.calibrated, s.window, s.percent], [1000, null, null, null, null]);
  });
});

describe('what the estimate counts', () => {
  const png = imageBlock(pngOf(1000, 1000));
  // A want that src computes (imageTokens) is a thunk, called in the test rather than at load time.
  const cases: Array<[string, string[], number | (() => number)]> = [
    ['a prompt image by its pixels', [user([text(400), png])], () => 100 + imageTokens(1000, 1000)],
    ['an image a tool returned', [user([{ type: 'tool_result', tool_use_id: 't', content: [text(40), png] }])], 10 + 1334],
    ['thinking text, but not its signature', [assistant([{ type: 'thinking', thinking: 'c'.repeat(800), signature: 's'.repeat(4000) }], null)], 200],
    ['an attachment rendered from its strings', [attachment({ type: 'file', filename: 'ab', content: 'x'.repeat(398) })], 100],
    ['no attachment Claude Code keeps for itself', [attachment({ type: 'tool_offer_record', data: 'x'.repeat(40_000) })], 0],
    ['the recorded system prompt and tools, the newest only', [
      attachment({ type: 'prompt_snapshot', systemPrompt: ['s'.repeat(40_000)], tools: [] }),
      attachment({ type: 'prompt_snapshot', systemPrompt: ['s'.repeat(3993)], tools: [{ name: 'T', schema: { n: 1 } }] }),
    ], 1000],
  ];
  for (const [what, lines, want] of cases) it(what, () => assert.equal(estimateOf(read(lines)), typeof want === 'function' ? want() : want));

  it('the window is 1M when the latest request asked for it with a context-1m beta header, and unknown after one that did not', () => {
    const on = read([apiRequest(['claude-code-20250219', 'context-1m-2025-08-07']), user([text(40_000)])]);
    assert.equal(contextSummary(on).window, ONE_MILLION);
    assert.equal(contextSummary(on).percent, 1);
    assert.equal(contextSummary(read([apiRequest(['context-1m-2025-08-07']), apiRequest(['claude-code-20250219'])])).window, null);
  });

  it('a window the status line reported wins', () => assert.equal(contextSummary(read([user([text(400_000)])]), 200_000).percent, 50));
});

describe('compactions', () => {
  it('a boundary restarts the context from the messages it kept, and the first request after it is its size after', () => {
    const kept = assistant([text(400)], { input: 15_000 });
    const keptId = lastUuid();
    const s = read([
      user([text(40_000)]),
      kept,
      boundary({ trigger: 'auto', preTokens: 15_200, postTokens: 3000, preservedMessages: { anchorUuid: 'x', uuids: [keptId] } }),
      user('summary '.repeat(250), { isCompactSummary: true }),
      assistant([text(40)], { input: 3500 }),
    ]);
    const sum = contextSummary(s);
    assert.equal(sum.compactionCount, 1);
    assert.deepEqual(sum.compactions[0], {
      line: 3,
      time: sum.compactions[0]!.time,
      trigger: 'auto',
      preTokens: 15_200,
      postTokens: 3000,
      estimateBefore: 10_100,
      reportedBefore: 15_000,
      estimateAfter: 100 + 500,
      reportedAfter: 3500,
    });
    assert.equal(sum.estimate, 610);
    assert.equal(sum.reported, 3500);
  });

  it('until a request after it is reported, the old report is gone and nothing is calibrated', () => {
    const s = contextSummary(read([user([text(40_000)]), assistant([text(4)], { input: 15_000 }), boundary({ trigger: 'manual', preTokens: 15_000 })]));
    assert.deepEqual([s.estimate, s.reported, s.calibrated], [0, null, null]);
    assert.deepEqual([s.compactions[0]!.postTokens, s.compactions[0]!.estimateAfter], [null, null]);
  });

  it('a boundary naming its kept segment by head and tail keeps the records between them', () => {
    const lines = [user([text(4000)])];
    const head = lastUuid();
    lines.push(assistant([text(400)], null));
    lines.push(user([text(800)]));
    const tail = lastUuid();
    lines.push(user([text(40_000)]), boundary({ trigger: 'manual', preservedSegment: { headUuid: head, anchorUuid: 'a', tailUuid: tail } }));
    // The 40,000 characters after the tail are summarized, not kept.
    assert.equal(estimateOf(read(lines)), 1000 + 100 + 200);
  });

  it('a boundary without metadata is still a compaction, of unknown trigger', () => {
    const s = contextSummary(read([user([text(400)]), boundary({})]));
    assert.deepEqual([s.compactionCount, s.compactions[0]!.trigger, s.compactions[0]!.preTokens], [1, 'unknown', null]);
  });
});

describe('the context of real recordings', () => {
  it('lab/main (Claude Code 2.1.332, /compact): one manual compaction with the sizes Claude Code wrote', () => {
    const s = contextSummary(fileState(labTranscript('main')));
    assert.equal(s.compactionCount, 1);
    const c = s.compactions[0]!;
    assert.deepEqual([c.line, c.trigger, c.preTokens, c.postTokens], [80, 'manual', 120, 2684]);
    assert.ok(s.estimate < c.estimateBefore, `after ${s.estimate} < before ${c.estimateBefore}`);
    assert.equal(s.model, 'claude-opus-5-5');
  });

  it('lab/main: the messages the boundary kept (preservedMessages) count after it', () => {
    const path = labTranscript('main');
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    const at = lines.findIndex((l) => l.includes('"compact_boundary"'));
    const b = JSON.parse(lines[at]!) as { compactMetadata: { preservedMessages: { allUuids: string[] }; preservedSegment?: unknown } };
    const keptIds = new Set(b.compactMetadata.preservedMessages.allUuids);
    let keptChars = 0;
    for (const l of lines.slice(0, at)) {
      const r = JSON.parse(l) as { uuid?: string; type?: string; message?: { content?: unknown } };
      if (r.uuid && keptIds.has(r.uuid) && r.message) keptChars += contentSize(r.message.content).chars;
    }
    assert.ok(keptChars > 0, 'the recording keeps an assistant message');
    delete (b.compactMetadata as { preservedMessages?: unknown }).preservedMessages;
    delete b.compactMetadata.preservedSegment;
    const without = [...lines.slice(0, at), JSON.stringify(b), ...lines.slice(at + 1)];
    assert.equal(fileState(path).messages.chars - read(without).messages.chars, keptChars);
  });

  it('lab/main-v2.1.112: the older boundary shape (no preserved messages) reads the same way', () => {
    const s = contextSummary(fileState(labTranscript('main-v2.1.112')));
    assert.deepEqual([s.compactionCount, s.compactions[0]!.trigger, s.compactions[0]!.preTokens, s.compactions[0]!.postTokens], [1, 'manual', 120, 187]);
  });

  const recordings: Array<[string, string]> = [
    ['recorded/demo', recordedTranscript('demo')],
    ['recorded/esc-cancel', recordedTranscript('esc-cancel')],
    ['recorded/queued-prompt', recordedTranscript('queued-prompt')],
    ['lab/main', labTranscript('main')],
    ['lab/plan-deny-tui', labTranscript('plan-deny-tui')],
  ];
  for (const [name, path] of recordings) {
    it(`${name}: one request per assistant message the provider answered, each with the fake server's 100 input tokens`, () => {
      const ids = new Set<string>();
      for (const l of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
        const r = JSON.parse(l) as { type?: string; isSidechain?: boolean; message?: { id?: string; usage?: unknown } };
        if (r.type === 'assistant' && !r.isSidechain && r.message?.usage && r.message.id) ids.add(r.message.id);
      }
      const s = fileState(path);
      assert.ok(ids.size > 0);
      assert.equal(s.requests, ids.size);
      if (s.report) assert.equal(s.report.tokens, 100);
    });

    it(`${name}: read in pieces as the file grows, the state is the one read whole`, () => {
      const bytes = readFileSync(path);
      assert.deepEqual(inPieces(bytes, 997), fileState(path));
      assert.deepEqual(inPieces(bytes, 64 * 1024), fileState(path));
    });
  }

  it('recorded/demo: the saved state holds sizes and counts, never the session text', () => {
    const json = JSON.stringify(fileState(recordedTranscript('demo')));
    for (const words of ['Please work through the plan', 'greet.txt', 'goodbye']) assert.ok(!json.includes(words), words);
    assert.ok(json.length < 4096, `${json.length} bytes`);
  });
});

describe('the kept segment of a boundary, and what is unreadable', () => {
  /** 4,000 characters (the head), 400, 800 (the tail), then 40,000 that are summarized. */
  function segment(which: (ids: string[]) => Record<string, unknown>): string[] {
    const lines: string[] = [];
    const ids: string[] = [];
    for (const record of [() => user([text(4000)]), () => assistant([text(400)], null), () => user([text(800)]), () => user([text(40_000)])]) {
      lines.push(record());
      ids.push(lastUuid());
    }
    lines.push(boundary({ trigger: 'manual', preservedSegment: { anchorUuid: 'a', ...which(ids) } }));
    return lines;
  }
  const cases: Array<[string, (ids: string[]) => Record<string, unknown>, number]> = [
    ['a segment from the second record to the third keeps those two', (ids) => ({ headUuid: ids[1], tailUuid: ids[2] }), 100 + 200],
    ['a segment without a tail keeps nothing', (ids) => ({ headUuid: ids[1] }), 0],
    ['a segment whose head is not among the recent records keeps nothing', (ids) => ({ headUuid: 'gone', tailUuid: ids[2] }), 0],
    ['a segment whose tail is not among them keeps everything from the head on', (ids) => ({ headUuid: ids[1], tailUuid: 'gone' }), 100 + 200 + 10_000],
  ];
  for (const [what, which, want] of cases) it(what, () => assert.equal(estimateOf(read(segment(which))), want));

  it('the first request after a boundary is its size after, not a later one', () => {
    const s = read([user([text(40_000)]), boundary({ trigger: 'auto' }), assistant([text(40)], { input: 3500 }), user([text(400)]), assistant([text(40)], { input: 5000 })]);
    assert.deepEqual([s.compactions[0]!.reportedAfter, s.compactions[0]!.estimateAfter, s.requests], [3500, 0, 2]);
  });

  it('of more than 20 compactions the newest 20 are kept, and all are counted', () => {
    const s = read(Array.from({ length: 21 }, () => boundary({ trigger: 'auto' })));
    assert.deepEqual([s.compactionCount, s.compactions.length, s.compactions[0]!.line, s.compactions[19]!.line], [21, 20, 2, 21]);
  });

  const lines: Array<[string, string, number]> = [
    ['a message line that is no JSON is unreadable', '{"type":"user", "message": ', 1],
    ['a user record without its message is unreadable', '{"type":"user","uuid":"u-x"}', 1],
    ["a subagent's record is passed over, not unreadable", assistant([text(40)], { input: 100 }, { sidechain: true }), 0],
    ['a record of a type not known here is passed over, not unreadable', '{"type": "summary", "summary": "x"}', 0],
  ];
  for (const [what, line, want] of lines) it(what, () => assert.equal(read([line]).unreadable, want));
});
