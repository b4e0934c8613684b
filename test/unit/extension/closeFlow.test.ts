// Close… on one of the person's own items: trusted workspaces only, open items of the person's only,
// a modal naming the item (its button "Close V1"; anything else cancels), then `proofmeter close`.
import { strict as assert } from 'node:assert';
import { closeButton, closeItemFlow, type CloseDeps } from '../../../src/extension/closeFlow';
import type { ItemJson } from '../../../src/core/tally/tallySchema';

function item(id: string, owner: ItemJson['owner'], state: ItemJson['state']): ItemJson {
  return { id, list: 'Checks', owner, state, proof: 'human — you try it', text: `**${id}.** You try it.`, planLine: 3, detail: '', run: null, closedBy: null, handover: null };
}
const ITEMS = [item('V1', 'human', 'open'), item('S1', 'claude', 'unrun'), item('V2', 'human', 'closed')];

function deps(over: Partial<CloseDeps> = {}): CloseDeps & { warned: string[]; asked: Array<[string, string]>; recorded: string[] } {
  const warned: string[] = [];
  const asked: Array<[string, string]> = [];
  const recorded: string[] = [];
  return {
    trusted: () => true,
    confirm: async (m, _d, b) => (asked.push([m, b]), true),
    warn: (m) => void warned.push(m),
    record: async (_ws, id) => (recorded.push(id), null),
    ...over,
    warned,
    asked,
    recorded,
  };
}

describe('Close… on an item of the person’s', () => {
  it('asks in a modal whose button names the item, then records it by proofmeter close', async () => {
    const d = deps();
    assert.equal(await closeItemFlow('/w', 'V1', ITEMS, d), 'ok');
    assert.deepEqual(d.asked, [['Close V1 as done?', 'Close V1']]);
    assert.deepEqual(d.recorded, ['V1']);
    assert.equal(closeButton('V1'), 'Close V1');
  });

  it('Cancel (the modal’s default, or Escape) records nothing', async () => {
    const d = deps({ confirm: async () => false });
    assert.equal(await closeItemFlow('/w', 'V1', ITEMS, d), 'cancelled');
    assert.deepEqual(d.recorded, []);
  });

  const refused: Array<[string, Partial<CloseDeps>, string, string]> = [
    ['an untrusted workspace is refused before anything is asked', { trusted: () => false }, 'V1', 'Proofmeter: closing an item needs a trusted workspace.'],
    ['Claude’s item is refused', {}, 'S1', 'Proofmeter: S1 is not an open item of yours in this goal.'],
    ['an item already closed is refused', {}, 'V2', 'Proofmeter: V2 is not an open item of yours in this goal.'],
    ['an id the goal does not have is refused', {}, 'V9', 'Proofmeter: V9 is not an open item of yours in this goal.'],
  ];
  for (const [name, over, id, warning] of refused) {
    it(name, async () => {
      const d = deps(over);
      assert.equal(await closeItemFlow('/w', id, ITEMS, d), 'refused');
      assert.deepEqual([d.asked, d.recorded, d.warned], [[], [], [warning]]);
    });
  }

  it('when the CLI refuses (the agent’s shell), the person is told why', async () => {
    const d = deps({ record: async () => 'only the person can close their own item (test).' });
    assert.equal(await closeItemFlow('/w', 'V1', ITEMS, d), 'refused');
    assert.deepEqual(d.warned, ['Proofmeter: V1 was not closed: only the person can close their own item (test).']);
  });
});
