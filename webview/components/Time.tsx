// A time from the transcript: local and readable, with the ISO original for machines.
import { formatTime } from '../time';

export function Time({ iso }: { iso: string | null }) {
  if (!iso) return <span class="pm-muted">no time</span>;
  return (
    <time dateTime={iso} title={iso}>
      {formatTime(iso)}
    </time>
  );
}
