// View states for the webview tests, built from real tallies: Markdown plans evaluated by the
// engine against the recorded Claude Code transcripts in test/fixtures/lab.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeTally } from '../../src/core/tally/tally';
import type { GitFacts } from '../../src/core/tally/gitFacts';
import { viewStateSchema, type TallyView, type ViewState } from '../../src/protocol';
import { derive, indexOf, isNoticeAttachment, isTypedPrompt } from '../unit/helpers/derive';
import { evaluate, FIXTURES, labTranscript, planOf } from '../unit/helpers/fixtures';

const code = (c: string) => '`' + c + '`';
/** A clean tree whose branch the remote itself holds (gitPast.ts: push is read from the remote, not the tracking ref). */
export const clean: GitFacts = {
  root: '/home/dev/main/proj',
  dirty: [],
  hasRemote: true,
  upstream: 'origin/main',
  ahead: 0,
  remote: { recorded: null, remotes: [{ name: 'origin', url: '/home/dev/origin.git' }], upstreamRemote: 'origin', answer: { kind: 'has-head', ref: 'refs/heads/main' } },
};
const main = labTranscript('main');

export const UPDATED_AT = '2026-11-29T23:30:00.000Z';

/** A view state around a tally, checked against the protocol the way the host's message would be. */
export function viewState(tally: TallyView | null, extra: Partial<ViewState> = {}): ViewState {
  const state = { tally: tally ? (JSON.parse(JSON.stringify(tally)) as unknown) : null, fault: null, gates: [], seal: [], sealed: false, trusted: true, updatedAt: UPDATED_AT, ...extra };
  return viewStateSchema.parse(state);
}

/** Under way: proved, failed, timed out, a subagent's run, unrun, a person's and a later item. */
export const underWayPlan = `# Ship the parser

## Steps
- **S1.** Greet. Proof: ${code('echo hello-from-bash; echo to-stderr >&2')}
- **S2.** Match. Proof: ${code('grep -q nomatch /etc/hostname')}
- **S3.** Exit. Proof: ${code('echo before-exit; echo err-before-exit >&2; exit 3')}
- **S6.** Delegate. Proof: ${code('echo from-subagent')}
- **S7.** Write. Proof: ${code('sleep 1; cat out.txt')}
- **S9.** Ask. Proof: human — your answer names S9
- **S10.** Release. Proof: later — the release build after approval

## Checks
- **V1.** Background. Proof: ${code('sleep 2; echo done-bg')}
- **V2.** Unrun. Proof: ${code('npm test')}
`;

export function underWayTally(): TallyView {
  return evaluate(underWayPlan, [main], { git: clean });
}

/** All done: every Claude item proved, a clean tree on its upstream. */
export const allDonePlan = `# Ship it

## Steps
- **S1.** Greet. Proof: ${code('echo hello-from-bash; echo to-stderr >&2')}
- **S7.** Write. Proof: ${code('sleep 1; cat out.txt')}

## Checks
- **V1.** Background. Proof: ${code('sleep 2; echo done-bg')}
`;

export function allDoneTally(): TallyView {
  return evaluate(allDonePlan, [main], { git: clean });
}

/** Pending: the background run's completion notice removed from the recording. */
export function pendingTally(): TallyView {
  const file = derive(main, (rs) => {
    rs.splice(indexOf(rs, isNoticeAttachment, 'notice attachment'), 1);
    return rs;
  });
  return evaluate(planOf({ S1: code('sleep 2; echo done-bg'), S2: code('echo hello-from-bash; echo to-stderr >&2') }), [file], { git: clean });
}

/** A near match: the run holds the proof but is a longer command, so it does not count. */
export function differentCommandTally(): TallyView {
  return evaluate(planOf({ S1: code('echo hello-from-bash') }), [main], { git: clean });
}

/** The plan gate's refusals, from test/fixtures/plans/refused.md. */
export function refusedTally(): TallyView {
  return evaluate(readFileSync(join(FIXTURES, 'plans', 'refused.md'), 'utf8'), [main]);
}

/** A goal whose plan file lists nothing (the frozen list is empty and the file is gone). */
export function noPlanTally(): TallyView {
  return computeTally({
    goal: { title: 'Empty goal', planPath: 'PLAN.md', frozenBy: 'adopt', frozenAt: '2026-11-29T22:00:00.000Z' },
    items: [],
    findings: [],
    added: [],
    transcripts: [],
    git: clean,
    home: '/home/dev',
    countSdkPrompts: false,
  });
}

/** What the engine reports for a workspace that has no goal: an empty goal, not a null tally. */
export function noGoalTally(): TallyView {
  return computeTally({
    goal: { title: null, planPath: null, frozenBy: null, frozenAt: null },
    items: [],
    findings: [],
    added: [],
    transcripts: [],
    git: clean,
    home: '/home/dev',
    countSdkPrompts: false,
  });
}

export const GATES: ViewState['gates'] = [
  { gate: 'plan gate', armed: true, detail: 'PreToolUse ExitPlanMode entry present', lastFired: '2026-11-29T22:10:00.000Z', statusLine: false },
  { gate: 'stop gate', armed: false, detail: 'runner missing: dist/proofmeter.js', lastFired: null, statusLine: false },
  { gate: 'status line [statusLine]', armed: false, detail: 'no statusLine in any settings file', lastFired: null, statusLine: true },
];

/** A person's item closed by typed words naming it, and one still waiting on them. */
export function closedByWordsTally(): TallyView {
  const file = derive(labTranscript('tui'), (rs) => {
    const i = indexOf(rs, isTypedPrompt, 'typed prompt');
    rs[i] = { ...rs[i], message: { ...rs[i]!.message, content: 'H1 is fine by me' } };
    return rs;
  });
  return evaluate(planOf({ H1: 'human — your answer names H1', H2: 'human — your answer names H2' }), [file], { git: clean });
}
