// The status bar's words: what did not count says why, and every count is explained.
import { strict as assert } from 'node:assert';
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

  it('no goal: a quiet item in plain colours', function () {
    const v = noGoalView();
    assert.equal(v.severity, 'ok');
    assert.equal(v.text, '$(checklist) Proofmeter');
  });
});
