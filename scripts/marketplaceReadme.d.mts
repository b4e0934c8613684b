// Types of scripts/marketplaceReadme.mjs for the unit tests that import it.
export interface Where {
  repo: string;
  branch: string;
}
export interface RepoFiles {
  /** A repository file's text, or undefined when there is none (or it is a folder). */
  read(path: string): string | undefined;
  isDir(path: string): boolean;
}
export const ROOT: string;
export const OUT: string;
export const SETUP_COMMANDS: readonly string[];
export const WORD_LIMIT: number;
export const FIRST_SCREEN_LINES: number;
export function repoOf(manifest: { repository?: string | { url?: string } }): string;
export function absoluteUrl(url: string, isImage: boolean, where: Where): string;
export function absoluteLinks(markdown: string, where: Where): string;
export function marketplaceReadme(readme: string, where: Where): string;
export function headingAnchors(markdown: string): Set<string>;
export function wordCount(text: string): number;
export function firstScreen(markdown: string): { lines: string[]; steps: boolean };
export function marketplaceProblems(markdown: string, files: RepoFiles, where: Where): string[];
export function setupCommands(markdown: string): string[];
export function readmeProblems(markdown: string, files: RepoFiles, where: Where): string[];
export function docProblems(markdown: string, path: string, files: RepoFiles, where: Where): string[];
export function repoFiles(root?: string): RepoFiles;
export function whereOf(root?: string): Where;
export function writeMarketplaceReadme(options?: { root?: string; out?: string }): { out: string; problems: string[]; words: number };
