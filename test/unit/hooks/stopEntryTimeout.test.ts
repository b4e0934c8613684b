// The stop gate's time budget comes from the meter's Stop entry timeout in the settings files
// (stopEntryTimeoutS), the words of a block after a re-run, and the small answers other gates give
// (mutation testing found these unguarded).
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gateCommand } from '../../../src/core/install/entries';
import { notAHook } from '../../../src/hooks/caller';
import { actionDigest } from '../../../src/hooks/guardAllowance';
import { ASSUMED_DEFAULT_TIMEOUT_S, rerunReason, stopEntryTimeoutS, type StopRerun } from '../../../src/hooks/stopRerun';
import { workspace } from './helpers';

// A row names the meter's Stop entry by this mark; settings() writes gateCommand('stop') in its
// place inside the test, so the entry is made while the test runs, not while the file loads.
const STOP: unique symbol = Symbol('the meter\'s Stop entry');
// The meter's guard entry, another of its own commands, written the same way.
const GUARD: unique symbol = Symbol('the meter\'s guard entry');
type Entry = [event: string, command: string | typeof STOP | typeof GUARD, timeout?: number];
const settings = (entries: Entry[]) => {
  const hooks: Record<string, unknown[]> = {};
  for (const [event, command, timeout] of entries) (hooks[event] ??= []).push({ hooks: [{ type: 'command', command: command === STOP ? gateCommand('stop') : command === GUARD ? gateCommand('guard') : command, ...(timeout === undefined ? {} : { timeout }) }] });
  return JSON.stringify({ hooks });
};
// The assumed default the titles name, written out so they need not read src while the file
// loads; each row that expects it also checks ASSUMED_DEFAULT_TIMEOUT_S is this.
const DEFAULT_S = 60;

describe("the stop gate's entry timeout", () => {
  const cases: Array<[string, { project?: Entry[]; local?: Entry[]; user?: Entry[] }, number | 'default']> = [
    ['no settings', {}, 'default'],
    ['the Stop entry with a timeout', { project: [['Stop', STOP, 30]] }, 30],
    ['a Stop entry with timeout 0', { project: [['Stop', STOP, 0]] }, 'default'],
    ['a Stop entry without a timeout', { project: [['Stop', STOP]] }, 'default'],
    ["another command's Stop entry", { project: [['Stop', 'echo hi', 5], ['Stop', STOP, 30]] }, 30],
    ['the stop command under another event', { project: [['SubagentStop', STOP, 5], ['Stop', STOP, 30]] }, 30],
    ['the smallest of the project and local files', { project: [['Stop', STOP, 40]], local: [['Stop', STOP, 25]] }, 25],
    ['the smallest when the first file has it', { project: [['Stop', STOP, 25]], local: [['Stop', STOP, 40]] }, 25],
    ["the meter's guard command under Stop", { project: [['Stop', GUARD, 5], ['Stop', STOP, 30]] }, 30],
    ["the user's settings", { user: [['Stop', STOP, 20]] }, 20],
  ];
  for (const [name, files, want] of cases) {
    it(`${name}: ${want === 'default' ? DEFAULT_S : want} s`, () => {
      const w = workspace();
      mkdirSync(join(w.home, '.claude'), { recursive: true });
      if (files.project) writeFileSync(join(w.ws, '.claude', 'settings.json'), settings(files.project));
      if (files.local) writeFileSync(join(w.ws, '.claude', 'settings.local.json'), settings(files.local));
      if (files.user) writeFileSync(join(w.home, '.claude', 'settings.json'), settings(files.user));
      if (want === 'default') assert.equal(ASSUMED_DEFAULT_TIMEOUT_S, DEFAULT_S);
      assert.equal(stopEntryTimeoutS(w.ws, { HOME: w.home }), want === 'default' ? ASSUMED_DEFAULT_TIMEOUT_S : want);
    });
  }
});

describe('small answers of the gates', () => {
  it("a call Claude Code did not make gets its line on stderr, exit 1, and the outcome not-person", () => {
    assert.deepEqual(notAHook('no.'), { code: 1, stdout: '', stderr: 'no.', outcome: 'not-person' });
  });

  it("a Bash refusal's id depends on the command and folder only, not on the call's other fields", () => {
    assert.equal(actionDigest('Bash', { command: 'rm x', description: 'a' }, '/w'), actionDigest('Bash', { command: 'rm x', description: 'b' }, '/w'));
    assert.notEqual(actionDigest('Bash', { command: 'rm x' }, '/w'), actionDigest('Bash', { command: 'rm x' }, '/v'));
  });
});

describe('the stop block after a re-run', () => {
  it('names each proof the time budget left unrun, and which environment the re-run used', () => {
    const r: StopRerun = { results: [], failed: [], notRun: [{ id: 'S1', proof: 'npm test' }], reused: [], envSource: 'runner', budgetMs: 41_500 };
    assert.deepEqual(rerunReason(r, 'CAP').split('\n'), [
      "Proofmeter: this session's transcript says Claude's part is done, but re-running the proofs outside this session's shell disagrees:",
      "- S1 `npm test`: not re-run: the stop gate's time budget (42 s) ran out; every proof must pass in one stop's re-run, so proofs that take longer together need a larger `timeout` on the meter's Stop entry (the person's change)",
      "The re-run is `bash --noprofile --norc -c PROOF` in the workspace root with the PATH, HOME and locale of the meter's own process (this goal was frozen before environments were recorded): nothing set in this session's shell (functions, aliases, variables, another folder) reaches it.",
      "Fix what the proof checks in the workspace's files, then run the proof again here; the stop goes through once every re-run passes.",
      'CAP',
    ]);
    assert.match(rerunReason({ ...r, envSource: 'goal' }, 'CAP'), /PATH, HOME and locale recorded when the goal was frozen: nothing set/);
  });
});
