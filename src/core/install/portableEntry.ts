// The Stop entry of settings a team shares. Like the machine's own form (nodeEntry.ts `stopEntry`)
// it lets the runner answer only when the runner is the file install copied, and it blocks when
// the runner fails; but only on a machine where a goal was frozen (the seal's inside copy exists).
// A teammate whose clone has no runner, or no node, is not held at every stop: nothing was frozen
// on their machine, so there is nothing to gate. The launcher (hookScript.ts) answers for node
// itself, with the same rule, and exits 2 with its own line when it blocks.

import { failedLine, notCopiedLine, runnerDigest } from './nodeEntry';

const PROJECT = '"$CLAUDE_PROJECT_DIR"';

/**
 * `run`: the launcher's command for the stop gate. The runner's answers always exit 0 (a block is
 * JSON); 2 is the launcher's own block. Anything else is a failure, which blocks where a seal is.
 */
export function portableStopEntry(run: string, runnerRel: string, runnerSha256: string | null): string {
  const seal = `${PROJECT}/${runnerRel.replace(/[^/]*$/, 'seal.json')}`;
  const launcher = `${PROJECT}/${runnerRel.replace(/[^/]*$/, 'hook.sh')}`;
  // e=9: not started (the runner is not install's copy, or the launcher is gone). dash exits 2 when
  // it cannot open a script, so the launcher must be there before its 2 means a block.
  const check = runnerSha256 && /^[0-9a-f]{64}$/.test(runnerSha256) ? `${runnerDigest(runnerRel)}; [ "\${h%% *}" = ${runnerSha256} ] && ` : '';
  return [
    `e=9; ${check}[ -e ${launcher} ] && { ${run}; e=$?; }`,
    '[ $e = 0 ] || [ $e = 2 ] && exit $e',
    `[ -e ${seal} ] || exit 0`,
    `[ $e = 9 ] && { ${notCopiedLine(runnerRel)}; exit 2; }`,
    `${failedLine('$e')}; exit 2`,
  ].join('; ');
}
