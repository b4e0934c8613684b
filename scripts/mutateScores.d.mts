// Types of scripts/mutateScores.mjs for the unit tests that import it.
export interface MutantResult {
  id: string;
  status: string;
  mutatorName?: string;
  replacement?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
export interface Report {
  files: Record<string, { source: string; mutants: MutantResult[] }>;
}
export type Counts = Record<'Killed' | 'Timeout' | 'Survived' | 'NoCoverage', number>;
export function folderOf(file: string): string;
export function scores(report: Report): Array<[string, Counts]>;
export function table(rows: Array<[string, Counts]>): string;
export function survivors(report: Report, prefix?: string): string[];
export function listedPlaces(text: string): Set<string>;
export function unlisted(report: Report, equivalentsText: string, prefix?: string): string[];
export function stale(report: Report, equivalentsText: string, prefix?: string, complete?: Set<string> | null): string[];
export interface Progress {
  mutants: number;
  results: number;
  files: number;
  complete: number;
}
export function progress(report: Report, totals: Record<string, number>): Array<[string, Progress]>;
export function progressTable(rows: Array<[string, Progress]>): string;
