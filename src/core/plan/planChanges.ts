// How a plan differs from the list frozen from it. An item is known by its key (list and text), so
// an item edited after approval looks like a new one to the tally; people know it by its id, and it
// reads "changed after approval" when an item of the frozen list has that id.
export interface PlanChanges {
  /** Same id as a frozen item, different text or proof. */
  changed: string[];
  /** An id the frozen list does not have. */
  added: string[];
  /** A frozen id the plan no longer has. */
  removed: string[];
}

interface Keyed {
  id: string;
  key: string;
}

export function planChanges(frozen: readonly Keyed[], current: readonly Keyed[]): PlanChanges {
  const frozenKeys = new Set(frozen.map((i) => i.key));
  const frozenIds = new Set(frozen.map((i) => i.id));
  const currentIds = new Set(current.map((i) => i.id));
  const fresh = current.filter((i) => !frozenKeys.has(i.key));
  return {
    changed: fresh.filter((i) => frozenIds.has(i.id)).map((i) => i.id),
    added: fresh.filter((i) => !frozenIds.has(i.id)).map((i) => i.id),
    removed: frozen.filter((i) => !currentIds.has(i.id)).map((i) => i.id),
  };
}

/** The tally's `added` entries split by whether a frozen item has their id (items: the frozen list). */
export function splitAdded<A extends { id: string }>(added: readonly A[], items: ReadonlyArray<{ id: string }>): { changed: A[]; added: A[] } {
  const ids = new Set(items.map((i) => i.id));
  return { changed: added.filter((a) => a.id !== '' && ids.has(a.id)), added: added.filter((a) => a.id === '' || !ids.has(a.id)) };
}
