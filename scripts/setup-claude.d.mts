// Types for setup-claude.mjs (so TypeScript tests can import it).
export declare const CLAUDE_VERSION: string;
export declare const CLAUDE_PACKAGE: string;
/** Where the CLI is installed: <repo>/.cache/claude-code. */
export declare function claudePrefix(root?: string): string;
/** <prefix>/node_modules/.bin/claude */
export declare function claudeBinPath(root?: string): string;
/** Installs the pinned CLI if needed; resolves to the absolute path of its binary. */
export declare function ensureClaude(root?: string): Promise<string>;
