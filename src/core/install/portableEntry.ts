// The Stop entry of settings a team shares. Like the machine's own form (nodeEntry.ts `stopEntry`)
// it lets the runner answer only when the runner is the file install copied, and it blocks when
// the runner fails; but only on a machine where a goal was frozen (the seal's inside copy exists).
// A teammate whose clone has no runner, or no node, is not held at every stop: nothing was frozen
// on their machine, so there is nothing to gate. The launcher (hookScript.ts) answers for node
// itself, with the same rule, and exits 2 with its own line when it blocks.

import { STOP_FALLBACK_MESSAGE } from './nodeEntry';

const PROJECT = '"$CLAUDE_PROJECT_DIR"';

/**
 * `run`: the launcher's command for the stop gate. The runner's answers always exit 0 (a block is
 * JSON); 2 is the launcher's own block. Anything else is a failure, which blocks where a seal is.
 */
export function portableStopEntry(run: string, runnerRel: string, runnerSha256: string | null): string {
  const seal = `${PROJECT}/${runnerRel.replace(/[^/]*$/, 'seal.json')}`;
  const fallback = `[ -e ${seal} ] || exit 0; echo "${STOP_FALLBACK_MESSAGE} (exit $e: its runner is missing, failed, cannot start or is not the one proofmeter install copied); run proofmeter doctor" >&2; exit 2`;
  const launcher = `${PROJECT}/${runnerRel.replace(/[^/]*$/, 'hook.sh')}`;
  if (!runnerSha256 || !/^[0-9a-f]{64}$/.test(runnerSha256)) return `e=9; [ -e ${launcher} ] && { ${run}; e=$?; }; [ $e = 0 ] || [ $e = 2 ] && exit $e; ${fallback}`;
  const digest = `h=$( (sha256sum || shasum -a 256) 2>/dev/null < ${PROJECT}/${runnerRel})`;
  // dash exits 2 when it cannot open a script: the launcher must be there before its 2 means a block.
  return `${digest}; e=9; [ "\${h%% *}" = ${runnerSha256} ] && [ -e ${launcher} ] && { ${run}; e=$?; }; [ $e = 0 ] || [ $e = 2 ] && exit $e; ${fallback}`;
}
