// The folder the meter keeps its state in, inside a workspace: its goal, seal, records, runner and
// gate scripts. Spelled once here; the workspace layer joins it in the platform's spelling.

/** Workspace-relative and `/`-separated, as git, globs and Claude Code's settings name it. */
export const METER_STATE_DIR = '.claude/proofmeter';
