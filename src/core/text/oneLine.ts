// A text shown on one line (a hook's fault reason, a tree item's label): its white space folded, so
// a newline in an error or an item cannot break the line, and cut to `max` characters with an
// ellipsis, so one long text cannot crowd out the rest.
export function oneLine(s: string, max: number): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}
