// The Markdown parser is loaded on first use: its start-up cost is paid only by the calls that
// parse a plan, not by every status line and hook that finds the parsed plan in its cache.
import type { ParsedPlan } from '../core/types';

export function parsePlanText(markdown: string): ParsedPlan {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parsePlan } = require('../core/plan/parsePlan') as typeof import('../core/plan/parsePlan');
  return parsePlan(markdown);
}
