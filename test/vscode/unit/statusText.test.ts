// The status bar's words: what did not count says why, and every count is explained.
import { strict as assert } from 'node:assert';
import type { Protection } from '../../../src/core/install/protection';
import { gitView, noGoalView, progressView } from '../../../src/extension/statusText';
import { underWayTally } from '../../webview/fixtures';

describe('status bar words', function () {
  it('an item whose proof ran in a subagent is "ran, did not count" with the ledger’s reason, not "not run yet"', function () {
    const t = underWayTally();
    const tip = progressView(t, { fault: null, trusted: true }).tooltip;
    assert.match(tip, /`S6` ran, did not count: ran in a subagent; only the main session’s own runs count/);
    assert.match(tip, /`V2` not run yet/);
  });

  it('explains the headline: Claude’s items, then commit, push and close', function () {
    const t = underWayTally();
    const tip = progressView(t, { fault: null, trusted: true }).tooltip;
    const claude = t.items.filter((i) => i.owner === 'claude').length;
    assert.equal(t.headline.total, claude + 3);
    assert.match(tip, new RegExp(`${t.headline.done}/${t.headline.total}: Claude's items \\d+ of ${claude}, then commit, push and close \\d of 3`));
  });

  it('the git item leaves out the meter’s own files, as the commit stage does, and says what the stage counts', function () {
    const g = gitView(
      { root: '/w', dirty: ['.claude/proofmeter/goal.json', 'README.md', 'src/a.ts'], hasRemote: false, upstream: null, ahead: 0 },
      '1 uncommitted',
    );
    assert.equal(g.text, '⎇ 2 uncommitted');
    assert.match(g.tooltip, /The commit stage counts 1 of them: the files this session edited\./);
    assert.match(g.tooltip, /Not counted: 1 file\(s\) of the meter's own state/);
    assert.doesNotMatch(g.tooltip, /- `\.claude\/proofmeter\/goal\.json`/);
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
