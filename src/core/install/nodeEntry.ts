// How an installed entry starts the runner, and the Stop entry's own check. Entries name the
// absolute node recorded at install, never `node` on PATH: a PATH changed for hooks (an `env` in
// settings, a GUI-launched editor) must not decide which program answers the stop gate. The Stop
// entry also blocks on its own when the runner cannot answer: missing, not the file install
// copied (its SHA-256 is in the entry), or node not found. Claude Code reads exit 2 from a Stop
// hook as a block and shows its stderr, so a dead runner keeps the gate closed (Claude Code's own
// cap still bounds it) instead of letting the stop through unchecked.

/** The node an entry runs. `electron`: VS Code's binary, which runs as node only with ELECTRON_RUN_AS_NODE. */
export interface HookNode {
  path: string;
  electron: boolean;
}

/** A path that can be written inside double quotes in sh as it is. */
export function quotableNode(path: string): boolean {
  return path.startsWith('/') && !/["$`\\\n]/.test(path);
}

/** The words that start node in an entry: `"/abs/node"`, or `node` when none was recorded. */
export function nodeWords(node: HookNode | null): string {
  if (!node || !quotableNode(node.path)) return 'node';
  return node.electron ? `ELECTRON_RUN_AS_NODE=1 "${node.path}"` : `"${node.path}"`;
}

/** The node an installed entry names, when it names one. */
export function nodeOfCommand(command: string): string | null {
  const m = /"(\/[^"$`\\]*)" "\$CLAUDE_PROJECT_DIR"\/\.claude\/proofmeter\/proofmeter\.js /.exec(command);
  return m?.[1] ?? null;
}

export const STOP_FALLBACK_MESSAGE = 'Proofmeter: the stop gate could not run';

/** sh: the runner's SHA-256 into `h` (sha256sum on Linux, shasum on macOS). */
export function runnerDigest(runnerRel: string): string {
  return `h=$( (sha256sum || shasum -a 256) 2>/dev/null < "$CLAUDE_PROJECT_DIR"/${runnerRel})`;
}

/** sh: the Stop entry's line when the runner ran and failed; `status` is the sh word holding its exit. */
export function failedLine(status: string): string {
  return `echo "${STOP_FALLBACK_MESSAGE} (exit ${status}: its runner is missing, failed or cannot start); run proofmeter doctor" >&2`;
}

/** sh: the Stop entry's line when the runner is not the file install copied. */
export function notCopiedLine(runnerRel: string): string {
  return `echo "${STOP_FALLBACK_MESSAGE}: its runner ${runnerRel} is missing or is not the one proofmeter install copied; run proofmeter doctor" >&2`;
}

/**
 * The Stop entry around `run` (the runner's command). With `runnerSha256`, the runner must be the
 * file install copied before it may answer; a runner that exits other than 0 blocks too.
 */
export function stopEntry(run: string, runnerRel: string, runnerSha256: string | null): string {
  const fallback = `{ ${failedLine('$?')}; exit 2; }`;
  if (!runnerSha256 || !/^[0-9a-f]{64}$/.test(runnerSha256)) return `${run} || ${fallback}`;
  // stderr first, so a missing runner's "cannot open" is not printed before the one line.
  const digest = runnerDigest(runnerRel);
  const changed = `{ ${notCopiedLine(runnerRel)}; exit 2; }`;
  return `${digest}; [ "\${h%% *}" = ${runnerSha256} ] || ${changed}; ${run} || ${fallback}`;
}
