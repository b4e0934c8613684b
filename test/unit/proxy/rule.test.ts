import assert from 'node:assert/strict';
import { estimateTokens } from '../../../src/core/proxy/estimate';
import type { Message } from '../../../src/core/proxy/messages';
import { hashChain, PrefixCache } from '../../../src/core/proxy/prefixCache';
import { decide, DEFAULT_RULE, type RuleOptions } from '../../../src/core/proxy/rule';
import { SUMMARY_HEADER } from '../../../src/core/proxy/summary';
import { pairingViolations, splitTurns } from '../../../src/core/proxy/turns';
import { history, request, sha256, toolTurn } from './build';

function run(messages: Message[], threshold: number, opts: Partial<RuleOptions> = {}, cache = new PrefixCache()) {
  const req = request(messages);
  const d = decide(req, { threshold, opts: { ...DEFAULT_RULE, ...opts }, chain: hashChain(messages, sha256), cache });
  if (d.entry) cache.remember(d.entry);
  return { d, req, cache };
}

function summaryOf(m: Message[] | undefined): string {
  const textOf = (b: { type: string; text?: unknown } | undefined) => (typeof b?.text === 'string' ? b.text : '');
  const last = m?.find((x) => typeof x.content !== 'string' && x.content.some((b) => textOf(b).startsWith(SUMMARY_HEADER)));
  const block = last && typeof last.content !== 'string' ? last.content.find((b) => textOf(b).startsWith(SUMMARY_HEADER)) : undefined;
  return textOf(block);
}

describe('proxy rule', () => {
  it('passes a request under the threshold unchanged', () => {
    const { d } = run(history(3, 100), 128_000);
    assert.equal(d.action, 'pass');
    assert.equal(d.messages, undefined);
  });

  it('sends the head and the newest three turns verbatim and summarizes the rest under the threshold', () => {
    const msgs = history(20, 4000);
    const { d } = run(msgs, 8000);
    assert.equal(d.action, 'compact');
    assert.ok(d.estAfter <= d.threshold, `${d.estAfter} <= ${d.threshold}`);
    const out = d.messages!;
    assert.deepEqual(out.slice(-6), msgs.slice(-6), 'the newest three turns, byte for byte');
    assert.equal(out.length, 1 + 6);
    const first = out[0]!;
    assert.equal(typeof first.content === 'string' ? first.content : first.content[0]!.text, msgs[0]!.content);
    assert.match(summaryOf(out), /Summarized turns/);
    assert.equal(pairingViolations(out), 0);
  });

  it('keeps words and short results, leaves long results out and reduces calls to one-line signatures', () => {
    const msgs: Message[] = [
      { role: 'user', content: 'Make the build pass.' },
      ...toolTurn('short result: 3 failures', { text: 'I will run the tests.', input: { z: 1, command: 'npm test', a: 'x'.repeat(300) } }),
      ...toolTurn('L'.repeat(501), { text: 'Reading the big file.' }),
      { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Also keep the exit code 2 for bad usage.' }] },
      ...toolTurn('x'.repeat(9000)), ...toolTurn('x'.repeat(9000)),
      ...toolTurn('x'.repeat(5000)), ...toolTurn('x'.repeat(5000)), ...toolTurn('x'.repeat(5000)),
    ];
    const { d } = run(msgs, 7000);
    assert.equal(d.pass, 0, 'the configured settings fit');
    const s = summaryOf(d.messages);
    assert.ok(s.startsWith(SUMMARY_HEADER));
    assert.match(s, /assistant: I will run the tests\./);
    assert.match(s, /user: Also keep the exit code 2 for bad usage\./);
    assert.match(s, /result: short result: 3 failures/);
    assert.match(s, /result: left out, 501 characters/);
    assert.doesNotMatch(s, /LLLL/);
    const call = s.split('\n').find((l) => l.startsWith('call Bash'))!;
    assert.ok(call.startsWith('call Bash {"a":"xxx'), `arguments in canonical (sorted) order: ${call}`);
    assert.equal(call.length, 150);
  });

  const pairCases: Array<[string, number, Partial<RuleOptions>, boolean]> = [
    ['three kept turns', 6000, {}, false],
    ['one kept turn', 3000, { keepRecent: 1 }, false],
    ['a 40% tail budget', 9000, { keepTailPercent: 40 }, false],
    ['calls and text recorded as two assistant messages', 6000, {}, true],
    ['a threshold so low that the harshest pass runs', 200, {}, true],
  ];
  for (const [name, threshold, opts, split] of pairCases) {
    it(`never separates a tool call from its result (${name})`, () => {
      const cache = new PrefixCache();
      const all = history(40, 3000, { split });
      for (let end = 3; end <= all.length; end++) {
        if (all[end - 1]!.role !== 'user') continue;
        const { d } = run(all.slice(0, end), threshold, opts, cache);
        assert.equal(pairingViolations(d.messages ?? all.slice(0, end)), 0, `request of ${end} messages`);
      }
    });
  }

  it('reads the role system messages Claude Code 2.1.332 sends, and leaves their text out of the summary', () => {
    const base = history(20, 4000);
    const msgs: Message[] = [base[0]!, { role: 'system', content: 'REMINDER-TEXT' }, ...base.slice(1, 10), { role: 'system', content: 'REMINDER-TEXT' }, ...base.slice(10)];
    const { d } = run(msgs, 8000);
    assert.equal(d.action, 'compact');
    assert.equal(pairingViolations(d.messages!), 0);
    assert.doesNotMatch(summaryOf(d.messages), /REMINDER-TEXT/);
    assert.equal(d.messages![1]!.role, 'system', 'the head, system message included, verbatim');
  });

  it('counts consecutive assistant messages and their results as one turn', () => {
    const msgs = history(4, 10, { split: true });
    const { turns } = splitTurns(msgs);
    assert.ok(turns.every((t) => msgs[t.start]!.role === 'assistant' && msgs[t.end - 1]!.role === 'user'));
    assert.equal(turns.length, 4);
  });

  it('reuses the compacted prefix byte for byte until the next compaction', () => {
    const cache = new PrefixCache();
    const all = history(30, 3000);
    let prev: Message[] | null = null;
    let reused = 0;
    for (let end = 21; end <= all.length; end += 2) {
      // The client moves cache_control to its newest message and may re-sign thinking: neither changes the key.
      const msgs = all.slice(0, end).map((m, i) => (i === end - 1 && typeof m.content !== 'string'
        ? { ...m, content: m.content.map((b) => ({ ...b, cache_control: { type: 'ephemeral' } })) } : m));
      const { d } = run(msgs, 12_000, {}, cache);
      if (d.action === 'pass') { assert.equal(prev, null, 'under the threshold only before the first compaction'); continue; }
      if (d.action === 'reuse') {
        reused++;
        // Everything the previous request sent but its newest message (whose cache_control the client moved).
        const before: Message[] = prev!;
        const prefix: string = JSON.stringify(before.slice(0, before.length - 1));
        assert.equal(JSON.stringify(d.messages!.slice(0, before.length - 1)), prefix, 'the prefix the previous request sent');
      }
      prev = d.messages!;
    }
    assert.ok(reused >= 3, `reused ${reused} times`);
  });

  it('never summarizes a summary: each compaction starts again from the original history', () => {
    const cache = new PrefixCache();
    const all = history(60, 3000);
    const summaries: string[] = [];
    for (let end = 21; end <= all.length; end += 2) {
      const { d } = run(all.slice(0, end), 12_000, {}, cache);
      if (d.action === 'compact') summaries.push(summaryOf(d.messages));
    }
    assert.ok(summaries.length >= 2);
    for (const s of summaries) assert.equal(s.split(SUMMARY_HEADER).length - 1, 1, 'one header, never a summary inside a summary');
    assert.match(summaries[1]!, /Words from turns summarized before:\nassistant: Looking at part 0\./);
  });

  const carryCases: Array<[string, number, (s: string) => void]> = [
    ['carries words from earlier summarized turns, oldest dropping first, within --carry-max-chars', 120, (s) => {
      const carried = s.split('Words from turns summarized before:\n')[1]!.split('\n\nSummarized turns:')[0]!;
      assert.ok(carried.length <= 120, `${carried.length} characters`);
      assert.doesNotMatch(carried, /Fix the failing parser test/, 'the oldest words dropped out first');
      assert.match(carried, /assistant: Looking at part \d+\./);
    }],
    ['carries nothing with --carry-max-chars 0', 0, (s) => assert.doesNotMatch(s, /Words from turns summarized before/)],
  ];
  for (const [name, carryMaxChars, check] of carryCases) {
    it(name, () => {
      const cache = new PrefixCache();
      const all = history(60, 3000);
      let last = '';
      for (let end = 21; end <= all.length; end += 2) {
        const { d } = run(all.slice(0, end), 12_000, { carryMaxChars }, cache);
        if (d.action === 'compact') last = summaryOf(d.messages);
      }
      check(last);
    });
  }

  it('raises the threshold to the head plus half the threshold when the head alone is over it', () => {
    const msgs: Message[] = [{ role: 'user', content: 'h'.repeat(40_000) }, ...history(6, 400).slice(1)];
    const head = estimateTokens({ ...request([]), messages: [msgs[0]] });
    const { d } = run(msgs, 8000);
    assert.ok(Math.abs(d.threshold - (head + 4000)) < 10, `${d.threshold} vs head ${head} + 4000`);
    assert.equal(d.action, 'pass', 'under the raised threshold: not compacted every request');
    const bigger = [...msgs, ...history(30, 1000).slice(1)];
    const r = run(bigger, 8000).d;
    assert.equal(r.action, 'compact');
    assert.ok(r.estAfter <= r.threshold);
  });

  it('keeps older whole turns within the tail budget, and exactly --keep-recent at 0', () => {
    const msgs = history(30, 2000);
    const zero = run(msgs, 10_000, { keepTailPercent: 0 }).d;
    const forty = run(msgs, 10_000, { keepTailPercent: 40 }).d;
    assert.equal(zero.keptTurns, 3);
    assert.ok(forty.keptTurns > 3, `${forty.keptTurns} kept`);
    assert.ok(forty.estAfter - forty.headTokens <= 0.4 * (forty.threshold - forty.headTokens) + 1);
  });

  it('uses harsher settings when the newest three turns alone do not fit', () => {
    const msgs = history(10, 12_000);
    const { d } = run(msgs, 6000);
    assert.equal(d.action, 'compact');
    assert.ok(d.pass > 0);
    assert.ok(d.keptTurns < 3);
    assert.ok(d.estAfter <= d.threshold, `${d.estAfter} <= ${d.threshold}`);
  });
});
