// What the webview keeps across reloads in vscode.setState: the last state and the browser's UI.
import { z } from 'zod';
import { viewStateSchema } from '../src/protocol';

export const persistedSchema = z.object({
  state: viewStateSchema.nullable(),
  filter: z.string(),
  expanded: z.array(z.string()),
});

export type Persisted = z.infer<typeof persistedSchema>;

export const EMPTY_PERSISTED: Persisted = { state: null, filter: '', expanded: [] };

/** The saved state when it still matches the protocol; a fresh start otherwise. */
export function readPersisted(saved: unknown): Persisted {
  if (saved === undefined || saved === null) return EMPTY_PERSISTED;
  const checked = persistedSchema.safeParse(saved);
  return checked.success ? checked.data : EMPTY_PERSISTED;
}
