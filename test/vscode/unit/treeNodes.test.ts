// The native evidence browser's nodes, from a real tally of the recorded lab session.
import { strict as assert } from 'node:assert';
import { itemTitle, treeModel } from '../../../src/extension/treeNodes';
import { allDoneTally, underWayTally } from '../../webview/fixtures';

describe('evidence tree nodes', function () {
  const t = underWayTally();
  const model = treeModel(t);
  const group = (key: string) => model.groups.find((g) => g.key === key);
  const node = (id: string) => model.groups.flatMap((g) => g.items).find((n) => n.id === id)!;

  it('groups every item once, by state, in a fixed order, leaving out empty groups', function () {
    const all = model.groups.flatMap((g) => g.items.map((n) => n.id));
    assert.deepEqual([...all].sort(), t.items.map((i) => i.id).sort());
    const order = ['proved', 'failed', 'pending', 'not-counted', 'unrun', 'yours'];
    const keys = model.groups.map((g) => g.key);
    assert.deepEqual(keys, order.filter((k) => keys.includes(k as never)));
    for (const g of model.groups) {
      assert.ok(g.items.length > 0, g.key);
      assert.equal(g.description, String(g.items.length));
    }
  });

  it('a proved item: the pass icon, its state and proof as the description, its deciding run', function () {
    const n = node('S1');
    assert.equal(n.group, 'proved');
    assert.deepEqual(n.icon, { id: 'pass', color: 'testing.iconPassed' });
    assert.match(n.description, /^proved · exit 0 · \d\d:\d\d · echo hello-from-bash/);
    const run = t.items.find((i) => i.id === 'S1')!.run!;
    assert.deepEqual(n.run, { file: run.file, line: run.line });
    assert.match(n.label, /^S1 /);
  });

  it('a failed item is failed; a subagent run is "ran, did not count" with that run; never run is "not run"', function () {
    assert.equal(node('S3').group, 'failed');
    assert.equal(node('S3').icon.id, 'error');
    const s6 = node('S6');
    assert.equal(s6.group, 'not-counted');
    assert.match(s6.description, /^ran in a subagent \(passed there\): did not count/);
    assert.equal(group('not-counted')!.icon.color, 'problemsInfoIcon.foreground', 'neutral, not a warning');
    assert.match(s6.tooltip, /ran, did not count: ran in a subagent/);
    const sub = t.ledger.find((e) => e.reason === 'subagent')!;
    assert.deepEqual(s6.run, { file: sub.run.file, line: sub.run.line });
    assert.equal(node('V2').group, 'unrun');
    assert.equal(node('V2').run, null);
    assert.equal(group('not-counted')!.label, 'Ran, did not count');
  });

  it('labels an item by its id and its own words, without the id twice or its proof', function () {
    assert.equal(itemTitle({ id: 'S1', text: 'S1. Add the greeting module. Proof: `sh x`' }), 'Add the greeting module.');
    assert.equal(itemTitle({ id: 'S3', text: '**S3** — Build it. Proof: `sh build.sh`' }), 'Build it.');
    assert.equal(itemTitle({ id: 'S3', text: 'S3' }), 'S3');
    assert.equal(node('S1').label, 'S1 Greet.');
  });

  it("the person's items are theirs, with no run to open", function () {
    assert.equal(node('S9').group, 'yours');
    assert.equal(node('S10').group, 'yours');
    assert.equal(node('S9').icon.id, 'person');
    assert.equal(node('S9').run, null);
  });

  it('the badge is the open count; none when nothing is open; no goal gives a message', function () {
    assert.deepEqual(model.badge?.value, t.open);
    assert.ok(t.open > 0);
    // The badge's number and the count beside it add up: 6 open and 3 done of 9.
    assert.equal(model.badge.tooltip, "6 open, 3/9 done: Claude's items 3 of 7, then commit and push 0 of 2");
    const done = treeModel(allDoneTally());
    assert.equal(done.badge, null);
    const none = treeModel(null);
    assert.deepEqual(none.groups, []);
    // No goal: the view's welcome content (viewsWelcome) speaks, not a message line above an empty tree.
    assert.equal(none.message, null);
    assert.match(treeModel(null, { fault: 'bad json' }).message!, /bad json/);
  });
});

describe('the Close… action on the person’s items in the tree', function () {
  it('an open item of the person’s (or of a later event) is closable; Claude’s items are not', function () {
    const t = underWayTally();
    const nodes = treeModel(t).groups.flatMap((g) => g.items);
    const closable = nodes.filter((n) => n.closable).map((n) => n.id).sort();
    assert.deepEqual(closable, ['S10', 'S9']);
  });
});
