// The session-command findings see git however its name is quoted or escaped: `g''it push --force`,
// `g\it reset --hard`, `g\<newline>it push -f` and `$'\x67it' push -f` run git as surely as `git` does.
import { strict as assert } from 'node:assert';
import { isSessionCommandOfNote } from '../../../src/core/findings/sessionCommands';

// [the command, whether the findings read it]
const cases: Array<[string, boolean]> = [
  ["g''it push --force", true],
  ['g\\it reset --hard', true],
  ['"git" push -f', true],
  ['git push --force', true],
  ["g$'i't push --force", true],
  ["$'\\x67it' push --force", true],
  ["$'\\147it' reset --hard", true],
  ['g\\\nit push --force', true],
  ['gi\\\nt reset --hard', true],
  ["$'x' status; git status", false],
  ['echo digit', false],
  ["g''it status", false],
];

describe('git under quotes and backslashes', () => {
  for (const [command, noted] of cases) {
    it(`${JSON.stringify(command)} ${noted ? 'is' : 'is not'} a command of note`, () => assert.equal(isSessionCommandOfNote(command), noted));
  }
});
