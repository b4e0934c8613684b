// No goal yet: what Proofmeter does and the two ways to give it a goal.
import { CommandBar } from './CommandBar';

export function EmptyGoal() {
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
        To set a goal, run <strong>Proofmeter: Set Goal</strong> and paste its <code>/goal</code> line into Claude Code, or run{' '}
        <strong>Proofmeter: Adopt Plan</strong> to adopt a plan file you already have.
      </p>
      <CommandBar
        label="Set a goal"
        commands={[
          { command: 'proofmeter.setGoal', label: 'Set Goal' },
          { command: 'proofmeter.adoptPlan', label: 'Adopt Plan' },
        ]}
      />
    </section>
  );
}
