// The sidebar evidence browser: groups, filter, expanding an item, its links, reveal, and states.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { mount, sendFromHost, textOf as text } from './harness';
import { closedByWordsTally, noPlanTally, pendingTally, refusedTally, underWayTally, viewState } from './fixtures';

const group = (name: RegExp) => screen.getByRole('region', { name });
const idsIn = (name: RegExp) =>
  within(group(name))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('data-id'));
const toggle = (id: string) => screen.getByRole('button', { name: new RegExp(`^${id} `) });
const filterTo = (value: string) => fireEvent.input(screen.getByRole('searchbox', { name: 'Filter items by id, text, proof or state' }), { target: { value } });

describe('sidebar evidence browser', () => {
  afterEach(cleanup);

  it('shows the goal, its tally and the items grouped by state', () => {
    const tally = underWayTally();
    mount('sidebar', viewState(tally));
    assert.equal(screen.getByRole('heading', { level: 1 }).textContent, 'Ship the parser');
    assert.equal(screen.getByRole('progressbar').getAttribute('aria-valuenow'), '3');
    assert.equal(text(screen.getAllByRole('status')[0]!), '○ Not done — 6 open');
    assert.deepEqual(idsIn(/^Open for Claude/), ['S2', 'S3', 'S6', 'V2']);
    assert.deepEqual(idsIn(/^Waiting on you/), ['S9', 'S10']);
    assert.deepEqual(idsIn(/^Done/), ['S1', 'S7', 'V1']);
    assert.ok(screen.getByRole('heading', { name: 'Open for Claude (4)' }));
    assert.match(text(screen.getByRole('main')), /9 items/);
  });

  it('an item whose proof ran in a subagent reads "ran, did not count", with the reason and its run', () => {
    const tally = underWayTally();
    const m = mount('sidebar', viewState(tally));
    assert.match(text(toggle('S6')), /ran, did not count$/);
    assert.match(text(toggle('V2')), /not run$/, 'an item whose proof never ran still says not run');
    fireEvent.click(toggle('S6'));
    const details = document.getElementById(toggle('S6').getAttribute('aria-controls')!)!;
    assert.match(text(details), /State ran in a subagent; only the main session’s own runs count/);
    fireEvent.click(within(details).getByRole('button', { name: 'Open transcript' }));
    const sub = tally.ledger.find((l) => l.reason === 'subagent')!;
    assert.deepEqual(m.sent().at(-1), { type: 'openTranscript', file: sub.run.file, line: sub.run.line });
  });

  it('items closed by the person’s words are done; the others wait on them', () => {
    mount('sidebar', viewState(closedByWordsTally()));
    assert.deepEqual(idsIn(/^Done/), ['H1']);
    assert.deepEqual(idsIn(/^Waiting on you/), ['H2']);
    assert.match(text(group(/^Open for Claude/)), /Nothing open for Claude\./);
  });

  const filters: Array<[string, string, string[]]> = [
    ['an id', 's1', ['S10', 'S1']],
    ['the item text', 'delegate', ['S6']],
    ['the proof', 'done-bg', ['V1']],
    ['the proof of a person’s item', 'names S9', ['S9']],
    ['nothing', 'no such item', []],
  ];
  for (const [what, query, ids] of filters) {
    it(`filters by ${what} (“${query}”)`, () => {
      mount('sidebar', viewState(underWayTally()));
      filterTo(query);
      const shown = screen.queryAllByRole('listitem').map((li) => li.getAttribute('data-id'));
      assert.deepEqual(shown, ids);
      assert.match(text(screen.getByRole('search')), new RegExp(`${ids.length} of 9 items match`));
    });
  }

  it('clicking an item expands its evidence; clicking again collapses it', () => {
    mount('sidebar', viewState(underWayTally()));
    const button = toggle('S3');
    assert.equal(button.tagName, 'BUTTON', 'a native button: Enter and Space expand it');
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    const details = document.getElementById(button.getAttribute('aria-controls')!)!;
    assert.ok(details.hasAttribute('hidden'));
    fireEvent.click(button);
    assert.equal(button.getAttribute('aria-expanded'), 'true');
    assert.ok(!details.hasAttribute('hidden'));
    const region = screen.getByRole('region', { name: /^S3 / });
    assert.equal(region, details);
    assert.match(text(region), /^Proof echo before-exit; echo err-before-exit >&2; exit 3 Owner Claude State exit code 3 Evidence .* exit 3 · transcript line \d+/);
    fireEvent.click(button);
    assert.ok(details.hasAttribute('hidden'));
  });

  it('an expanded item offers its plan line and its transcript, posting the right messages', () => {
    const tally = underWayTally();
    const s2 = tally.items.find((i) => i.id === 'S2')!;
    const m = mount('sidebar', viewState(tally));
    fireEvent.click(toggle('S2'));
    const region = screen.getByRole('region', { name: /^S2 / });
    fireEvent.click(within(region).getByRole('button', { name: `Open plan line ${s2.planLine}` }));
    fireEvent.click(within(region).getByRole('button', { name: 'Open transcript' }));
    assert.deepEqual(m.sent(), [
      { type: 'openPlan', line: s2.planLine },
      { type: 'openTranscript', file: s2.run!.file, line: s2.run!.line },
    ]);
  });

  it('an item closed by words opens the transcript at those words', () => {
    const tally = closedByWordsTally();
    const h1 = tally.items.find((i) => i.id === 'H1')!;
    const m = mount('sidebar', viewState(tally));
    fireEvent.click(toggle('H1'));
    const region = screen.getByRole('region', { name: /^H1 / });
    assert.match(text(region), /closed by your words \(typed\)/);
    fireEvent.click(within(region).getByRole('button', { name: 'Open transcript' }));
    assert.deepEqual(m.sent(), [{ type: 'openTranscript', file: h1.closedBy!.file, line: h1.closedBy!.line }]);
  });

  it('an unrun item has no transcript to open', () => {
    mount('sidebar', viewState(underWayTally()));
    fireEvent.click(toggle('V2'));
    const region = screen.getByRole('region', { name: /^V2 / });
    assert.equal(within(region).queryByRole('button', { name: 'Open transcript' }), null);
    assert.match(text(region), /no run yet/);
  });

  it('a reveal from the host clears a filter that hides the item, expands it and focuses it', async () => {
    mount('sidebar', viewState(underWayTally()));
    filterTo('done-bg');
    sendFromHost({ type: 'reveal', itemId: 'S6' });
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(screen.getByRole<HTMLInputElement>('searchbox').value, '');
    assert.equal(toggle('S6').getAttribute('aria-expanded'), 'true');
    assert.equal(document.activeElement, toggle('S6'));
  });

  it('after a reveal, typing in the filter keeps the focus in the filter box', async () => {
    mount('sidebar', viewState(underWayTally()));
    sendFromHost({ type: 'reveal', itemId: 'S6' });
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(document.activeElement, toggle('S6'));
    const box = screen.getByRole<HTMLInputElement>('searchbox');
    box.focus();
    filterTo('S');
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(document.activeElement, box);
  });

  it('a reveal of an unknown id changes nothing', async () => {
    const m = mount('sidebar', viewState(underWayTally()));
    sendFromHost({ type: 'reveal', itemId: 'Z9' });
    await new Promise((r) => setTimeout(r, 30));
    assert.deepEqual((m.api.saved as { expanded: string[] }).expanded, []);
  });

  it('pending: the item waits in Open for Claude and the notice names it', () => {
    mount('sidebar', viewState(pendingTally()));
    assert.deepEqual(idsIn(/^Open for Claude/), ['S1']);
    assert.match(text(toggle('S1')), /pending/);
    assert.ok(screen.getAllByRole('status').some((s) => /S1: waiting for its completion notice/.test(text(s))));
  });

  it('plan refused: the findings are listed above the items', () => {
    mount('sidebar', viewState(refusedTally()));
    const findings = screen.getByRole('region', { name: 'Plan refused: 10 findings' });
    const folded = findings.querySelector('details')!;
    assert.ok(folded && !folded.open, 'the narrow sidebar folds the findings away');
    assert.equal(text(folded.querySelector('summary')!), 'Show the 10 findings');
    assert.equal(within(folded).getAllByRole('listitem').length, 10);
    assert.equal(idsIn(/^Open for Claude/).filter((id) => id === 'S3').length, 2);
  });

  it('no plan: explains how to write items and shows no filter', () => {
    mount('sidebar', viewState(noPlanTally()));
    assert.match(text(screen.getByRole('main')), /No plan items/);
    assert.equal(screen.queryByRole('searchbox'), null);
  });

  it('no goal yet: the empty state with its commands', () => {
    const m = mount('sidebar', viewState(null));
    assert.ok(screen.getByRole('heading', { name: 'No goal yet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adopt Plan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Set Goal for a walk-away session' }));
    assert.deepEqual(m.sent(), [
      { type: 'runCommand', command: 'proofmeter.adoptPlan' },
      { type: 'runCommand', command: 'proofmeter.setGoal' },
    ]);
  });

  it('meter fault: the alert shows above the items', () => {
    mount('sidebar', viewState(underWayTally(), { fault: 'the transcript folder cannot be read' }));
    assert.match(text(screen.getByRole('alert')), /Meter fault: the transcript folder cannot be read/);
    assert.ok(screen.getByRole('region', { name: /^Open for Claude/ }));
  });

  it('untrusted: read-only notice and no command buttons, item links still work', () => {
    const m = mount('sidebar', viewState(null, { trusted: false }));
    assert.ok(screen.getByRole('note', { name: 'Restricted mode' }));
    // the one button is the way out of Restricted Mode
    assert.deepEqual(
      screen.queryAllByRole('button').map((b) => b.textContent),
      ['Manage Workspace Trust'],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Manage Workspace Trust' }));
    assert.deepEqual(m.sent(), [{ type: 'manageTrust' }]);
    cleanup();
    const m2 = mount('sidebar', viewState(underWayTally(), { trusted: false }));
    fireEvent.click(toggle('S1'));
    fireEvent.click(screen.getByRole('button', { name: 'Open transcript' }));
    assert.equal(m2.sent().length, 1);
    assert.equal(m.sent().length, 1, 'nothing but the trust request from the first page');
  });
});
