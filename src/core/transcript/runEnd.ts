// How a Bash run ended, decided from Claude Code's own exit signals and never from the output text:
// the tool_result's is_error flag, toolUseResult.returnCodeInterpretation, interrupted, and the
// background task id. The output is whatever the command printed, so it could say anything.
import type { RunEnd } from '../types';
import { bashResultObject } from './schemas';

export interface BashResultFacts {
  isError: boolean | null | undefined;
  toolUseResult: unknown;
  /** The tool_result's content; read only for the exit code number, never for pass/fail. */
  content: unknown;
}

export interface DecidedEnd {
  end: RunEnd;
  backgroundTaskId?: string;
  backgroundedByUser?: boolean;
}

export function decideRunEnd(facts: BashResultFacts): DecidedEnd {
  const { isError, toolUseResult } = facts;
  if (isError === true) {
    return { end: { kind: 'failed', reason: failureReason(facts), exitCode: exitCodeOf(facts) } };
  }
  if (typeof toolUseResult === 'string') {
    // A failed run stores a plain string; without is_error this is still no clean exit.
    return { end: { kind: 'failed', reason: 'error result', exitCode: exitCodeOf(facts) } };
  }
  const parsed = bashResultObject.safeParse(toolUseResult);
  if (!parsed.success) {
    return { end: { kind: 'failed', reason: 'no exit details in the result', exitCode: null } };
  }
  const r = parsed.data;
  if (r.interrupted === true) return { end: { kind: 'failed', reason: 'interrupted', exitCode: null } };
  if (r.backgroundTaskId) {
    return {
      end: { kind: 'pending', taskId: r.backgroundTaskId },
      backgroundTaskId: r.backgroundTaskId,
      backgroundedByUser: r.backgroundedByUser === true,
    };
  }
  const why = r.returnCodeInterpretation;
  if (typeof why === 'string' && why.trim() !== '') {
    return { end: { kind: 'failed', reason: why.trim(), exitCode: null } };
  }
  return { end: { kind: 'passed' } };
}

/**
 * How a subagent's Bash call ended. Claude Code writes a subagent's tool_result without the
 * toolUseResult a main session's carries, so is_error is all there is: false is a pass there. Such
 * a run never counts (only the main session's own runs do), so this only says how it went.
 */
export function decideSubagentRunEnd(facts: BashResultFacts): DecidedEnd {
  if (facts.isError === false && facts.toolUseResult === undefined) return { end: { kind: 'passed' } };
  return decideRunEnd(facts);
}

function textOf(facts: BashResultFacts): string {
  if (typeof facts.toolUseResult === 'string') return facts.toolUseResult;
  if (typeof facts.content === 'string') return facts.content;
  if (Array.isArray(facts.content)) {
    const first: unknown = facts.content.find((b) => b && typeof b === 'object' && typeof (b as { text?: unknown }).text === 'string');
    if (first) return (first as { text: string }).text;
  }
  return '';
}

// Only the first line is read, and only to label a failure that is already decided.
function exitCodeOf(facts: BashResultFacts): number | null {
  const m = /^(?:Error: )?Exit code (\d+)/.exec(textOf(facts));
  return m ? Number(m[1]) : null;
}

function failureReason(facts: BashResultFacts): string {
  const head = textOf(facts).split('\n', 2);
  const first = head[0] ?? '';
  if (/User rejected tool use|doesn't want to proceed/.test(first)) return 'rejected by the person';
  const code = exitCodeOf(facts);
  if (code !== null && /timed out/.test(head[1] ?? '')) return `timed out (exit code ${code})`;
  if (code !== null) return `exit code ${code}`;
  return 'tool error';
}
