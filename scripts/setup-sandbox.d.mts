// Types for setup-sandbox.mjs (so TypeScript tests can import it).
/** Program on PATH → the Debian package that brings it. */
export declare const SANDBOX_PROGRAMS: Record<'bwrap' | 'socat' | 'rg', string>;
export declare function missingSandboxPrograms(): string[];
/** Null when the sandbox can run here (installing what is missing when root), else why not. */
export declare function sandboxUnavailableReason(): string | null;
/** Throws with the reason when the sandbox cannot run here. */
export declare function ensureSandbox(): void;
