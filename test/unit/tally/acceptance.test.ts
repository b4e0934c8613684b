// An error finding holds the verdict until the person accepts it; the tally shows it as accepted.
import { strict as assert } from 'node:assert';
import { acceptedIds } from '../../../src/core/findings/acceptance';
import { findingId, type Finding } from '../../../src/core/findings/finding';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { tallyText } from '../../../src/core/tally/format';
import { integrityLedger } from '../../../src/core/tally/integrityLines';
import { computeTally, type Tally } from '../../../src/core/tally/tally';
import type { Acceptance } from '../../../src/core/findings/acceptance';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { labTranscript } from '../helpers/fixtures';

// The plan and the forged finding are built by each tally and test, not at load time, so the plan
// reader and the finding's id run while a test does.
const planText = '# Lab\n\n## Steps\n\n- **S1.** Read the output. Proof: `sleep 1; cat out.txt`\n';
const forgedFinding = (): Finding => ({
  id: findingId('transcript-tampered', 'x:run:toolu_forged'),
  kind: 'transcript-tampered',
  severity: 'error',
  message: 'A Bash pass (toolu_forged) at line 94 of s.jsonl has no receipt.',
  action: 'Run the proof again.',
  file: '/t/s.jsonl',
  line: 94,
  evidence: null,
});

function tally(accepted: Acceptance[]): Tally {
  return computeTally({
    goal: { title: 'Lab', planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: parsePlan(planText).items,
    findings: [],
    added: [],
    transcripts: readTranscripts([labTranscript('main')]),
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
    integrity: [forgedFinding()],
    accepted,
  });
}

const byWordsOf = (): Acceptance => ({ id: forgedFinding().id, at: '2026-12-01T10:00:00.000Z', source: 'words', session: 's', promptId: 'p' });

describe('accepting a finding', () => {
  it('an error not accepted keeps NOT DONE and the text says how to accept it', () => {
    const forged = forgedFinding();
    const t = tally([]);
    assert.equal(t.verdict, 'not-done');
    assert.ok(tallyText(t).includes(`(to accept it, type: accept ${forged.id})`));
  });

  it('the accepted error no longer holds the verdict, and the text shows it as accepted, by whom and when', () => {
    const byWords = byWordsOf();
    const forged = forgedFinding();
    const t = tally([byWords]);
    assert.equal(t.verdict, 'done');
    const lines = tallyText(t).split('\n');
    assert.equal(lines.at(-1), 'verdict: ALL DONE');
    assert.ok(lines.includes(`Integrity error ${forged.id}, accepted by you (your words, 2026-12-01T10:00:00.000Z): ${forged.message}`), lines.join('\n'));
    assert.deepEqual(integrityLedger(t), []);
    assert.deepEqual(t.accepted, [byWords]);
  });

  it('an acceptance of another finding accepts nothing here', () => {
    const byWords = byWordsOf();
    const t = tally([{ ...byWords, id: 'F-0000000' }]);
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.accepted, []);
  });

  it('the dashboard is named as the source of its acceptances', () => {
    const byWords = byWordsOf();
    assert.match(tallyText(tally([{ ...byWords, source: 'dashboard' }])), /accepted by you \(the dashboard, /);
  });

  const words: Array<[string, string[]]> = [
    ['accept F-1a2b3c4', ['F-1a2b3c4']],
    ['OK. Accept F-1A2B3C4 please', ['F-1a2b3c4']],
    ['I accept F-1a2b3c4.', ['F-1a2b3c4']],
    ["don't accept F-1a2b3c4", []],
    ['should I accept F-1a2b3c4?', []],
    ['accept F-12', []],
  ];
  for (const [text, ids] of words) it(`${JSON.stringify(text)} accepts ${ids.join(' ') || 'nothing'}`, () => assert.deepEqual(acceptedIds(text), ids));
});
