// Buttons that ask the host to open a file: a transcript at a line, or the plan at a line.
import type { ComponentChildren } from 'preact';
import { useActions } from '../actions';
import { transcriptLabel } from '../labels';

export interface TranscriptLinkProps {
  file: string;
  line: number;
  children?: ComponentChildren;
}

export function TranscriptLink({ file, line, children }: TranscriptLinkProps) {
  const { openTranscript } = useActions();
  return (
    <button type="button" class="pm-link" aria-label={`Open the ${transcriptLabel(file, line)}`} onClick={() => openTranscript(file, line)}>
      {children ?? `transcript line ${line}`}
    </button>
  );
}

export interface PlanLinkProps {
  line: number;
  label: string;
  children: ComponentChildren;
}

/** Opens the plan at a line; a line the host cannot open (below 1) shows as plain text. */
export function PlanLink({ line, label, children }: PlanLinkProps) {
  const { openPlan } = useActions();
  if (!(line >= 1)) return <span>{children}</span>;
  return (
    <button type="button" class="pm-link" aria-label={label} onClick={() => openPlan(line)}>
      {children}
    </button>
  );
}
