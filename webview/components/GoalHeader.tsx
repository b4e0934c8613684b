// The goal's title, its plan file, how its list was frozen, and the protection in force. Its colour
// is the status bar's (core/tally/severity.ts): never calm while the status bar is red.
import type { Severity } from '../../src/core/tally/severity';
import type { TallyView } from '../../src/protocol';
import { frozenText } from '../labels';
import { PlanLink } from './Links';
import { ProtectionLine } from './ProtectionLine';
import { Time } from './Time';

export function GoalHeader({ tally, severity = 'ok' }: { tally: TallyView; severity?: Severity }) {
  const g = tally.goal;
  return (
    <header class={`pm-header pm-header-${severity}`} data-severity={severity}>
      <h1 class="pm-title">{g.title ?? 'Untitled plan'}</h1>
      <p class="pm-meta">
        {g.planPath ? (
          <PlanLink line={1} label={`Open the plan ${g.planPath}`}>
            <code>{g.planPath}</code>
          </PlanLink>
        ) : (
          <span>no plan file</span>
        )}
        <span class="pm-sep" aria-hidden="true">
          ·
        </span>
        <span class="pm-frozen">
          {frozenText(g)}
          {g.frozenAt && g.frozenBy !== 'given' ? (
            <>
              {' '}
              <Time iso={g.frozenAt} />
            </>
          ) : null}
        </span>
        <span class="pm-sep" aria-hidden="true">
          ·
        </span>
        <span>{tally.sessions === 1 ? '1 session' : `${tally.sessions} sessions`}</span>
        {tally.unreadableLines ? (
          <>
            <span class="pm-sep" aria-hidden="true">
              ·
            </span>
            <span class="pm-warn-text">{tally.unreadableLines} unreadable transcript line(s) skipped</span>
          </>
        ) : null}
        {tally.unreadableFiles.length ? (
          <>
            <span class="pm-sep" aria-hidden="true">
              ·
            </span>
            <span class="pm-warn-text" title={tally.unreadableFiles.map((f) => `${f.file} (${f.code})`).join('\n')}>
              {tally.unreadableFiles.length} transcript file(s) could not be read
            </span>
          </>
        ) : null}
      </p>
      {tally.protection ? <ProtectionLine protection={tally.protection} /> : null}
    </header>
  );
}
