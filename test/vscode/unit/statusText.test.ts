// The status bar's words: what did not count says why, and every count is explained.
import { strict as assert } from 'node:assert';
import type { Protection } from '../../../src/core/install/protection';
import type { GitFacts } from '../../../src/core/tally/gitFacts';
import { gitView, noGoalView, progressView } from '../../../src/extension/statusText';
import { underWayTally } from '../../webview/fixtures';

describe('status bar words', function () {
  it('an item whose proof ran in a subagent is "ran, did not count" with the ledger’s reason, not "not run yet"', function () {
    const t = underWayTally();
    const tip = progressView(t, { fault: null, trusted: true }).tooltip;
    assert.match(tip, /`S6` ran, did not count: ran in a subagent; only the main session’s own runs count/);
    assert.match(tip, /`V2` not run yet/);
  });

  it('explains the headline: Claude’s items, then commit and push, and the open count is the rest of it', function () {
    const t = underWayTally();
    const tip = progressView(t, { fault: null, trusted: true }).tooltip;
    assert.ok(tip.includes("3/9: Claude's items 3 of 7, then commit and push 0 of 2 · not done, 6 open"), tip);
  });

  it('every item counted and the stop gate’s re-run still to stand: the bar says "awaiting re-run", never all done, and the tooltip says why', function () {
    const t = { ...underWayTally(), verdict: 'not-done' as const, headline: { done: 9, total: 9 }, open: 0, reverify: { state: 'awaiting' as const, why: 'the work tree changed after the re-run at 2026-12-04T05:00:00Z', at: null } };
    const v = progressView(t, { fault: null, trusted: true });
    assert.equal(v.text, '$(sync) ▰▰▰▰▰▰▰▰ 9/9 · awaiting re-run');
    assert.match(v.tooltip, /not done, awaiting re\\-run/);
    assert.match(v.tooltip, /ALL DONE waits on the stop gate's own re-run of the proofs: the work tree changed after the re\\-run/);
    const verified = progressView({ ...t, verdict: 'done', reverify: { state: 'verified', why: null, at: '2026-12-04T05:00:00Z' } }, { fault: null, trusted: true });
    assert.doesNotMatch(verified.text + verified.tooltip, /awaiting/);
  });

  it('the git item leaves out the meter’s own files, as the commit stage does, and says what the stage counts', function () {
    const g = gitView(
      { root: '/w', dirty: ['.claude/proofmeter/goal.json', 'README.md', 'src/a.ts'], hasRemote: false, upstream: null, ahead: 0 },
      '1 uncommitted',
    );
    assert.equal(g.text, '⎇ 1 uncommitted · 1 other change');
    assert.match(g.tooltip, /The commit stage counts 1 of them: the files this session edited\./);
    assert.match(g.tooltip, /Not counted: 1 file\(s\) of the meter's own state/);
    assert.doesNotMatch(g.tooltip, /- `\.claude\/proofmeter\/goal\.json`/);
  });

  it('a tampered meter is named in words, not by its kind, and a message’s code stays code in the tooltip', function () {
    const f = { id: 'F-1', kind: 'meter-tampered' as const, severity: 'error' as const, message: 'The goal `goal.json` was changed.', action: 'Run `proofmeter doctor`.', file: null, line: null, evidence: null };
    const v = progressView({ ...underWayTally(), integrity: [f] }, { fault: null, trusted: true });
    assert.equal(v.text, "$(error) Proofmeter: the meter's files were changed");
    assert.ok(v.tooltip.includes("$(error) **the meter's files were changed**: The goal `goal.json` was changed\\. · Run `proofmeter doctor`\\."), v.tooltip);
    assert.doesNotMatch(v.tooltip + v.ariaLabel, /meter-tampered/);
  });

  describe('the git item agrees with the commit stage at a glance', function () {
    // Rows: the dirty paths, the commit stage's detail, the item's text.
    const cases: Array<[string, string[], string | null, string]> = [
      ['the session left one of two changed files: the stage’s 1 leads, the other is named beside it', ['src/a.ts', 'notes.md'], '1 uncommitted', '⎇ 1 uncommitted · 1 other change'],
      ['nothing of the session’s is uncommitted: committed, with the other changes beside it', ['notes.md', 'todo.md'], 'nothing uncommitted', '⎇ committed · 2 other changes'],
      ['the stage waits on Claude’s items with nothing of the session’s uncommitted', ['notes.md'], "after Claude's items", '⎇ committed · 1 other change'],
      ['with no edits seen the stage counts the whole tree: one number', ['a', 'b'], '2 uncommitted', '⎇ 2 uncommitted'],
      ['no stage to read: what git says', ['a', 'b'], null, '⎇ 2 uncommitted'],
      ['a clean tree', [], 'nothing uncommitted', '⎇ committed'],
    ];
    for (const [name, dirty, detail, want] of cases) {
      it(`${name}: ${want}`, function () {
        assert.equal(gitView({ root: '/w', dirty, hasRemote: false, upstream: null, ahead: 0 }, detail).text, want);
      });
    }
  });

  describe('the git item says what the commit and push stages say, past git’s own flags', function () {
    const remote = (answer: NonNullable<GitFacts['remote']>['answer'], recorded: NonNullable<GitFacts['remote']>['recorded'] = null): GitFacts['remote'] => ({ recorded, remotes: [{ name: 'origin', url: '/r.git' }], upstreamRemote: 'origin', answer });
    const base: GitFacts = { root: '/w', dirty: [], hasRemote: true, upstream: 'origin/main', ahead: 0 };
    const hidden: GitFacts['hidden'] = [{ path: 'src/a.ts', by: 'assume-unchanged', rule: null, ruleAtFreeze: false }];
    // Rows: the facts, the commit stage's detail, the item's text, a line its tooltip must hold.
    const cases: Array<[string, GitFacts, string | null, string, RegExp]> = [
      ['the remote holds HEAD: pushed', { ...base, remote: remote({ kind: 'has-head', ref: 'refs/heads/main' }) }, 'nothing uncommitted', '⎇ committed · pushed', /the remote holds HEAD/],
      ['the tracking ref says pushed, the remote lacks HEAD: unpushed', { ...base, remote: remote({ kind: 'lacks-head', ref: 'refs/heads/main', at: null }) }, 'nothing uncommitted', '⎇ committed · unpushed', /Push: refs\/heads\/main is not on the remote|Push: unpushed/],
      ['the remote did not answer: push unverified', { ...base, remote: remote({ kind: 'unreachable', why: 'timeout' }) }, 'nothing uncommitted', '⎇ committed · push unverified', /push unverified \(timeout\)/],
      ['the remote was removed after the freeze: push remote changed', { ...base, hasRemote: false, upstream: null, remote: { recorded: { remotes: [{ name: 'origin', url: '/r.git' }], upstream: 'origin' }, remotes: [], upstreamRemote: null, answer: null } }, 'nothing uncommitted', '⎇ committed · push remote changed', /remote origin \(\/r\.git\) was removed/],
      ['an edit hidden by assume-unchanged is uncommitted, named with its flag', { ...base, hidden, remote: remote({ kind: 'has-head', ref: 'refs/heads/main' }) }, '1 uncommitted (src/a.ts: assume-unchanged)', '⎇ 1 uncommitted · pushed', /`src\/a\.ts` \(git status hides it: assume-unchanged\)/],
    ];
    for (const [name, facts, detail, want, tip] of cases) {
      it(`${name}: ${want}`, function () {
        const g = gitView(facts, detail);
        assert.equal(g.text, want);
        // The tooltip is Markdown: read it with its escapes undone.
        assert.match(g.tooltip.replace(/\\(.)/g, '$1'), tip);
      });
    }
  });

  describe('the protection in force', function () {
    const tipWith = (protection: Protection | undefined) => progressView({ ...underWayTally(), protection }, { fault: null, trusted: true });
    const protectionLines = (tip: string) => tip.split('\n').filter((l) => l.includes('Protection:'));

    it('kernel, locked: one line naming it', function () {
      const v = tipWith({ level: 'kernel, locked', reasons: [], remedy: null });
      assert.deepEqual(protectionLines(v.tooltip), ['$(lock) Protection: kernel, locked']);
    });

    it('kernel: names it, with the way to lock it', function () {
      const v = tipWith({ level: 'kernel', reasons: ['project settings can still switch the sandbox off for a new session'], remedy: 'start Claude Code with proofmeter run -- claude to lock it' });
      assert.deepEqual(protectionLines(v.tooltip), ['$(shield) Protection: kernel · start Claude Code with proofmeter run \\-\\- claude to lock it']);
    });

    it('guard only: a warning line with the reason and the remedy, above the stages; the item keeps its colours', function () {
      const v = tipWith({ level: 'guard only', reasons: ['bwrap and socat are not installed'], remedy: 'install them (Debian/Ubuntu: apt-get install bubblewrap socat), then run proofmeter install' });
      const [line] = protectionLines(v.tooltip);
      assert.equal(line, '$(warning) Protection: guard only: bwrap and socat are not installed\\. To fix it: install them \\(Debian/Ubuntu: apt\\-get install bubblewrap socat\\), then run proofmeter install\\.');
      assert.ok(v.tooltip.indexOf('Protection:') < v.tooltip.indexOf('**plan**'), 'the warning comes before the stages');
      // a warning about the setup, not about the goal: the status bar stays as the tally has it
      assert.equal(v.severity, progressView(underWayTally(), { fault: null, trusted: true }).severity);
    });

    it('a tally without it (given files) has no line', function () {
      assert.deepEqual(protectionLines(tipWith(undefined).tooltip), []);
    });
  });

  it('no goal: a quiet item in plain colours', function () {
    const v = noGoalView();
    assert.equal(v.severity, 'ok');
    assert.equal(v.text, '$(checklist) Proofmeter');
  });
});
