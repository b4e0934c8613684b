import { strict as assert } from 'node:assert';
import { parseHandover } from '../../../src/core/evidence/handover';

describe('parseHandover: the handover is the whole command, read by the shared shell reading', () => {
  const handovers: [string, { id: string; why: string }][] = [
    ['proofmeter handover S2 --why "needs production credentials"', { id: 'S2', why: 'needs production credentials' }],
    ['npx proofmeter handover V1 --why=nightly', { id: 'V1', why: 'nightly' }],
    ["node .claude/proofmeter/proofmeter.js handover S3 --why 'the key is the person'\"'\"'s'", { id: 'S3', why: "the key is the person's" }],
    ['  CI=1 proofmeter handover S4 --why "costs $5"  ', { id: 'S4', why: 'costs $5' }],
    ['proofmeter handover S5 \\\n  --why "split over lines"', { id: 'S5', why: 'split over lines' }],
  ];
  for (const [cmd, want] of handovers) {
    it(`reads ${JSON.stringify(cmd)}`, () => assert.deepEqual(parseHandover(cmd), want));
  }
  const not = [
    'proofmeter handover S2',
    'proofmeter handover S2 --why ""',
    'echo x && proofmeter handover S2 --why "y"',
    'proofmeter handover S2 --why "y" || true',
    'proofmeter handover S2 --why "y"; rm x',
    'proofmeter handover S2 --why "y" > log',
    'proofmeter handover S2 --why "y" &',
    'proofmeter handover S2 --why "y" # note',
    'proofmeter handover S2 --why $(cat why.txt)',
    'proofmeter handover S2 --why "$(cat why.txt)"',
    'proofmeter handover S2 --why `cat why.txt`',
    'proofmeter handover S2 --why "unclosed',
    'sudo proofmeter handover S2 --why "y"',
    'echo proofmeter handover S2 --why y',
    'proofmeter handover 2 --why y',
    'proofmeter handover S2 --why y --force',
  ];
  for (const cmd of not) {
    it(`is not a handover: ${JSON.stringify(cmd)}`, () => assert.equal(parseHandover(cmd), null));
  }
});
