// The dashboard panel: goal, tally, stages, expectations, ledger, seal findings and hook health.
import { useEffect } from 'preact/hooks';
import type { ViewState } from '../../src/protocol';
import { formatTime } from '../time';
import { itemDomKey } from '../items';
import { revealedItem, viewKind, type Reveal } from '../viewKind';
import { CommandBar, commandsFor } from './CommandBar';
import { ContextMeter } from './ContextMeter';
import { EvidenceLedger } from './EvidenceLedger';
import { ExpectationsTable, rowId } from './ExpectationsTable';
import { GoalHeader } from './GoalHeader';
import { IntegrityBanner } from './IntegrityBanner';
import { tallySeverity } from '../../src/core/tally/severity';
import { HookHealth } from './HookHealth';
import { PendingNotice } from './PendingNotice';
import { PlanFindings } from './PlanFindings';
import { SealFindings } from './SealFindings';
import { Section } from './Section';
import { SkipLinks } from './SkipLinks';
import { StageList } from './StageList';
import { TallySummary } from './TallySummary';
import { VerifierResults } from './VerifierResults';
import { ViewFrame } from './ViewFrame';

export function Dashboard({ state, reveal }: { state: ViewState | null; reveal: Reveal | null }) {
  const kind = viewKind(state);
  const tally = kind === 'goal' ? state!.tally : null;
  const revealed = revealedItem(tally, reveal);
  const revealSeq = reveal?.seq;
  const revealedRow = revealed ? rowId(revealed) : null;

  useEffect(() => {
    if (!revealedRow) return;
    const row = document.getElementById(revealedRow);
    row?.scrollIntoView?.({ block: 'center' });
    row?.focus();
  }, [revealSeq, revealedRow]);

  return (
    <ViewFrame state={state} kind={kind} class="pm-dashboard" label="Proofmeter dashboard">
      {tally ? (
        <>
          <SkipLinks />
          <IntegrityBanner seal={state!.seal} />
          <GoalHeader tally={tally} severity={tallySeverity(tally, state!.fault)} />
          {/* The integrity banner's remedy is the surface's one primary button while it shows. */}
          <CommandBar commands={commandsFor(state!.gates)} secondary={state!.seal.some((f) => f.holds && !f.accepted)} />
          <Section id="pm-goal" title="Goal tally">
            <TallySummary tally={tally} severity={tallySeverity(tally, state!.fault)} />
            <PendingNotice items={tally.items} />
            <StageList stages={tally.stages} />
          </Section>
          <PlanFindings findings={tally.findings} />
          <ExpectationsTable tally={tally} revealKey={revealed ? itemDomKey(revealed) : null} />
          <VerifierResults verifier={tally.verifier} />
          <EvidenceLedger ledger={tally.ledger} />
        </>
      ) : null}
      {state && kind !== 'goal' ? <CommandBar secondary commands={commandsFor(state.gates).filter((c) => c.command !== 'proofmeter.verify')} /> : null}
      {state && kind !== 'loading' ? (
        <>
          {tally ? <SealFindings seal={state.seal} sealed={state.sealed} /> : null}
          <ContextMeter sessions={state.context} />
          <HookHealth gates={state.gates} />
          <p class="pm-updated pm-muted">
            Updated <time dateTime={state.updatedAt}>{formatTime(state.updatedAt)}</time>
          </p>
        </>
      ) : null}
    </ViewFrame>
  );
}
