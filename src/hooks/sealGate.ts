// What the gates say when the seal check finds the meter changed: the stop gate blocks (no agent
// action opens it), and the prompt and session-start gates tell the person and the agent. The
// words name each finding and the way back, which only the person can take.
import { existsSync } from 'node:fs';
import type { Finding } from '../core/findings/finding';
import { goalPath } from '../workspace/goalState';
import { checkSeal, type SealCheck } from '../workspace/sealRecord/check';
import { outsideSealPath, realWorkspace, workspaceSealPath } from '../workspace/sealRecord/paths';
import type { HookAnswer } from './answer';

export type SealOf = (workspace: string, env: NodeJS.ProcessEnv) => SealCheck;

export const defaultSealOf: SealOf = (ws, env) => checkSeal(ws, env, { keepMoved: true });

/** The findings that hold the gate: errors, while a goal is frozen (or a seal says one was). */
export function holding(check: SealCheck): Finding[] {
  return check.frozen ? check.findings.filter((f) => f.severity === 'error') : [];
}

export function findingLines(findings: readonly Finding[], limit = 6): string[] {
  const lines = findings.slice(0, limit).map((f) => `- ${f.kind} (${f.id}): ${f.message}`);
  if (findings.length > limit) lines.push(`- ... and ${findings.length - limit} more (proofmeter doctor)`);
  return lines;
}

export function tamperReason(findings: readonly Finding[], capNote: string): string {
  const kinds = [...new Set(findings.map((f) => f.kind))].join(', ');
  return [
    `Proofmeter: the meter's gate was changed outside its own commands (${kinds}), so the stop stays blocked:`,
    ...findingLines(findings),
    'Only the person can clear this: `proofmeter doctor` in their own terminal shows what changed and how to recover (`proofmeter doctor --reseal` after reviewing it). Tell the person; do not edit the meter\'s files or settings.',
    capNote,
  ].join('\n');
}

/** One line for the person, in a systemMessage. */
export function tamperNotice(findings: readonly Finding[]): string {
  const kinds = [...new Set(findings.map((f) => f.kind))].join(', ');
  return `Proofmeter: ${kinds}: ${findings[0]?.message ?? ''}${findings.length > 1 ? ` (+${findings.length - 1} more)` : ''} Run \`proofmeter doctor\`.`;
}

/**
 * Whether a goal is frozen here, for the fault path, where nothing else can be trusted: only
 * whether the goal or either copy of the seal exists. Anything unreadable counts as frozen.
 */
export function frozenForFault(workspace: string, env: NodeJS.ProcessEnv): boolean {
  try {
    const real = realWorkspace(workspace);
    return [goalPath(workspace), workspaceSealPath(workspace), outsideSealPath(real, env)].some((p) => existsSync(p));
  } catch {
    return true;
  }
}

/** Adds the tamper notice to an answer's systemMessage, for the gates the person sees answer. */
export function withNotice(answer: HookAnswer, findings: readonly Finding[]): HookAnswer {
  if (!findings.length) return answer;
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = answer.stdout ? JSON.parse(answer.stdout) : {};
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    return answer; // not JSON: left as the gate gave it
  }
  const notice = tamperNotice(findings);
  body.systemMessage = typeof body.systemMessage === 'string' ? `${body.systemMessage}\n${notice}` : notice;
  return { ...answer, stdout: JSON.stringify(body), outcome: answer.outcome };
}
