// A Claude Code settings file as the tests read and edit it: the keys the meter writes or checks,
// typed, and every other key kept as it is (passthrough), so an edit written back loses nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

const hookCommandSchema = z.object({ type: z.string(), command: z.string(), timeout: z.number().optional() }).passthrough();
const hookGroupSchema = z.object({ matcher: z.string().optional(), hooks: z.array(hookCommandSchema) }).passthrough();

export const settingsJsonSchema = z
  .object({
    hooks: z.record(z.array(hookGroupSchema)).optional(),
    env: z.record(z.string()).optional(),
    permissions: z.object({ allow: z.array(z.string()).optional() }).passthrough().optional(),
    disableAllHooks: z.boolean().optional(),
    allowManagedHooksOnly: z.boolean().optional(),
    statusLine: z.object({ type: z.string(), command: z.string() }).passthrough().optional(),
  })
  .passthrough();
export type SettingsJson = z.infer<typeof settingsJsonSchema>;

/** Parses settings (an object or a file's text) of the shape above; another shape fails the test. */
export function settingsJson(value: unknown): SettingsJson {
  return settingsJsonSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/** Reads a settings file (a missing one as `{}`), lets `edit` change it, and writes it back. */
export function editSettings(path: string, edit: (s: SettingsJson) => void): void {
  const s = existsSync(path) ? settingsJson(readFileSync(path, 'utf8')) : {};
  edit(s);
  writeFileSync(path, JSON.stringify(s, null, 2));
}

/** The hook groups of one event, failing the test when the event has none. */
export function groupsOf(s: SettingsJson, event: string): z.infer<typeof hookGroupSchema>[] {
  const groups = s.hooks?.[event];
  if (!groups) throw new Error(`no ${event} hooks in ${JSON.stringify(s)}`);
  return groups;
}
