// The id a guard refusal carries, derived from the exact action: the tool, the folder and the
// command for Bash, the file and the edit for the file tools. Keys are read in a fixed order, so
// the same call written again by the model has the same digest.
import { createHash } from '../workspace/lazyCrypto';
import { resolve } from 'node:path';
import { canonicalJson } from '../core/install/configRule';
import { str } from './payload';

export function actionDigest(tool: string, input: Record<string, unknown>, cwd: string): string {
  const subject =
    tool === 'Bash'
      ? { tool, cwd, command: str(input.command) ?? '' }
      : { tool, path: resolve(cwd, str(input.file_path) ?? str(input.notebook_path) ?? ''), input: { ...input, file_path: undefined, notebook_path: undefined } };
  return createHash('sha256').update(canonicalJson(JSON.parse(JSON.stringify(subject)))).digest('hex');
}

export function allowanceId(digest: string): string {
  return `G-${digest.slice(0, 6)}`;
}

export const ALLOW_WORDS = /(?:^|[.!;\n]\s*)(?:please\s+)?allow\s+(G-[0-9a-f]{6})\b/gim;

/** The ids the person's words allow: "allow G-3fa9c2", at the start of a sentence (so "don't allow …" allows nothing). */
export function allowedIds(text: string): string[] {
  return [...new Set([...text.matchAll(ALLOW_WORDS)].map((m) => m[1]!.toLowerCase().replace(/^g/, 'G')))];
}
