// The exit code of a failed run is read from the first text block of the tool_result's content;
// a null entry or a block without text is passed over, and content with no text block gives none.
import { strict as assert } from 'node:assert';
import { decideRunEnd, type DecidedEnd } from '../../../src/core/transcript/runEnd';

const failed = (reason: string, exitCode: number | null = null): DecidedEnd => ({ end: { kind: 'failed', reason, exitCode } });

describe('the text blocks of a failed run’s content', () => {
  const cases: Array<[string, unknown[], DecidedEnd]> = [
    ['a null entry before the text block', [null, { type: 'text', text: 'Exit code 5' }], failed('exit code 5', 5)],
    ['an image block and no text block', [{ type: 'image' }], failed('tool error')],
    ['no blocks at all', [], failed('tool error')],
  ];
  for (const [what, content, want] of cases) {
    it(`${what}: ${want.end.kind === 'failed' ? want.end.reason : want.end.kind}`, () => assert.deepEqual(decideRunEnd({ isError: true, toolUseResult: { stdout: '' }, content }), want));
  }
});
