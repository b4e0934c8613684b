// The extension's settings (contributes.configuration), each read and checked on its own: a value
// of the wrong type is reported in the log and the default is used, never half-applied.
import { z } from 'zod';

const SCHEMAS = {
  showGitItem: z.boolean(),
  notifyOnFailure: z.boolean(),
  cliPath: z.string().refine((p) => p === '' || /\.js$/.test(p), 'must be empty or the path of a proofmeter.js'),
} as const;

export type Settings = { [K in keyof typeof SCHEMAS]: z.infer<(typeof SCHEMAS)[K]> };

export const DEFAULT_SETTINGS: Settings = { showGitItem: true, notifyOnFailure: false, cliPath: '' };

export const SETTING_KEYS = Object.keys(SCHEMAS) as Array<keyof Settings>;

/** get: the configuration section's getter (undefined for a setting nobody set). */
export function readSettings(get: (key: string) => unknown, warn: (message: string) => void): Settings {
  const out = { ...DEFAULT_SETTINGS } as Record<keyof Settings, unknown>;
  for (const key of SETTING_KEYS) {
    const raw = get(key);
    if (raw === undefined) continue;
    const parsed = SCHEMAS[key].safeParse(raw);
    if (parsed.success) out[key] = parsed.data;
    else warn(`setting proofmeter.${key} ignored (${parsed.error.issues[0]?.message ?? 'wrong type'}); using ${JSON.stringify(DEFAULT_SETTINGS[key])}`);
  }
  return out as Settings;
}
