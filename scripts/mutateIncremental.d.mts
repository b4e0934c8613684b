// Types for mutateIncremental.mjs (so its unit test can import it): the parts of a StrykerJS
// mutation-testing report (schema 1.0) that carryOver reads.
export interface ReportMutant {
  id: string;
  status: string;
  coveredBy?: string[];
  killedBy?: string[];
  [field: string]: unknown;
}
export interface Report {
  files: Record<string, { mutants: ReportMutant[]; [field: string]: unknown }>;
  testFiles?: Record<string, { tests: Array<{ id: string; name: string }>; [field: string]: unknown }>;
  [field: string]: unknown;
}
/** The next report with the files of the previous one that it does not have. */
export declare function carryOver(previous: Report, next: Report): Report;
