// The evidence browser's text filter, with a live count of what it shows.
export interface FilterBoxProps {
  value: string;
  shown: number;
  total: number;
  onInput: (value: string) => void;
}

export function FilterBox({ value, shown, total, onInput }: FilterBoxProps) {
  return (
    <div class="pm-filter" role="search">
      <label for="pm-filter-input" class="pm-sr-only">
        Filter items by id, text, proof or state
      </label>
      <input
        id="pm-filter-input"
        class="pm-input"
        type="search"
        placeholder="Filter by id, text, proof or state"
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <p class="pm-filter-count pm-muted" aria-live="polite">
        {value.trim() ? `${shown} of ${total} items match` : `${total} items`}
      </p>
    </div>
  );
}
