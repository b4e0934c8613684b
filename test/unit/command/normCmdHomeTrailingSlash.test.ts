import { strict as assert } from 'node:assert';
import { normCmd } from '../../../src/core/command/normCmd';

// A home folder given with trailing slashes (`/home/dev/`, as $HOME is sometimes set) is the same
// folder: the command that names it without them is still written with `~`, even when nothing else
// in the command would make normCmd read it word by word.
const cases: Array<[string, string, string, string]> = [
  ['a home with one trailing slash still matches the bare folder', '/home/dev/', 'cd /home/dev', 'cd ~'],
  ['a home with two trailing slashes still matches the bare folder', '/home/dev//', 'ls /home/dev', 'ls ~'],
  ['a home with trailing slashes matches a path under it', '/home/dev//', 'cat /home/dev/notes.txt', 'cat ~/notes.txt'],
  ['a home with a trailing slash leaves a path that only ends like it alone', '/home/dev/', 'cat x/home/dev', 'cat x/home/dev'],
];

describe('normCmd with a home folder written with trailing slashes', () => {
  for (const [what, home, command, want] of cases) {
    it(`${what}: ${JSON.stringify(command)} with home ${JSON.stringify(home)} is written ${JSON.stringify(want)}`, () => {
      assert.equal(normCmd(command, home), want);
    });
  }
});
