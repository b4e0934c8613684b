// No goal yet: what Proofmeter does, one primary action (Adopt Plan: freeze a plan now), and how
// the other way in differs (Set Goal: a /goal line for a walk-away session), with the walkthrough.
import { useActions } from '../actions';

export function EmptyGoal() {
  const { canRunCommands, runCommand } = useActions();
  return (
    <section class="pm-empty" aria-labelledby="pm-empty-title">
      <div class="pm-empty-mark" aria-hidden="true">
        ○
      </div>
      <h1 id="pm-empty-title" class="pm-empty-title">
        No goal yet
      </h1>
      <p>Proofmeter counts a plan’s items only when each item’s proof command ran in the main session and exited cleanly.</p>
      <p>
        <strong>Adopt Plan</strong> freezes a plan file now: its items become the goal and the meter starts counting.{' '}
        <strong>Set Goal</strong> instead gives you a <code>/goal</code> line to paste into Claude Code for a walk-away session: the prompt
        hook freezes the plan when you send it, and the stop gate keeps Claude at it until every proof passes.
      </p>
      {canRunCommands ? (
        <>
          <div class="pm-commands" role="group" aria-label="Set a goal">
            <button type="button" class="pm-button" onClick={() => runCommand('proofmeter.adoptPlan')}>
              Adopt Plan
            </button>
          </div>
          <p class="pm-empty-more">
            <button type="button" class="pm-link" onClick={() => runCommand('proofmeter.setGoal')}>
              Set Goal for a walk-away session
            </button>
            <span class="pm-sep" aria-hidden="true">
              ·
            </span>
            <button type="button" class="pm-link" onClick={() => runCommand('proofmeter.start')}>
              New here? Open the walkthrough
            </button>
          </p>
        </>
      ) : null}
    </section>
  );
}
