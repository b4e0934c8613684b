// Types for mutationBaseline.mjs (so TypeScript tests can import it).
export declare const BASELINE: string;
export declare function seedIncremental(incremental: string, baseline?: string): boolean;
export declare function saveBaseline(incremental: string, baseline?: string): boolean;
