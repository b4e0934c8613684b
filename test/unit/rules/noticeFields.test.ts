// parseNotice reads only the fields of Claude Code's own <task-notification>: each row is a text
// and what must come out of it (the mutants StrykerJS left alive in notice.ts, each killed here).
import { strict as assert } from 'node:assert';
import { parseNotice } from '../../../src/core/transcript/notice';

const notice = (inner: string) => `<task-notification>\n${inner}\n</task-notification>`;
const fields = (summary: string, exitTag = '') => notice(`<task-id>b1</task-id>\n<status>completed</status>\n<summary>${summary}</summary>${exitTag}`);

describe('parseNotice', () => {
  const table: Array<[string, string, ReturnType<typeof parseNotice>]> = [
    ['the tags without the <task-notification> wrapper are no notice', '<task-id>b1</task-id>\n<status>completed</status>\n<summary>exit code 0</summary>', null],
    ['a notice without a task id is no notice', notice('<status>completed</status>'), null],
    ['a notice without a status is no notice', notice('<task-id>b1</task-id>'), null],
    ['the id and status are read without the blanks around them', notice('<task-id> b1 </task-id>\n<status> completed </status>'), { taskId: 'b1', status: 'completed', exitCode: null }],
    ['a summary with a three-digit exit code gives all of it', fields('Background command "x" failed (exit code 143)'), { taskId: 'b1', status: 'completed', exitCode: 143 }],
    ['a two-digit <exit-code> is read whole', fields('exit code 0', '<exit-code>12</exit-code>'), { taskId: 'b1', status: 'completed', exitCode: 12 }],
    ['an <exit-code> that is not a number (-1) leaves the summary to decide', fields('exit code 2', '<exit-code>-1</exit-code>'), { taskId: 'b1', status: 'completed', exitCode: 2 }],
    ['an <exit-code> with text after its digits (1x) leaves the summary to decide', fields('exit code 3', '<exit-code>1x</exit-code>'), { taskId: 'b1', status: 'completed', exitCode: 3 }],
    ['no summary and no <exit-code>: the exit code is unknown', notice('<task-id>b1</task-id>\n<status>killed</status>'), { taskId: 'b1', status: 'killed', exitCode: null }],
  ];
  for (const [why, text, want] of table) {
    it(why, () => assert.deepEqual(parseNotice(text), want));
  }
});
