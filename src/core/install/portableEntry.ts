// The Stop entry of settings a team shares. Like the machine's own form (nodeEntry.ts `stopEntry`)
// it lets the runner answer only when the runner is the file install copied, and it blocks when
// the runner fails; but only on a machine where a goal was frozen (the seal's inside copy exists).
// A teammate whose clone has no runner, or no node, is not held at every stop: nothing was frozen
// on their machine, so there is nothing to gate. The launcher (hookScript.ts) answers for node
// itself, with the same rule, and exits 2 with its own line when it blocks.

import { sha256Hex } from '../evidence/sha256';
import { HOOK_SCRIPT, HOOK_SCRIPT_REL } from './hookScript';
import { STOP_FALLBACK_MESSAGE, failedLine, notCopiedLine, runnerDigest } from './nodeEntry';

const PROJECT = '"$CLAUDE_PROJECT_DIR"';

/**
 * `run`: the launcher's command for the stop gate. The runner's answers always exit 0 (a block is
 * JSON); 2 is the launcher's own block. Anything else is a failure, which blocks where a seal is.
 * The launcher is checked against its own text as install writes it, as the runner is against its
 * digest: the stop gate's answer comes through it, so a launcher rewritten to `exit 0` must not pass.
 */
export function portableStopEntry(run: string, runnerRel: string, runnerSha256: string | null): string {
  const dir = runnerRel.replace(/\/[^/]*$/, '');
  const seal = `${PROJECT}/${dir}/seal.json`;
  const launcher = `${PROJECT}/${HOOK_SCRIPT_REL}`;
  const hasDigest = runnerSha256 !== null && /^[0-9a-f]{64}$/.test(runnerSha256);
  // e=9: the runner is not install's copy; e=8: nor is the launcher. dash exits 2 when it cannot
  // open a script, so the launcher must be there before its 2 means a block.
  const start = hasDigest
    ? `e=9; ${runnerDigest(runnerRel)}; [ "\${h%% *}" = ${runnerSha256} ] && { e=8; l=$( (sha256sum || shasum -a 256) 2>/dev/null < ${launcher}); [ "\${l%% *}" = ${sha256Hex(HOOK_SCRIPT)} ] && { ${run}; e=$?; }; }`
    : `e=9; [ -e ${launcher} ] && { ${run}; e=$?; }`;
  return [
    start,
    '[ $e = 0 ] || [ $e = 2 ] && exit $e',
    `[ -e ${seal} ] || exit 0`,
    `[ $e = 9 ] && { ${notCopiedLine(runnerRel)}; exit 2; }`,
    `[ $e = 8 ] && { echo "${STOP_FALLBACK_MESSAGE}: its launcher ${HOOK_SCRIPT_REL} is missing or is not the one proofmeter install wrote; run proofmeter install" >&2; exit 2; }`,
    `${failedLine('$e')}; exit 2`,
  ].join('; ');
}
