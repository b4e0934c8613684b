// What every hook handler is given besides its input.
export interface HookContext {
  /** The workspace root: $CLAUDE_PROJECT_DIR, else the payload's cwd. */
  workspace: string;
  env: NodeJS.ProcessEnv;
  now: () => Date;
}
