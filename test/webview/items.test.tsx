// Grouping and filtering of items, and the words for states, on real tallies.
import { strict as assert } from 'node:assert';
import type { ItemView } from '../../src/protocol';
import { groupItems, itemDomKey, matchesFilter } from '../../webview/items';
import { frozenText, itemTitle, runEndText, transcriptLabel, verdictText } from '../../webview/labels';
import { formatTime } from '../../webview/time';
import { viewKind } from '../../webview/viewKind';
import { allDoneTally, closedByWordsTally, noGoalTally, pendingTally, refusedTally, underWayTally, viewState } from './fixtures';

// The done group, said independently of groupItems: proved by a run, or closed by the person's words.
const isDone = (item: ItemView): boolean => item.state === 'proved' || item.state === 'closed';

describe('webview item helpers', () => {
  for (const [name, tally] of [
    ['under way', underWayTally()],
    ['refused', refusedTally()],
    ['pending', pendingTally()],
    ['closed by words', closedByWordsTally()],
  ] as const) {
    it(`${name}: every item lands in exactly one group, and Done holds exactly the done items`, () => {
      const g = groupItems(tally.items);
      assert.equal(g.claude.length + g.person.length + g.done.length, tally.items.length);
      assert.deepEqual(new Set([...g.claude, ...g.person, ...g.done]), new Set(tally.items));
      assert.deepEqual(g.done, tally.items.filter(isDone));
    });
  }

  it('the Claude group holds exactly the open items counted in the tally (besides commit and push)', () => {
    for (const t of [underWayTally(), pendingTally(), allDoneTally()]) {
      const openStages = t.stages.filter((s) => (s.name === 'commit' || s.name === 'push') && s.state !== 'done' && s.state !== 'skipped');
      assert.equal(groupItems(t.items).claude.length + openStages.length, t.open);
    }
  });

  it('keys stay distinct when a refused plan repeats an id', () => {
    const keys = refusedTally().items.map(itemDomKey);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('the filter ignores case and surrounding space and matches id, text or proof', () => {
    const s2 = underWayTally().items.find((i) => i.id === 'S2')!;
    assert.ok(matchesFilter(s2, '  S2 '));
    assert.ok(matchesFilter(s2, 'MATCH.'));
    assert.ok(matchesFilter(s2, '/etc/hostname'));
    assert.ok(matchesFilter(s2, ''));
    assert.ok(!matchesFilter(s2, 'S3'));
  });

  // Rows: the query, the ids of the under-way goal it keeps (the state words as the badges say them).
  const stateQueries: Array<[string, string[]]> = [
    ['failed', ['S2', 'S3']],
    ['not run', ['S6', 'V2']],
    ['proved', ['S1', 'S7', 'V1']],
    ['OPEN', ['S9', 'S10']],
  ];
  for (const [query, want] of stateQueries) {
    it(`the filter matches state words: "${query}" keeps ${want.join(' ')}`, () => {
      const t = underWayTally();
      const kept = t.items.filter((i) => matchesFilter(i, query)).map((i) => i.id);
      for (const id of want) assert.ok(kept.includes(id), `${id} in ${kept.join(' ')}`);
      assert.ok(kept.every((id) => want.includes(id) || t.items.find((i) => i.id === id)!.text.toLowerCase().includes(query.toLowerCase()) || t.items.find((i) => i.id === id)!.proof.toLowerCase().includes(query.toLowerCase())), kept.join(' '));
    });
  }

  // Rows: the transcript file, the line, what a screen reader hears.
  const transcriptLabels: Array<[string, number, string]> = [
    ['/home/dev/.claude/projects/-p/4c03e1d2-9f8a-4b7c-8d6e-5f4a3b2c1d0e.jsonl', 32, 'transcript of session 4c03…, line 32'],
    ['/home/dev/.claude/projects/-p/4c03e1d2/subagents/agent-a1b2c3d4e5.jsonl', 7, 'transcript of subagent a1b2…, line 7'],
    ['/tmp/s1.jsonl', 3, 'transcript of session s1, line 3'],
  ];
  for (const [file, line, want] of transcriptLabels) {
    it(`a transcript link is heard as "${want}"`, () => assert.equal(transcriptLabel(file, line), want));
  }

  it('says how a run ended', () => {
    const t = underWayTally();
    const run = (id: string) => t.items.find((i) => i.id === id)!.run!;
    assert.equal(runEndText(run('S1')), 'exit 0');
    assert.equal(runEndText(run('S3')), 'exit 3');
    assert.equal(runEndText(pendingTally().items.find((i) => i.id === 'S1')!.run!), 'waiting for its completion notice');
    assert.equal(runEndText({ ...run('S1'), outcome: 'running', exit: null }), 'still running');
  });

  it('says how the list was frozen and what the verdict is', () => {
    assert.equal(frozenText({ title: null, planPath: null, frozenBy: 'approval', frozenAt: null }), 'frozen at approval');
    assert.equal(frozenText({ title: null, planPath: null, frozenBy: null, frozenAt: null }), 'not approved yet');
    assert.equal(verdictText(allDoneTally()), 'All done');
    const t = underWayTally();
    assert.equal(verdictText(t), 'Not done — 6 open');
  });

  it('a verdict held by an integrity finding says so beside the open count, as the CLI does', () => {
    const t = { ...allDoneTally(), verdict: 'not-done' as const, integrity: [{ id: 'F-1', kind: 'meter-tampered' as const, severity: 'error' as const, message: 'm', action: 'a', file: null, line: null, evidence: null }] };
    assert.equal(verdictText(t), 'Not done — 0 open, 1 integrity finding');
  });

  it('formats times locally to the second and leaves non-dates alone', () => {
    const d = new Date(2026, 10, 29, 7, 5, 9);
    assert.equal(formatTime(d.toISOString()), '2026-11-29 07:05:09');
    assert.equal(formatTime('yesterday'), 'yesterday');
  });

  it('decides the view kind: loading, unavailable, no goal, goal', () => {
    assert.equal(viewKind(null), 'loading');
    assert.equal(viewKind(viewState(null, { fault: 'x' })), 'unavailable');
    assert.equal(viewKind(viewState(null)), 'no-goal');
    assert.equal(viewKind(viewState(noGoalTally())), 'no-goal');
    assert.equal(viewKind(viewState(refusedTally())), 'goal');
  });
});

describe('item titles', () => {
  const cases: Array<[string, string, string]> = [
    ['S1', 'S1. Greet. Proof: echo hello', 'Greet.'],
    ['S6', 'S6. Quote an argument.\n   Proof: grep -q "it\'s done" REPORT.md', 'Quote an argument.'],
    ['V2', 'V2) Release. Proof: later – the nightly build', 'Release.'],
    ['S3', 'S3: Check the Proof: section. Proof: npm test', 'Check the Proof: section.'],
    ['S8', 'S8. Proof:', 'S8. Proof:'],
  ];
  for (const [id, text, title] of cases) {
    it(`${JSON.stringify(text)} reads ${JSON.stringify(title)}`, () => {
      assert.equal(itemTitle({ id, text }), title);
    });
  }
});
