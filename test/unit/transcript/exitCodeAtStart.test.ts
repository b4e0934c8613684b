// A failed run's exit code is read only from the start of its text: "Exit code N" further in is
// whatever the command printed.
import { strict as assert } from 'node:assert';
import { decideRunEnd, type BashResultFacts } from '../../../src/core/transcript/runEnd';

const facts = (over: Partial<BashResultFacts>): BashResultFacts => ({ isError: true, toolUseResult: { stdout: '' }, content: '', ...over });

describe('the exit code of a failed run, at the start of its text only', () => {
  const cases: Array<[string, Partial<BashResultFacts>, string, number | null]> = [
    ['an error whose text starts with the exit code', { content: 'Exit code 3\nboom' }, 'exit code 3', 3],
    ['an error that prints "Exit code" later on its first line', { content: 'boom: Exit code 3' }, 'tool error', null],
    ['an error that prints "Exit code" on a later line', { content: 'boom\nExit code 3' }, 'tool error', null],
    ['a plain-string result that prints "Exit code" later', { isError: false, toolUseResult: 'went wrong, Exit code 2' }, 'error result', null],
  ];
  for (const [name, over, reason, exitCode] of cases) {
    it(name, () => assert.deepEqual(decideRunEnd(facts(over)), { end: { kind: 'failed', reason, exitCode } }));
  }
});
