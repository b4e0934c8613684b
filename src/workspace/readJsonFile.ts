// A state file of the meter read through its schema. Missing, torn (a crash between writes), not
// JSON or not of the schema's shape: all are null, and each caller says what no file means to it
// (no cache entry yet, no count, nothing recorded).
import { readFileSync } from 'node:fs';
import type { z } from 'zod';

export function readJsonFile<T>(path: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T | null {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  const r = schema.safeParse(json);
  return r.success ? r.data : null;
}
