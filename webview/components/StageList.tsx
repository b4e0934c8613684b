// The seven stages, each with its mark (● ◐ ○ –), its state and its detail.
import { stageMark } from '../../src/core/tally/format';
import type { TallyView } from '../../src/protocol';
import { stageStateLabel } from '../labels';

export function StageList({ stages }: { stages: TallyView['stages'] }) {
  return (
    <ol class="pm-stages" aria-label="Stages">
      {stages.map((s) => (
        <li key={s.name} class={`pm-stage pm-stage-${s.state.replace(' ', '-')}`} data-stage={s.name}>
          <span class="pm-stage-mark" role="img" aria-label={stageStateLabel(s.state)}>
            {stageMark(s.state)}
          </span>
          <span class="pm-stage-name">{s.name}</span>
          <span class="pm-stage-detail">{s.detail}</span>
        </li>
      ))}
    </ol>
  );
}
