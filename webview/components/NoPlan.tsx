// A goal whose plan lists no items: how to write them.
export function NoPlan({ planPath }: { planPath: string | null }) {
  return (
    <div class="pm-empty pm-empty-inline">
      <h3 class="pm-empty-title">No plan items</h3>
      <p>
        {planPath ? (
          <>
            The plan <code>{planPath}</code> lists no items yet.
          </>
        ) : (
          'There is no plan file for this goal.'
        )}{' '}
        Write each step as <code>- S1. What to do. Proof: `npm test`</code> under a heading such as <code>## Steps</code> or{' '}
        <code>## Checks</code>, then approve the plan in Claude Code or run <strong>Proofmeter: Adopt Plan</strong>.
      </p>
    </div>
  );
}
