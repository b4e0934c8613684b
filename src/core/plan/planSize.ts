// A plan is read whole by a Markdown parser whose memory grows by some 300 to 900 bytes per
// character of input (mdast-util-from-markdown; measured in bench/planSize.ts): a 1 MB plan holds
// about 0.5 GB, a 20 MB one exhausts the heap. A plan is a list of steps with one proof each, a
// long real one a few tens of KiB, so a text over 256 Ki characters is no plan: it is refused
// before the parser sees it, with one line saying so, wherever a plan is read (parsePlanText).
import type { PlanFinding } from '../types';

export const MAX_PLAN_CHARS = 256 * 1024;

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function tooLargeMessage(chars: number): string {
  return `The plan has ${thousands(chars)} characters, more than the ${thousands(MAX_PLAN_CHARS)} (256 Ki) Proofmeter reads, so it was not read; keep only the steps and their proofs in the plan and move logs, pasted output or data to other files.`;
}

/** The finding that refuses a plan too long to be one, or null when it may be parsed. */
export function planTooLarge(markdown: string): PlanFinding | null {
  if (markdown.length <= MAX_PLAN_CHARS) return null;
  return { id: null, rule: 'too-large', line: 1, message: tooLargeMessage(markdown.length) };
}
