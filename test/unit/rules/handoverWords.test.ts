// After a handover only the person's words that come after it close the item (evidence.ts): words
// naming the id before the handover was run close nothing.
import { strict as assert } from 'node:assert';
import { evaluateEvidence } from '../../../src/core/evidence/evidence';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { newScanState, scanBytes } from '../../../src/core/transcript/scan';
import { bytesOf, ran, typed } from '../transcript/synth';

const PLAN = '# P\n\n## Steps\n\n- **S1.** Deploy. Proof: `npm run deploy`\n';
const handover = 'proofmeter handover S1 --why "needs the production key"';
// The plan is parsed inside each test, never while the file loads: a mutant is active only while
// the tests that reach it run, so a plan parsed at load time would always come from unmutated code.
const stateOf = (lines: string[]) => {
  const plan = parsePlan(PLAN);
  const t = scanBytes(newScanState('s.jsonl', 'main'), bytesOf(lines)).events;
  return evaluateEvidence(plan.items, [t], { home: '/home/dev', countSdkPrompts: false }).items[0]!.state;
};

describe('words and a handover', () => {
  const table: Array<[string, string[], string]> = [
    ['words after the handover close the item', [...ran('t1', handover), typed('S1 is done')], 'closed'],
    ['words before the handover leave it handed over', [typed('S1 is done'), ...ran('t1', handover)], 'handed-over'],
    ['words after the handover naming another id leave it handed over', [...ran('t1', handover), typed('S2 is done')], 'handed-over'],
  ];
  for (const [why, lines, state] of table) it(why, () => assert.equal(stateOf(lines), state));
});
