// The exact lines the plan gate shows the coding agent, for the inputs the parser's tests do not
// pin word for word: quoted text folded and cut, commands spelled as code spans, plural and default forms.
import { strict as assert } from 'node:assert';
import {
  bareNameMessage,
  cannotFailMessage,
  missingProofMessage,
  noIdMessage,
  noItemsMessage,
  placeholderMessage,
} from '../../../src/core/plan/messages';

describe('plan messages: quoted text', () => {
  const cases: [string, string, string][] = [
    [
      'white space in the quote folds to single spaces, without space at its ends',
      '  npm \t  test  ',
      'S3: the proof "npm test" is not a code span; put exactly the command in backticks right after Proof:, e.g. Proof: `npm test -- --grep parser`.',
    ],
    [
      'a quote of 60 characters is kept whole',
      '012345678901234567890123456789012345678901234567890123456789',
      'S3: the proof "012345678901234567890123456789012345678901234567890123456789" is not a code span; put exactly the command in backticks right after Proof:, e.g. Proof: `npm test -- --grep parser`.',
    ],
    [
      'a quote of 61 characters is cut to 59 and an ellipsis',
      '012345678901234567890123456789012345678901234567890123456789X',
      'S3: the proof "01234567890123456789012345678901234567890123456789012345678…" is not a code span; put exactly the command in backticks right after Proof:, e.g. Proof: `npm test -- --grep parser`.',
    ],
  ];
  for (const [name, text, want] of cases) {
    it(name, () => assert.equal(missingProofMessage('S3', { status: 'unquoted', text }), want));
  }
});

describe('plan messages: bare names', () => {
  const cases: [string, string, string][] = [
    [
      'a folder with space around it is checked with grep -r',
      ' docs/ ',
      'S5: the proof `docs/` only names a file, and a file existing is not a check passing; give a command that checks it, e.g. Proof: `grep -rq "expected text" docs/`.',
    ],
    [
      'a file with space around it is checked with grep',
      ' REPORT.md ',
      'S5: the proof `REPORT.md` only names a file, and a file existing is not a check passing; give a command that checks it, e.g. Proof: `grep -q "expected text" REPORT.md`.',
    ],
  ];
  for (const [name, command, want] of cases) {
    it(name, () => assert.equal(bareNameMessage('S5', command), want));
  }
});

describe('plan messages: placeholders', () => {
  const cases: [string, readonly string[], 'command' | 'human' | 'later', string][] = [
    [
      'a command proof names each placeholder once, comma-separated, with the command example',
      ['<file>', '<ID>', '<file>'],
      'command',
      'S6: the proof still holds the placeholder <file>, <ID>; write the real value in its place, e.g. Proof: `npm test -- --grep parser`.',
    ],
    [
      'a human proof gets the human example',
      ['<who>'],
      'human',
      'S6: the proof still holds the placeholder <who>; write the real value in its place, e.g. Proof: human — the person confirms the chart matches the mockup.',
    ],
    [
      'a later proof gets the later example',
      ['<event>'],
      'later',
      'S6: the proof still holds the placeholder <event>; write the real value in its place, e.g. Proof: later — the nightly build on main passes.',
    ],
  ];
  for (const [name, placeholders, kind, want] of cases) {
    it(name, () => assert.equal(placeholderMessage('S6', placeholders, kind), want));
  }

  // The example fits the finding: the item's own command with each slot filled, not an unrelated one.
  const fitted: [string, string, readonly string[], string][] = [
    ['a file slot in a command is filled with a file', 'cat <file>', ['<file>'], 'e.g. Proof: `cat src/parser.ts`.'],
    ['an id slot is filled with an id', 'npm test -- --grep <ID>', ['<ID>'], 'e.g. Proof: `npm test -- --grep S1`.'],
    ['an unknown slot is filled with its own words', 'grep -q "<expected text>" README.md', ['<expected text>'], 'e.g. Proof: `grep -q "expected-text" README.md`.'],
    ['a proof that is only a placeholder gets a whole command', '<a command that fails until this is done>', ['<a command that fails until this is done>'], 'e.g. Proof: `npm test -- --grep parser`.'],
    ['a quoted placeholder alone is still only a placeholder', '"<command>"', ['<command>'], 'e.g. Proof: `npm test -- --grep parser`.'],
  ];
  for (const [name, words, placeholders, want] of fitted) {
    it(`${name}: ${words}`, () => assert.ok(placeholderMessage('S6', placeholders, 'command', words).endsWith(want), placeholderMessage('S6', placeholders, 'command', words)));
  }
});

describe('plan messages: items without an id', () => {
  it('a check item without a proof given is asked for the command that checks it', () => {
    assert.equal(
      noIdMessage(4, 'Check the docs', '- **V1.** Check the docs. Proof: `<the command that checks it>`', true),
      'The item "Check the docs" on line 4 has no id and no proof; write line 4 as: - **V1.** Check the docs. Proof: `<the command that checks it>` with the command that checks it in the backticks (or Proof: human — what you confirm).',
    );
  });

  it('one taught line is "the line below shows", more are counted', () => {
    assert.equal(noItemsMessage(1), 'The plan has no items: every step needs an id and a proof; the line below shows each item rewritten.');
    assert.equal(noItemsMessage(2), 'The plan has no items: every step needs an id and a proof; the 2 lines below show each item rewritten.');
  });
});

describe('plan messages: proofs that cannot fail', () => {
  it('the proof and its culprit are shown on one line with single spaces', () => {
    assert.equal(
      cannotFailMessage('S1', ' npm  test ||\ttrue ', { kind: 'cannot-fail', how: 'or-mask', culprit: '||  true', fix: 'npm test' }),
      'S1: the proof `npm test || true` always exits 0, because `|| true` hides a failure; drop it, e.g. Proof: `npm test`.',
    );
  });

  it('a proof holding a backtick is shown in double backticks', () => {
    assert.equal(
      cannotFailMessage('S1', 'echo `date`', { kind: 'cannot-fail', how: 'constant', culprit: 'echo `date`', fix: null }),
      'S1: the proof `` echo `date` `` exits 0 whatever happened, so it proves nothing; give a command that fails when S1 is not done, e.g. Proof: `npm test -- --grep parser`.',
    );
  });

  const whole: [string, string, string][] = [
    ['a culprit with space after it', 'true', 'true '],
    ['a command with space before it', ' true', 'true'],
  ];
  for (const [name, command, culprit] of whole) {
    it(`a constant proof that is its own culprit is not named twice (${name})`, () => {
      assert.equal(
        cannotFailMessage('S1', command, { kind: 'cannot-fail', how: 'constant', culprit, fix: null }),
        'S1: the proof `true` exits 0 whatever happened, so it proves nothing; give a command that fails when S1 is not done, e.g. Proof: `npm test -- --grep parser`.',
      );
    });
  }
});
