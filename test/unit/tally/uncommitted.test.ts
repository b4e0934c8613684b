import { strict as assert } from 'node:assert';
import { uncommitted } from '../../../src/core/tally/gitFacts';
import { commitStage } from '../../../src/core/tally/stages';
import { gitView } from '../../../src/extension/statusText';

// [what the row shows, git's dirty paths, the session's work, the meter's own state]
const rows: Array<[string, string[], string[], string[]]> = [
  ['a clean tree has nothing uncommitted', [], [], []],
  ['a source file is the session’s work', ['src/a.ts'], ['src/a.ts'], []],
  ['the meter’s goal file is its own state, not work', ['.claude/proofmeter/goal.json'], [], ['.claude/proofmeter/goal.json']],
  ['the meter’s state in a workspace below the top of the repository is its own too', ['sub/.claude/proofmeter/seal.json'], [], ['sub/.claude/proofmeter/seal.json']],
  ['Claude Code’s own settings are work the person commits', ['.claude/settings.json'], ['.claude/settings.json'], []],
  ['a folder only named like the meter’s is work', ['.claude/proofmeter-notes.md', 'x.claude/proofmeter/a'], ['.claude/proofmeter-notes.md', 'x.claude/proofmeter/a'], []],
  ['a mix keeps git’s order in each part', ['b.ts', '.claude/proofmeter/verify.json', 'a.ts'], ['b.ts', 'a.ts'], ['.claude/proofmeter/verify.json']],
];

describe('what is uncommitted', () => {
  for (const [name, dirty, work, meterState] of rows) {
    it(name, () => assert.deepEqual(uncommitted(dirty), { work, meterState }));
  }

  it('the commit stage and the status bar’s git item give the same answer', () => {
    for (const [, dirty, work] of rows) {
      const git = { root: '/w', dirty, hasRemote: false, upstream: null, ahead: 0 };
      assert.equal(commitStage(git, []).detail, work.length ? `${work.length} uncommitted` : 'nothing uncommitted', dirty.join(' '));
      assert.match(gitView(git).text, work.length ? new RegExp(`^⎇ ${work.length} uncommitted`) : /^⎇ committed/, dirty.join(' '));
    }
  });
});
