// How a Bash run ended (decideRunEnd), one signal at a time: each row is the tool_result facts and
// the end they give. Mutation testing found the plain-string result and several labels unguarded.
import { strict as assert } from 'node:assert';
import { decideRunEnd, type BashResultFacts, type DecidedEnd } from '../../../src/core/transcript/runEnd';

const facts = (over: Partial<BashResultFacts>): BashResultFacts => ({ isError: false, toolUseResult: { stdout: '' }, content: '', ...over });
const failed = (reason: string, exitCode: number | null = null): DecidedEnd => ({ end: { kind: 'failed', reason, exitCode } });

describe('how a run ended', () => {
  const cases: Array<[string, Partial<BashResultFacts>, DecidedEnd]> = [
    ['an error with an exit code', { isError: true, content: 'Exit code 3\nboom' }, failed('exit code 3', 3)],
    ['an error with the exit code in a text block', { isError: true, content: [{ type: 'image' }, { type: 'text', text: 'Error: Exit code 4' }] }, failed('exit code 4', 4)],
    ['a timed-out run', { isError: true, content: 'Exit code 143\nCommand timed out after 2s' }, failed('timed out (exit code 143)', 143)],
    ['a call the person rejected', { isError: true, content: "The user doesn't want to proceed with this tool use." }, failed('rejected by the person')],
    ['an error without an exit code', { isError: true, content: 'boom' }, failed('tool error')],
    ['a plain-string result without is_error', { toolUseResult: 'Error: Exit code 2' }, failed('error result', 2)],
    ['a plain-string result naming no exit code', { toolUseResult: 'went wrong' }, failed('error result')],
    ['a result that is not an object', { toolUseResult: null }, failed('no exit details in the result')],
    ['an interrupted run', { toolUseResult: { interrupted: true } }, failed('interrupted')],
    ['a run sent to the background by the person', { toolUseResult: { backgroundTaskId: 'b1', backgroundedByUser: true } }, { end: { kind: 'pending', taskId: 'b1' }, backgroundTaskId: 'b1', backgroundedByUser: true }],
    ['a background run', { toolUseResult: { backgroundTaskId: 'b2' } }, { end: { kind: 'pending', taskId: 'b2' }, backgroundTaskId: 'b2', backgroundedByUser: false }],
    ['an exit code Claude Code interpreted', { toolUseResult: { returnCodeInterpretation: '  No matches found ' } }, failed('No matches found')],
    ['a blank interpretation', { toolUseResult: { returnCodeInterpretation: '  ' } }, { end: { kind: 'passed' } }],
    ['a clean result, whatever its text says', { toolUseResult: { stdout: 'Exit code 1 FAILED' }, content: 'Exit code 1' }, { end: { kind: 'passed' } }],
  ];
  for (const [name, over, want] of cases) {
    it(`${name}: ${want.end.kind}${want.end.kind === 'failed' ? ` (${want.end.reason})` : ''}`, () => assert.deepEqual(decideRunEnd(facts(over)), want));
  }
});
