// What a Claude Code settings file is when the meter reads it, for the seal, a session's settings
// view and the doctor alike: not there, there but not a JSON object, or read.
import { z } from 'zod';

export const settingsFileStateSchema = z.enum(['absent', 'invalid', 'ok']);
export type SettingsFileState = z.infer<typeof settingsFileStateSchema>;
