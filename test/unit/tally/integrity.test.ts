// An integrity error keeps the verdict NOT DONE, shows before the verdict line, and is named in the
// stop gate's block reason, even when every item is proved.
import { strict as assert } from 'node:assert';
import { findingId, type Finding } from '../../../src/core/findings/finding';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { tallyText } from '../../../src/core/tally/format';
import { computeTally, type Tally } from '../../../src/core/tally/tally';
import { decideStop } from '../../../src/hooks/stopGate';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { labTranscript } from '../helpers/fixtures';

// The plan and the forged finding are built by each tally and test, not at load time, so the plan
// reader and the finding's id run while a test does.
const planText = '# Lab\n\n## Steps\n\n- **S1.** Read the output. Proof: `sleep 1; cat out.txt`\n';

function tally(integrity: Finding[]): Tally {
  return computeTally({
    goal: { title: 'Lab', planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: parsePlan(planText).items,
    findings: [],
    added: [],
    transcripts: readTranscripts([labTranscript('main')]),
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
    integrity,
  });
}

const forgedFinding = (): Finding => ({
  id: findingId('transcript-tampered', 'x:run:toolu_forged'),
  kind: 'transcript-tampered',
  severity: 'error',
  message: "A Bash pass (toolu_forged) at line 94 of s.jsonl has no receipt: Claude Code's hook never saw it run.",
  action: "Run the proof again in this session's own Bash; a record written into a transcript never counts.",
  file: '/t/s.jsonl',
  line: 94,
  evidence: null,
});

describe('integrity findings in the tally', () => {
  it('without findings the proved plan is ALL DONE (the control)', () => {
    const t = tally([]);
    assert.equal(t.verdict, 'done');
    assert.equal(tallyText(t).split('\n').at(-1), 'verdict: ALL DONE');
  });

  it('an error finding keeps a fully proved plan NOT DONE and is listed in the JSON', () => {
    const forged = forgedFinding();
    const t = tally([forged]);
    assert.equal(t.items[0]!.state, 'proved');
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.integrity, [forged]);
    assert.equal(t.stages.find((s) => s.name === 'close')!.state, 'waiting');
  });

  it('the text tally shows the finding before the verdict line, which counts it', () => {
    const forged = forgedFinding();
    const lines = tallyText(tally([forged])).split('\n');
    assert.equal(lines.at(-1), 'verdict: NOT DONE (0 open, 1 integrity finding)');
    assert.match(lines.at(-2)!, new RegExp(`^Integrity error ${forged.id}: A Bash pass \\(toolu_forged\\) at line 94`));
  });

  it('a warning is shown but does not hold the verdict', () => {
    const forged = forgedFinding();
    const t = tally([{ ...forged, severity: 'warning' }]);
    assert.equal(t.verdict, 'done');
  });

  it("the stop gate's block reason names the finding", () => {
    const forged = forgedFinding();
    const d = decideStop(tally([forged]), 1, 8);
    assert.equal(d.kind, 'block');
    assert.ok(d.kind === 'block' && d.reason.includes(`- transcript-tampered (${forged.id}): A Bash pass (toolu_forged) at line 94`), d.kind === 'block' ? d.reason : '');
  });
});
