// The walkthrough completes a step when its command succeeded, never on the click alone: the keys
// package.json's completion events name are the extension's own (both ways), a failed command
// leaves its key as it was, and at activation the keys follow what the folder holds.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAN_TEMPLATE } from '../../../src/extension/planTemplate';
import { WalkthroughKeys, workspaceFacts } from '../../../src/extension/walkthroughKeys';
import {
  completionEvent,
  keysAtStart,
  stepsDone,
  WALKTHROUGH_KEYS,
  WALKTHROUGH_STEPS,
  type CommandResultFacts,
  type WalkthroughStep,
  type WorkspaceFacts,
} from '../../../src/extension/walkthroughSteps';

const ROOT = join(__dirname, '..', '..', '..');

interface Step {
  id: string;
  completionEvents: string[];
}

function manifestSteps(): Step[] {
  const pkg = JSON.parse(readText(join(ROOT, 'package.json'))) as { contributes: { walkthroughs: Array<{ id: string; steps: Step[] }> } };
  const w = pkg.contributes.walkthroughs.find((x) => x.id === 'proofmeter.firstGoal');
  assert.ok(w, 'the walkthrough is contributed');
  return w.steps;
}

function readText(file: string): string {
  return readFileSync(file, 'utf8');
}


describe('the walkthrough completion keys', () => {
  it('package.json names one completion event per step, and it is the onContext key the extension sets for that step', () => {
    const steps = manifestSteps();
    assert.deepEqual(
      steps.map((s) => s.id),
      WALKTHROUGH_STEPS,
    );
    for (const s of steps) assert.deepEqual(s.completionEvents, [completionEvent(s.id as WalkthroughStep)], s.id);
  });

  it('every key the extension sets completes a step of package.json, and no step completes on a click (onCommand)', () => {
    const events = manifestSteps().flatMap((s) => s.completionEvents);
    for (const key of Object.values(WALKTHROUGH_KEYS)) assert.ok(events.includes(`onContext:${key}`), key);
    assert.deepEqual(
      events.filter((e) => e.startsWith('onCommand:')),
      [],
    );
    assert.equal(new Set(Object.values(WALKTHROUGH_KEYS)).size, WALKTHROUGH_STEPS.length, 'one key per step');
  });

  const none: WorkspaceFacts = { planExists: false, planPasses: false, hooksInstalled: false, goalFrozen: false };
  const startRows: Array<[string, WorkspaceFacts, WalkthroughStep[]]> = [
    ['an empty folder completes no step', none, []],
    ['a plan with problems completes writing it, not checking it', { ...none, planExists: true }, ['writePlan']],
    ['a plan that passes completes writing and checking it', { ...none, planExists: true, planPasses: true }, ['writePlan', 'checkPlan']],
    ['hooks already installed complete the install step alone', { ...none, hooksInstalled: true }, ['installHooks']],
    ['a frozen goal completes every step but the install', { ...none, goalFrozen: true }, ['writePlan', 'checkPlan', 'adoptPlan', 'setGoal']],
    ['a frozen goal with the hooks in completes every step', { planExists: true, planPasses: true, hooksInstalled: true, goalFrozen: true }, [...WALKTHROUGH_STEPS]],
  ];
  for (const [name, facts, want] of startRows) {
    it(`at activation, ${name}`, () => {
      const keys = keysAtStart(facts);
      assert.deepEqual(
        WALKTHROUGH_STEPS.filter((s) => keys[s]),
        want,
      );
    });
  }

  const commandRows: Array<[string, CommandResultFacts, WalkthroughStep[]]> = [
    ['New Plan that wrote or opened PLAN.md completes writing a plan', { command: 'newPlan', file: '/w/PLAN.md' }, ['writePlan']],
    ['New Plan refused (no folder, Restricted Mode) completes nothing', { command: 'newPlan', file: undefined }, []],
    ['Check Plan that passes completes writing and checking', { command: 'checkPlan', ok: true, items: 3 }, ['writePlan', 'checkPlan']],
    ['Check Plan with problems completes nothing', { command: 'checkPlan', ok: false, items: 3 }, []],
    ['Check Plan of a file it could not read completes nothing', { command: 'checkPlan', ok: undefined, items: undefined }, []],
    ['Check Plan of a plan with no items completes nothing', { command: 'checkPlan', ok: true, items: 0 }, []],
    ['Install Hooks that installed completes the install', { command: 'installHooks', ok: true }, ['installHooks']],
    ['Install Hooks that failed or was cancelled completes nothing', { command: 'installHooks', ok: false }, []],
    ['Adopt Plan that froze the goal (exit 0) completes adopting', { command: 'adoptPlan', code: 0 }, ['adoptPlan']],
    ['Adopt Plan refused by adopt (exit 2) completes nothing', { command: 'adoptPlan', code: 2 }, []],
    ['Adopt Plan cancelled at its question completes nothing', { command: 'adoptPlan', code: undefined }, []],
    ['Set Goal that offered a /goal line completes its step', { command: 'setGoal', line: '/goal PLAN.md' }, ['setGoal']],
    ['Set Goal that found problems in the plan completes nothing', { command: 'setGoal', line: undefined }, []],
  ];
  for (const [name, r, want] of commandRows) {
    it(name, () => assert.deepEqual(stepsDone(r), want));
  }
});

describe('the walkthrough keys this window sets', () => {
  function keys(): { k: WalkthroughKeys; calls: Array<[string, boolean]> } {
    const calls: Array<[string, boolean]> = [];
    return { k: new WalkthroughKeys((key, value) => calls.push([key, value])), calls };
  }

  it('a command that failed leaves its key false, and the same command succeeding turns it true', () => {
    const { k, calls } = keys();
    k.start({ planExists: false, planPasses: false, hooksInstalled: false, goalFrozen: false });
    k.commandDone({ command: 'installHooks', ok: false });
    assert.equal(k.snapshot().installHooks, false);
    k.commandDone({ command: 'installHooks', ok: true });
    assert.equal(k.snapshot().installHooks, true);
    assert.deepEqual(
      calls.filter(([key]) => key === WALKTHROUGH_KEYS.installHooks),
      [
        [WALKTHROUGH_KEYS.installHooks, false],
        [WALKTHROUGH_KEYS.installHooks, true],
      ],
    );
  });

  it('a step once done stays done: a later failure and a later start without it keep it true', () => {
    const { k } = keys();
    k.commandDone({ command: 'checkPlan', ok: true, items: 2 });
    k.commandDone({ command: 'checkPlan', ok: false, items: 2 });
    k.start({ planExists: false, planPasses: false, hooksInstalled: false, goalFrozen: false });
    assert.deepEqual(k.snapshot(), { writePlan: true, checkPlan: true, installHooks: false, adoptPlan: false, setGoal: false });
  });

  it('setContext is called only when a key changes', () => {
    const { k, calls } = keys();
    k.commandDone({ command: 'adoptPlan', code: 0 });
    k.commandDone({ command: 'adoptPlan', code: 0 });
    k.goalFrozen();
    assert.deepEqual(calls, [
      [WALKTHROUGH_KEYS.adoptPlan, true],
      [WALKTHROUGH_KEYS.writePlan, true],
      [WALKTHROUGH_KEYS.checkPlan, true],
      [WALKTHROUGH_KEYS.setGoal, true],
    ]);
  });

  it('a key never set reads false', () => {
    const { k } = keys();
    assert.deepEqual(k.snapshot(), { writePlan: false, checkPlan: false, installHooks: false, adoptPlan: false, setGoal: false });
  });
});

describe('what the folder shows the walkthrough at activation', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'pm-walkthrough-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it('an empty folder shows nothing done', () => {
    assert.deepEqual(workspaceFacts(cwd), { planExists: false, planPasses: false, hooksInstalled: false, goalFrozen: false });
  });

  it('a plan like New Plan’s template passes the check', () => {
    writeFileSync(join(cwd, 'PLAN.md'), PLAN_TEMPLATE);
    assert.deepEqual(workspaceFacts(cwd), { planExists: true, planPasses: true, hooksInstalled: false, goalFrozen: false });
  });

  it('a plan with an item without a proof is there but does not pass', () => {
    writeFileSync(join(cwd, 'PLAN.md'), '# Bad\n\n## Steps\n\n- **S1.** Build it. Proof: run the tests\n');
    assert.deepEqual(workspaceFacts(cwd), { planExists: true, planPasses: false, hooksInstalled: false, goalFrozen: false });
  });

  it('a settings file that runs the meter’s runner shows the hooks installed', () => {
    mkdirSync(join(cwd, '.claude'));
    writeFileSync(join(cwd, '.claude', 'settings.local.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node .claude/proofmeter/proofmeter.js hook stop' }] }] } }));
    assert.equal(workspaceFacts(cwd).hooksInstalled, true);
  });
});
