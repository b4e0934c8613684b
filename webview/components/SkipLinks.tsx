// Skip links: the dashboard has dozens of tab stops (links, buttons, rows), so its first stop lists
// the sections and moves the focus to the one chosen. Hidden until it has the focus.
const SECTIONS: ReadonlyArray<[string, string]> = [
  ['pm-goal', 'Goal tally'],
  ['pm-expectations', 'Expectations'],
  ['pm-ledger', 'Evidence ledger'],
  ['pm-seal', 'Seal findings'],
  ['pm-hooks', 'Hook health'],
];

export function SkipLinks() {
  const go = (id: string) => {
    const heading = document.getElementById(`${id}-title`);
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus();
  };
  return (
    <nav class="pm-skip" aria-label="Skip to a section">
      {SECTIONS.map(([id, title]) => (
        <button key={id} type="button" class="pm-link" onClick={() => go(id)}>
          Skip to {title}
        </button>
      ))}
    </nav>
  );
}
