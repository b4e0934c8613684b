// The dashboard in every state, rendered from real tallies computed on recorded transcripts.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { bar } from '../../src/core/tally/format';
import { formatTime } from '../../webview/time';
import { mount, sendFromHost, textOf as text } from './harness';
import {
  allDoneTally,
  differentCommandTally,
  GATES,
  noGoalTally,
  noPlanTally,
  pendingTally,
  refusedTally,
  underWayTally,
  viewState,
} from './fixtures';


const section = (name: string | RegExp) => screen.getByRole('region', { name });
const rowOf = (id: string) => {
  const table = within(section('Expectations')).getByRole('table');
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.getAttribute('data-id') === id);
  if (!row) throw new Error(`no row for ${id}`);
  return row;
};

describe('dashboard', () => {
  afterEach(cleanup);

  describe('under way', () => {
    const tally = underWayTally();
    const mountIt = (extra = {}) => mount('dashboard', viewState(tally, { gates: GATES, ...extra }));

    it('says when a transcript file could not be read, naming it in the tooltip', () => {
      mount('dashboard', viewState({ ...tally, unreadableFiles: [{ file: '/x/gone.jsonl', code: 'ENOENT' }] }, { gates: GATES }));
      const note = screen.getByText('1 transcript file(s) could not be read');
      assert.equal(note.getAttribute('title'), '/x/gone.jsonl (ENOENT)');
    });

    it('shows the goal title, the plan path and how the list was frozen', () => {
      mountIt();
      const header = screen.getByRole('banner');
      assert.equal(within(header).getByRole('heading', { level: 1 }).textContent, 'Ship the parser');
      assert.equal(tally.sessions, 1, 'a subagent file is part of its session');
      assert.match(text(header), /^Ship the parser PLAN\.md · evaluated as approved · 1 session$/);
    });

    it('shows the tally as cells, a progress element with its values, done/total and the verdict, the open count the rest of the total', () => {
      mountIt();
      assert.deepEqual(tally.headline, { done: 3, total: 9 });
      const progress = screen.getByRole('progressbar');
      assert.equal(progress.getAttribute('aria-valuenow'), '3');
      assert.equal(progress.getAttribute('aria-valuemax'), '9');
      assert.equal(progress.getAttribute('aria-label'), 'Claude’s part: 3 of 9 done');
      // The drawn bar's fill is the share done (the native <progress> showed no fill in the Dark theme).
      const fill = progress.querySelector<HTMLElement>('.pm-progress-fill')!;
      assert.equal(fill.style.width, '33%');
      const goal = section('Goal tally');
      assert.match(text(goal), new RegExp(`${bar(3, 9)} 3/9 Claude's items 3 of 7, then commit and push 0 of 2`));
      assert.equal(bar(3, 9), '▰▰▱▱▱▱▱▱');
      const verdict = within(goal).getAllByRole('status')[0]!;
      assert.equal(text(verdict), '○ Not done — 6 open');
    });

    it('lists the seven stages in order, each with a labelled mark and its detail', () => {
      mountIt();
      const stages = screen.getByRole('list', { name: 'Stages' });
      const items = within(stages).getAllByRole('listitem');
      assert.deepEqual(
        items.map((li) => text(li)),
        ['● plan 9 items', '● approve evaluated as approved', '◐ build 2/5', '◐ check 1/2', "○ commit after Claude's items", '○ push after the commit', '○ close open work remains'],
      );
      assert.deepEqual(
        within(stages)
          .getAllByRole('img')
          .map((m) => m.getAttribute('aria-label')),
        ['done', 'done', 'under way', 'under way', 'waiting', 'waiting', 'waiting'],
      );
    });

    it('has a row for every item with its list, owner, monospace proof and state', () => {
      mountIt();
      const table = within(section('Expectations')).getByRole('table');
      assert.deepEqual(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
        ['Item', 'List', 'Owner', 'Proof', 'State', 'Deciding run'],
      );
      assert.equal(within(table).getAllByRole('row').length, 1 + tally.items.length);
      for (const item of tally.items) {
        const first = within(rowOf(item.id)).getAllByRole('button')[0]!;
        assert.equal(first.tagName, 'BUTTON', `${item.id}: its row is reachable by keyboard`);
      }
      const expected: Array<[string, string, string, string]> = [
        ['S1', 'Steps', 'Claude', 'proved'],
        ['S2', 'Steps', 'Claude', 'failed'],
        ['S3', 'Steps', 'Claude', 'failed'],
        ['S6', 'Steps', 'Claude', 'ran, did not count'],
        ['S7', 'Steps', 'Claude', 'proved'],
        ['S9', 'Steps', 'you', 'open'],
        ['S10', 'Steps', 'later', 'open'],
        ['V1', 'Checks', 'Claude', 'proved'],
        ['V2', 'Checks', 'Claude', 'not run'],
      ];
      for (const [id, list, owner, state] of expected) {
        const cells = within(rowOf(id)).getAllByRole('cell');
        assert.equal(cells[0]!.textContent, list, `${id} list`);
        assert.equal(cells[1]!.textContent, owner, `${id} owner`);
        assert.equal(cells[3]!.querySelector('.pm-badge')!.textContent.slice(1), state, `${id} state`);
      }
      const proof = within(rowOf('S3')).getByText('echo before-exit; echo err-before-exit >&2; exit 3');
      assert.equal(proof.tagName, 'CODE');
      assert.match(text(rowOf('S3')), /exit code 3/);
      assert.match(text(rowOf('S2')), /No matches found/);
      assert.equal(text(rowOf('S3').querySelector('.pm-item-text')!), 'Exit.', 'the id and the proof are not repeated in the item text');
      assert.equal(rowOf('S3').querySelector('.pm-item-text')!.getAttribute('title'), tally.items.find((i) => i.id === 'S3')!.text);
    });

    it('shows the deciding run with its time and exit, and its transcript link posts openTranscript', () => {
      const m = mountIt();
      const s3 = tally.items.find((i) => i.id === 'S3')!;
      const run = s3.run!;
      const row = rowOf('S3');
      assert.match(text(row), new RegExp(`${formatTime(run.time!)} · exit 3 · transcript line ${run.line}`));
      assert.equal(row.querySelector('time')!.getAttribute('datetime'), run.time);
      // The session's UUID is said once, cut short: "transcript of session 4c03…, line 32".
      const session = run.file.split('/').pop()!.slice(0, 4);
      const button = within(row).getByRole('button', { name: `Open the transcript of session ${session}…, line ${run.line}` });
      assert.equal(button.getAttribute('title'), null, 'no title repeats the file name');
      fireEvent.click(button);
      assert.deepEqual(m.sent(), [{ type: 'openTranscript', file: run.file, line: run.line }]);
    });

    it('a background run decided by its notice links to the notice line too', () => {
      const m = mountIt();
      const v1 = tally.items.find((i) => i.id === 'V1')!.run!;
      assert.ok(v1.endLine! > v1.line);
      fireEvent.click(within(rowOf('V1')).getByRole('button', { name: `Open the transcript of session ${v1.file.split('/').pop()!.slice(0, 4)}…, line ${v1.endLine}` }));
      assert.deepEqual(m.sent(), [{ type: 'openTranscript', file: v1.file, line: v1.endLine }]);
    });

    it('the item id opens the plan at its line', () => {
      const m = mountIt();
      const s7 = tally.items.find((i) => i.id === 'S7')!;
      fireEvent.click(screen.getByRole('button', { name: `Open S7 in the plan at line ${s7.planLine}` }));
      assert.deepEqual(m.sent(), [{ type: 'openPlan', line: s7.planLine }]);
    });

    it('items nobody decided say so', () => {
      mountIt();
      assert.match(text(rowOf('V2')), /not run its proof has not been run no run yet$/);
      // (and the person's own item offers Close…, see closeItem.test.tsx)
      assert.match(text(rowOf('S9')), /waiting for you no words yet Close S9 …$/);
    });

    it('an item whose proof ran in a subagent reads "ran, did not count" with the ledger’s reason and that run', () => {
      const m = mountIt();
      const row = rowOf('S6');
      assert.equal(row.getAttribute('data-state'), 'unrun', 'the engine’s state is unchanged');
      assert.equal(row.querySelector('.pm-badge')!.getAttribute('data-shown'), 'ran-not-counted');
      assert.doesNotMatch(text(row), /not run/);
      assert.match(text(row), /ran, did not count ran in a subagent; only the main session’s own runs count/);
      assert.match(text(row), /echo from-subagent ran in a subagent \(passed there\): did not count/);
      // A run that decides nothing is neutral: its end is not shown as the item's (no red "failed").
      assert.ok(row.querySelector('.pm-outcome-not-counted'), 'the run is marked not counted');
      assert.equal(row.querySelector('.pm-outcome-failed, .pm-outcome-passed'), null);
      assert.ok(row.querySelector('.pm-badge.pm-tone-neutral[data-shown="ran-not-counted"]'), 'the badge is neutral');
      const sub = tally.ledger.find((l) => l.reason === 'subagent')!;
      fireEvent.click(within(row).getByRole('button', { name: new RegExp(`line ${sub.run.line}`) }));
      assert.deepEqual(m.sent(), [{ type: 'openTranscript', file: sub.run.file, line: sub.run.line }]);
    });

    it('the ledger lists the deciding runs newest first and the subagent run that did not count', () => {
      mountIt();
      const ledger = section('Evidence ledger');
      const [counted, notCounted] = within(ledger).getAllByRole('table');
      const countedRows = within(counted!).getAllByRole('row').slice(1);
      assert.deepEqual(
        countedRows.map((r) => within(r).getAllByRole('cell')[1]!.textContent),
        ['S7', 'V1', 'S3', 'S2', 'S1'],
      );
      const times = countedRows.map((r) => r.querySelector('time')!.getAttribute('datetime')!);
      assert.deepEqual([...times].sort().reverse(), times, 'newest first');
      assert.match(text(countedRows[2]!), /exit 3/);
      const sub = within(notCounted!).getAllByRole('row').slice(1);
      assert.equal(sub.length, 1);
      assert.match(text(sub[0]!), /S6 echo from-subagent subagent ran in a subagent; only the main session’s own runs count/);
      assert.match(text(ledger), /Runs that decide an item, newest first \(5\)/);
      assert.match(text(ledger), /Runs that did not count \(1\)/);
    });

    it('its first tab stops are skip links, one per section, that move the focus to the section', () => {
      mountIt();
      const nav = screen.getByRole('navigation', { name: 'Skip to a section' });
      const first = document.querySelector('main button')!;
      assert.equal(first.textContent, 'Skip to Goal tally', 'the skip links come before every other button');
      assert.deepEqual(
        within(nav)
          .getAllByRole('button')
          .map((b) => b.textContent),
        ['Skip to Goal tally', 'Skip to Expectations', 'Skip to Evidence ledger', 'Skip to Seal findings', 'Skip to Hook health'],
      );
      fireEvent.click(within(nav).getByRole('button', { name: 'Skip to Seal findings' }));
      assert.equal(document.activeElement, document.getElementById('pm-seal-title'));
    });

    it('an item edited after approval reads "changed after approval", a new one "added"', () => {
      const edited = { ...tally, added: [{ id: 'S3', list: 'Steps', line: 30 }, { id: 'V9', list: 'Checks', line: 31 }] };
      mount('dashboard', viewState(edited, { gates: GATES }));
      const sec = section('Expectations');
      assert.match(text(sec.querySelector('[data-after-approval="changed"]')!), /^Changed after approval \(the approved text still counts\): S3$/);
      assert.match(text(sec.querySelector('[data-after-approval="added"]')!), /^Added after approval, not counted: V9$/);
      assert.match(text(rowOf('S3')), /changed after approval/);
      assert.doesNotMatch(text(rowOf('S2')), /changed after approval/);
    });

    it('without a seal, the seal section says "not checked", never "no findings"', () => {
      mountIt();
      const seal = section('Seal findings');
      assert.match(text(seal), /Not checked: this workspace has no seal/);
      assert.doesNotMatch(text(seal), /No integrity findings|no integrity findings/);
      assert.match(text(seal), /loosened tests/);
      assert.equal(within(seal).getByRole('img').getAttribute('aria-label'), 'not checked');
    });

    it('with a seal and no findings, it says the seal was checked', () => {
      mountIt({ sealed: true });
      const seal = section('Seal findings');
      assert.match(text(seal), /Seal checked: no integrity findings/);
      assert.equal(within(seal).getByRole('img').getAttribute('aria-label'), 'passed');
    });

    it('lists the integrity findings, errors first, with or without a seal', () => {
      const seal = [
        { id: 'F-0000002', severity: 'warning' as const, message: 'a warning. Look at it.' },
        { id: 'F-0000001', severity: 'error' as const, message: 'test/unit/parser.test.ts was edited after S1 passed. Restore it.' },
      ];
      mountIt({ seal, sealed: true });
      let sec = section('Seal findings');
      assert.doesNotMatch(text(sec), /no integrity findings/);
      assert.match(text(sec), /F-0000001 test\/unit\/parser\.test\.ts was edited after S1 passed/);
      assert.deepEqual(
        within(sec)
          .getAllByRole('img')
          .map((i) => i.getAttribute('aria-label')),
        ['error', 'warning'],
      );
      cleanup();
      mountIt({ seal, sealed: false });
      sec = section('Seal findings');
      assert.match(text(sec), /Not checked: this workspace has no seal/);
      assert.match(text(sec), /F-0000001/);
    });

    it('shows hook health: each gate armed or unarmed; the status line is listed, not counted as a gate (as doctor counts)', () => {
      mountIt();
      const hooks = section('Hook health');
      assert.match(text(hooks), /1 of 2 gates armed/);
      const rows = within(hooks).getAllByRole('row').slice(1);
      assert.deepEqual(
        rows.map((r) => text(r)),
        [
          `plan gate ● armed PreToolUse ExitPlanMode entry present ${formatTime(GATES[0]!.lastFired!)}`,
          'stop gate ○ unarmed runner missing: dist/proofmeter.js never',
          'status line [statusLine] ○ not set up no statusLine in any settings file never',
        ],
      );
    });

    it('every hook armed but no status line reads all armed, as doctor says; Install Hooks becomes Uninstall Hooks', () => {
      const m = mountIt({ gates: GATES.map((g) => (g.statusLine ? g : { ...g, armed: true })) });
      assert.match(text(section('Hook health')), /2 of 2 gates armed/);
      const bar = screen.getByRole('group', { name: 'Proofmeter commands' });
      assert.equal(within(bar).queryByRole('button', { name: 'Install Hooks' }), null);
      const uninstall = within(bar).getByRole('button', { name: 'Uninstall Hooks…' });
      // Removing the gates is never the primary button (issue 27, M2); the host asks first.
      assert.ok(uninstall.classList.contains('pm-button-secondary'), uninstall.className);
      fireEvent.click(uninstall);
      assert.deepEqual(m.sent(), [{ type: 'runCommand', command: 'proofmeter.uninstallHooks' }]);
    });

    it('one primary button on the dashboard: Verify; Install Hooks and Doctor are secondary', () => {
      mountIt();
      const primary = Array.from(document.querySelectorAll('button.pm-button:not(.pm-button-secondary)'), (b) => b.textContent);
      assert.deepEqual(primary, ['Verify']);
    });

    it('while the integrity banner shows, its remedy is the one primary button and Verify steps back', () => {
      const seal = [{ id: 'F-1', message: 'goal.json was changed', severity: 'error' as const, accepted: null, holds: true, remedies: [{ command: 'proofmeter.restoreGoal' as const, label: 'Restore Goal…' }] }];
      mountIt({ seal });
      const primary = Array.from(document.querySelectorAll('button.pm-button:not(.pm-button-secondary)'), (b) => b.textContent);
      assert.deepEqual(primary, ['Restore Goal…']);
    });

    it('Verify, Install Hooks and Doctor post runCommand', () => {
      const m = mountIt();
      const bar = screen.getByRole('group', { name: 'Proofmeter commands' });
      for (const name of ['Verify', 'Install Hooks', 'Doctor']) fireEvent.click(within(bar).getByRole('button', { name }));
      assert.deepEqual(m.sent(), [
        { type: 'runCommand', command: 'proofmeter.verify' },
        { type: 'runCommand', command: 'proofmeter.installHooks' },
        { type: 'runCommand', command: 'proofmeter.doctor' },
      ]);
    });

    it('no fault banner and no restricted-mode notice in a healthy trusted workspace', () => {
      mountIt();
      assert.equal(screen.queryByRole('alert'), null);
      assert.equal(screen.queryByRole('note'), null);
    });

    it('a reveal from the host marks and focuses the item’s row', async () => {
      mountIt();
      sendFromHost({ type: 'reveal', itemId: 'S6' });
      await new Promise((r) => setTimeout(r, 30));
      assert.ok(rowOf('S6').classList.contains('pm-revealed'));
      assert.equal(document.activeElement, rowOf('S6'));
    });
  });

  describe('untrusted workspace', () => {
    it('shows the restricted-mode notice, hides every command button, keeps the tally and file links', () => {
      const m = mount('dashboard', viewState(underWayTally(), { trusted: false, gates: GATES }));
      const note = screen.getByRole('note', { name: 'Restricted mode' });
      assert.match(text(note), /read-only/);
      assert.equal(screen.queryByRole('group', { name: 'Proofmeter commands' }), null);
      for (const name of ['Verify', 'Install Hooks', 'Doctor']) assert.equal(screen.queryByRole('button', { name }), null);
      assert.ok(screen.getByRole('progressbar'));
      fireEvent.click(screen.getByRole('button', { name: /^Open S1 in the plan/ }));
      assert.equal(m.sent().length, 1, 'opening the plan stays possible');
    });

    it('the empty state shows how to set a goal but no buttons', () => {
      mount('dashboard', viewState(null, { trusted: false }));
      assert.match(text(screen.getByRole('main')), /Set Goal instead gives you a \/goal line/);
      assert.equal(screen.queryByRole('button', { name: /Set Goal/ }), null);
      assert.equal(screen.queryByRole('button', { name: 'Adopt Plan' }), null);
    });
  });

  describe('all done', () => {
    it('shows a full bar, ALL done as the verdict and every stage done', () => {
      mount('dashboard', viewState(allDoneTally()));
      assert.match(text(section('Goal tally')), /▰▰▰▰▰▰▰▰ 5\/5/);
      assert.equal(screen.getByRole('progressbar').getAttribute('aria-valuenow'), '5');
      assert.equal(text(screen.getAllByRole('status')[0]!), '✓ All done');
      const marks = within(screen.getByRole('list', { name: 'Stages' })).getAllByRole('img');
      assert.deepEqual(new Set(marks.map((m) => m.getAttribute('aria-label'))), new Set(['done']));
      assert.match(text(section('Evidence ledger')), /None: every matching run decided its item/);
    });
  });

  describe('pending background run', () => {
    it('says which item waits on its notice and lists the run as a pending notice', () => {
      mount('dashboard', viewState(pendingTally()));
      const pending = screen.getAllByRole('status').find((s) => /pending/.test(text(s)))!;
      assert.match(text(pending), /A run is still pending\. An item counts only when its run ends with exit 0\. S1: waiting for its completion notice/);
      assert.match(text(rowOf('S1')), /pending waiting for its completion notice .* waiting for its completion notice/);
      const notCounted = within(section('Evidence ledger')).getAllByRole('table')[1]!;
      assert.match(text(notCounted), /S1 sleep 2; echo done-bg pending notice a background run; it counts only when its completion notice arrives/);
    });
  });

  describe('different command', () => {
    it('a longer command holding the proof is listed as not counted with its reason', () => {
      mount('dashboard', viewState(differentCommandTally()));
      assert.match(text(section('Evidence ledger')), /No run of the main session has matched a proof yet/);
      const notCounted = within(section('Evidence ledger')).getByRole('table');
      assert.match(text(notCounted), /different command not the exact proof command/);
    });
  });

  describe('plan refused', () => {
    it('lists every finding with a link to its plan line, its code set as code, and no internal rule name or raw backtick', () => {
      const tally = refusedTally();
      const m = mount('dashboard', viewState(tally));
      const findings = section(`Plan refused: ${tally.findings.length} findings`);
      const items = within(findings).getAllByRole('listitem');
      assert.equal(items.length, 10);
      assert.match(text(items[0]!), /^✗ line 5 S1 has no proof/);
      assert.equal(items[0]!.getAttribute('data-rule'), 'missing-proof');
      assert.ok(items.some((li) => /S3 is already used on line 7/.test(text(li))));
      for (const li of items) {
        // A cut-short proof is about its backticks: that message quotes them on purpose.
        if (li.getAttribute('data-rule') !== 'cut-short') assert.doesNotMatch(text(li), /`/, `no raw backtick: ${text(li)}`);
        assert.doesNotMatch(text(li), /\b(missing-proof|duplicate-id|bare-name|missing-id|cut-short)\b/, `no internal rule name: ${text(li)}`);
      }
      assert.ok(items[0]!.querySelector('code'), 'the proof in the message is set as code');
      fireEvent.click(within(items[2]!).getByRole('button', { name: 'Open the plan at line 7' }));
      assert.deepEqual(m.sent(), [{ type: 'openPlan', line: 7 }]);
      assert.match(text(screen.getByRole('list', { name: 'Stages' })), /plan 10 finding\(s\)/);
    });

    it('items without a usable proof say so, and repeated ids get a row each', () => {
      mount('dashboard', viewState(refusedTally()));
      const rows = within(within(section('Expectations')).getByRole('table')).getAllByRole('row').slice(1);
      assert.equal(rows.filter((r) => r.getAttribute('data-id') === 'S3').length, 2);
      assert.match(text(rows[0]!), /no usable proof/);
    });
  });

  describe('no plan', () => {
    it('a goal whose plan lists no items explains how to write them', () => {
      mount('dashboard', viewState(noPlanTally()));
      const exp = section('Expectations');
      assert.equal(within(exp).queryByRole('table'), null);
      assert.match(text(exp), /No plan items The plan PLAN\.md lists no items yet\./);
      assert.match(text(screen.getByRole('banner')), /frozen by Adopt Plan/);
      assert.match(text(screen.getByRole('list', { name: 'Stages' })), /○ plan no plan/);
    });
  });

  describe('no goal yet', () => {
    for (const [why, tally] of [
      ['a null tally', null],
      ['the engine’s empty goal', noGoalTally()],
    ] as const) {
      it(`shows the empty state for ${why}: one primary action, and how Set Goal differs from Adopt Plan`, () => {
        const m = mount('dashboard', viewState(tally, { gates: GATES }));
        assert.ok(screen.getByRole('heading', { level: 1, name: 'No goal yet' }));
        const main = text(screen.getByRole('main'));
        assert.match(main, /Adopt Plan freezes a plan file now/);
        assert.match(main, /Set Goal instead gives you a \/goal line to paste into Claude Code for a walk-away session/);
        assert.equal(screen.queryByRole('progressbar'), null);
        assert.equal(screen.queryByRole('region', { name: 'Expectations' }), null);
        assert.ok(section('Hook health'), 'hook health is shown without a goal');
        const primary = Array.from(document.querySelectorAll('button.pm-button:not(.pm-button-secondary)'), (b) => b.textContent);
        assert.deepEqual(primary, ['Adopt Plan'], 'one primary action');
        fireEvent.click(screen.getByRole('button', { name: 'Set Goal for a walk-away session' }));
        fireEvent.click(screen.getByRole('button', { name: 'Adopt Plan' }));
        fireEvent.click(screen.getByRole('button', { name: 'New here? Open the walkthrough' }));
        fireEvent.click(screen.getByRole('button', { name: 'Install Hooks' }));
        assert.equal(screen.queryByRole('button', { name: 'Verify' }), null);
        assert.deepEqual(m.sent(), [
          { type: 'runCommand', command: 'proofmeter.setGoal' },
          { type: 'runCommand', command: 'proofmeter.adoptPlan' },
          { type: 'runCommand', command: 'proofmeter.start' },
          { type: 'runCommand', command: 'proofmeter.installHooks' },
        ]);
      });
    }
  });

  describe('meter fault', () => {
    it('with no tally: an alert with the fault, Doctor, and no empty-goal text', () => {
      const m = mount('dashboard', viewState(null, { fault: 'cannot read .claude/proofmeter/goal.json: Unexpected token' }));
      const alert = screen.getByRole('alert');
      assert.match(text(alert), /Meter fault: cannot read \.claude\/proofmeter\/goal\.json: Unexpected token/);
      assert.equal(screen.queryByRole('heading', { name: 'No goal yet' }), null);
      assert.match(text(screen.getByRole('main')), /The tally is unavailable until the fault above is fixed/);
      fireEvent.click(within(alert).getByRole('button', { name: 'Open goal.json' }));
      fireEvent.click(within(alert).getByRole('button', { name: 'Run Doctor' }));
      assert.deepEqual(m.sent(), [{ type: 'openGoalFile' }, { type: 'runCommand', command: 'proofmeter.doctor' }]);
    });

    it('beside a tally: the alert and the tally both show', () => {
      mount('dashboard', viewState(underWayTally(), { fault: '3 transcript lines could not be read' }));
      assert.match(text(screen.getByRole('alert')), /3 transcript lines could not be read/);
      assert.ok(screen.getByRole('progressbar'));
    });

    it('untrusted: the fault shows without the Doctor button', () => {
      mount('dashboard', viewState(null, { fault: 'broken', trusted: false }));
      assert.ok(screen.getByRole('alert'));
      assert.equal(screen.queryByRole('button', { name: 'Run Doctor' }), null);
    });
  });
});
