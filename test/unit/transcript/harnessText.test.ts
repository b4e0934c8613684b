import { strict as assert } from 'node:assert';
import { isHarnessText } from '../../../src/core/transcript/harnessText';

describe('isHarnessText', () => {
  const cases: Array<[string, string, boolean]> = [
    ['a slash command wrapper is harness text', '<command-name>/goal</command-name>', true],
    ['its message line is harness text', '<command-message>goal</command-message>', true],
    ['a local command output is harness text', '<local-command-stdout>ok</local-command-stdout>', true],
    ['a local command error is harness text', '<local-command-stderr>no</local-command-stderr>', true],
    ['the local command caveat is harness text', '<local-command-caveat>Caveat: …</local-command-caveat>', true],
    ['a task notification is harness text', '<task-notification><task-id>b1</task-id></task-notification>', true],
    ['a ! shell line is harness text', '<bash-input>ls</bash-input>', true],
    ['its output is harness text', '<bash-stdout>a</bash-stdout>', true],
    ['its error output is harness text', '<bash-stderr>b</bash-stderr>', true],
    ['leading white space does not hide a wrapper', '\n  <command-name>/x</command-name>', true],
    ['typed words are not harness text', 'S1 is done, thanks', false],
    ['a tag later in the words does not make them harness text', 'see <bash-input>ls</bash-input>', false],
    ['another tag is not harness text', '<system-reminder>x</system-reminder>', false],
    ['a longer tag name that starts like one is not harness text', '<command-names>x', false],
  ];
  for (const [name, text, want] of cases) {
    it(name, () => assert.equal(isHarnessText(text), want));
  }
});
