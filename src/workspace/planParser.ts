// The Markdown parser is loaded on first use: its start-up cost is paid only by the calls that
// parse a plan, not by every status line and hook that finds the parsed plan in its cache. Every
// plan the meter reads comes through here (check-plan, the plan gate and approval, adopt, /goal,
// the plan cache, the extension), so this is where a plan too large to be one is refused.
import { planTooLarge } from '../core/plan/planSize';
import type { ParsedPlan } from '../core/types';

export function parsePlanText(markdown: string): ParsedPlan {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load needs require (the bundle is CommonJS)
  const { parsePlan } = require('../core/plan/parsePlan') as typeof import('../core/plan/parsePlan');
  const tooLarge = planTooLarge(markdown);
  // The empty plan's shape with this one finding: no items are read from a plan that is not parsed.
  if (tooLarge) return { ...parsePlan(''), findings: [tooLarge] };
  return parsePlan(markdown);
}
