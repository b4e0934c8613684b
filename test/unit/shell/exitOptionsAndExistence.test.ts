// What `set` options, negation and pipeline ends do to a proof's exit, and which proofs only check
// that a file exists. Culprits and fixes are asserted whole: they are what a person reads.
import { strict as assert } from 'node:assert';
import { exitReading, existenceOnly, type ExitReading } from '../../../src/core/shell/exitStatus';

const CAN: ExitReading = { kind: 'can-fail' };
const seq = (fix: string): ExitReading => ({ kind: 'cannot-fail', how: 'sequence', culprit: 'echo ok', fix });

const READINGS: Array<[string, string, ExitReading]> = [
  ['`set -o errexit` ends the script at a failing command, so a later echo hides nothing', 'set -o errexit; npm test; echo ok', CAN],
  ['`set -o pipefail` alone does not stop at a failing command', 'set -o pipefail; npm test; echo ok', seq('set -o pipefail; npm test')],
  ['`set -o errexit` does not make a pipeline fail on an early stage', 'set -o errexit; npm test | tail', { kind: 'cannot-fail', how: 'pipeline', culprit: 'tail', fix: 'set -o pipefail; set -o errexit; npm test | tail' }],
  ['a letter other than o takes no option name, so a later -o pipefail still counts', 'set -x -o pipefail; npm test | tail', CAN],
  ['a letter other than e does not turn errexit on', 'set -x; npm test; echo ok', seq('set -x; npm test')],
  ['a set word with a digit after its letters is no option', 'set -e1; npm test; echo ok', seq('set -e1; npm test')],
  ['a set word with a digit before its letters is no option', 'set -1-e; npm test; echo ok', seq('set -1-e; npm test')],
  ['a negated command fails when the command succeeds', '! true', CAN],
  ['under pipefail, a failing stage before a constant end fails the pipeline', 'set -o pipefail; npm test | true', CAN],
  ['a failing stage in the middle is what a sink at the end hides', 'echo a | npm test | tail', { kind: 'cannot-fail', how: 'pipeline', culprit: 'tail', fix: 'set -o pipefail; echo a | npm test | tail' }],
  ['a pipeline of constants into a sink is the constant culprit, itself only', 'true; echo a | tail', { kind: 'cannot-fail', how: 'constant', culprit: 'echo a | tail', fix: null }],
  ['the sink culprit and the pipefail fix leave out surrounding blanks', '  npm test | tail  ', { kind: 'cannot-fail', how: 'pipeline', culprit: 'tail', fix: 'set -o pipefail; npm test | tail' }],
  ['a constant culprit leaves out surrounding blanks', '  true  ', { kind: 'cannot-fail', how: 'constant', culprit: 'true', fix: null }],
  ['assignments with one substitution among them can fail', 'A=$(false) B=1', CAN],
  ['`return 0` is a constant exit, like `exit 0`', 'return 0', { kind: 'cannot-fail', how: 'constant', culprit: 'return 0', fix: null }],
];

describe('exitReading: set options, negation and pipeline ends', () => {
  for (const [rule, src, expected] of READINGS) {
    it(rule, () => assert.deepEqual(exitReading(src), expected));
  }
});

const EXISTENCE: Array<[string, string, boolean]> = [
  ['`cat` with a flag and a file checks the file exists', 'cat -n x', true],
  ['`cat` with only a flag names no file', 'cat -n', false],
  ['a verb that is not a check is no existence check, whatever its words', 'rm -f x y', false],
  ['`test -f` with no file checks nothing', 'test -f', false],
  ['a negated check in one list item spoils the whole script', '! test -e x; test -e y', false],
  ['a negated check on either side of || spoils the whole script', '! test -e x || test -e y', false],
  ['a negated check inside a subshell is negated too', '(! test -e x)', false],
  ['a negated subshell stage of a pipeline spoils it', 'test -e y | (! test -e x)', false],
  ['an assignment alone checks nothing', 'A=1', false],
  ['`set -e` alone checks nothing', 'set -e', false],
  ['an assignment beside a check leaves it only a check', 'A=1; test -e x', true],
  ['a redirection alone beside a check leaves it only a check', 'test -e x && > y', true],
];

describe('existenceOnly: which proofs only check that files exist', () => {
  for (const [rule, src, expected] of EXISTENCE) {
    it(rule, () => assert.equal(existenceOnly(src), expected));
  }
});
