// The bench's generated transcripts repeat the lab recordings, whose proofs are echo commands that
// check-plan now refuses (cannot-fail). The bench freezes such a plan the way a goal frozen before
// that rule stands: through the one freezing path, with only that finding set aside.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePlan } from '../src/core/plan/parsePlan';
import { freezePlan } from '../src/workspace/freezeGoal';

export function freezeBenchPlan(ws: string, planFile = 'PLAN.md', env: NodeJS.ProcessEnv = process.env): void {
  const path = join(ws, planFile);
  const text = readFileSync(path, 'utf8');
  const parsed = parsePlan(text);
  const findings = parsed.findings.filter((f) => f.rule !== 'cannot-fail');
  const r = freezePlan({ workspace: ws, planText: text, planFile: path, frozenBy: 'adopt', sessionId: null, now: new Date(), env }, { ...parsed, findings });
  if (r.kind === 'refused' || r.kind === 'bad-goal') throw new Error(`bench plan not frozen: ${JSON.stringify(r)}`);
}
