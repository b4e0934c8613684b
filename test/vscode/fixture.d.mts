// Types for fixture.mjs, which the extension-host suite (TypeScript) imports too.
export declare const ROOT: string;
export declare const DEMO: string;
export declare const FIXTURE_PLAN: string;
export declare function recordedSession(name?: string): { dir: string; main: string };
export declare function projectSlug(cwd: string): string;
export interface Fixture {
  ws: string;
  origin: string;
  home: string;
  transcriptDir: string;
  transcript: string;
}
export declare function makeFixture(opts: { root: string; name: string; home: string; cli?: string; session?: string }): Fixture;
export declare function appendBashRun(transcript: string, command: string, opts?: { exit?: number; output?: string }): string;
export declare function makeFreshFolder(opts: { root: string; name: string }): { ws: string };
