// What keeps the agent off the meter's files, under the goal's header: the level as a badge, and
// beside it what would make it stronger. `guard only` is a warning: the guard's reading of bash is
// all there is, so the reasons and the remedy are shown in full, not muted.
import type { ProtectionView } from '../../src/protocol';

export function ProtectionLine({ protection }: { protection: ProtectionView }) {
  const guardOnly = protection.level === 'guard only';
  return (
    <p class={`pm-protection${guardOnly ? ' pm-protection-warn' : ''}`} data-level={protection.level}>
      <span class={`pm-badge ${guardOnly ? 'pm-tone-pending' : 'pm-tone-passed'}`}>
        <span class="pm-badge-mark" aria-hidden="true">
          {guardOnly ? '⚠' : '✓'}
        </span>
        {`Protection: ${protection.level}`}
      </span>
      {guardOnly ? (
        <span class="pm-warn-text">
          {protection.reasons.length ? `Warning: ${protection.reasons.join('; ')}.` : 'Warning: no kernel boundary.'}
          {protection.remedy ? ` To fix it: ${protection.remedy}.` : null}
        </span>
      ) : protection.remedy ? (
        <span class="pm-muted">{protection.remedy}</span>
      ) : null}
    </p>
  );
}
