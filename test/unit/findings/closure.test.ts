// The person's closures of their own items: each counts only with its receipt, and closes only an
// open item of the person's (or of a later event); Claude's items and decided ones keep their state.
import { strict as assert } from 'node:assert';
import { applyClosures, closableByPerson, isItemId, witnessClosures, type CloseReceipt, type Closure } from '../../../src/core/findings/closure';
import type { ItemJson } from '../../../src/core/tally/tallySchema';

const AT = '2026-12-03T10:00:00.000Z';

function item(id: string, owner: ItemJson['owner'], state: ItemJson['state']): ItemJson {
  return { id, list: 'Checks', owner, state, proof: 'human — try it', text: `${id}. Try it.`, planLine: 3, detail: 'waiting for you', run: null, closedBy: null, handover: null };
}

describe('which items the person may close', () => {
  const rows: Array<[string, ItemJson['owner'], ItemJson['state'], boolean]> = [
    ['an open item of the person’s', 'human', 'open', true],
    ['an open item waiting for a later event', 'later', 'open', true],
    ['an item of the person’s already closed by their words', 'human', 'closed', false],
    ['Claude’s item, even handed over', 'claude', 'handed-over', false],
    ['Claude’s item not run yet', 'claude', 'unrun', false],
  ];
  for (const [name, owner, state, want] of rows) {
    it(`${name}: ${want ? 'closable' : 'not closable'}`, () => assert.equal(closableByPerson({ owner, state }), want));
  }
});

describe('item ids close takes', () => {
  const rows: Array<[string, boolean]> = [['V1', true], ['s12', true], ['F-1a2b3c4', false], ['../V1', false], ['V', false], ['1', false]];
  for (const [id, want] of rows) it(`${id} ${want ? 'is' : 'is not'} an item id`, () => assert.equal(isItemId(id), want));
});

describe('witnessing closures', () => {
  const c: Closure = { id: 'V1', at: AT };
  const receipt: CloseReceipt = { v: 1, kind: 'close', id: 'V1', at: AT };

  it('a closure with its receipt counts', () => {
    assert.deepEqual(witnessClosures([c], [receipt]), { closed: [c], findings: [] });
  });

  const unwitnessed: Array<[string, CloseReceipt[]]> = [
    ['no receipt at all', []],
    ['a receipt of another item', [{ ...receipt, id: 'V2' }]],
    ['a receipt of another time', [{ ...receipt, at: '2026-12-03T10:00:01.000Z' }]],
  ];
  for (const [name, receipts] of unwitnessed) {
    it(`${name}: it does not count and is one forged-acceptance error`, () => {
      const w = witnessClosures([c, c], receipts);
      assert.deepEqual(w.closed, []);
      assert.deepEqual(
        w.findings.map((f) => [f.kind, f.severity]),
        [['acceptance-forged', 'error']],
      );
      assert.match(w.findings[0]!.message, /^closures\.json says you closed V1/);
    });
  }
});

describe('applying closures to the items', () => {
  it('closes the person’s open item named, by id in any case, and nothing else', () => {
    const items = [item('V1', 'human', 'open'), item('V2', 'human', 'open'), item('S1', 'claude', 'unrun')];
    const out = applyClosures(items, [
      { id: 'v1', at: AT },
      { id: 'S1', at: AT },
    ]);
    assert.deepEqual(
      out.map((i) => [i.id, i.state]),
      [
        ['V1', 'closed'],
        ['V2', 'open'],
        ['S1', 'unrun'],
      ],
    );
    assert.deepEqual(out[0]!.closedBy, { source: 'close', time: AT, file: '', line: 0 });
    assert.equal(out[0]!.detail, 'closed by you (Close…)');
  });

  it('an item already closed by the person’s words keeps those words', () => {
    const words = { ...item('V1', 'human', 'closed'), closedBy: { source: 'typed', time: AT, file: '/t.jsonl', line: 9 } };
    assert.deepEqual(applyClosures([words], [{ id: 'V1', at: AT }]), [words]);
  });
});
