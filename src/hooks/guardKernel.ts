// The guard when the kernel is the boundary (the session's kernel marker, core/install/kernelMarker.ts):
// Claude Code's sandbox already keeps the agent's shell off the meter's files, so the guard is a
// speed bump with three rules, read from the command's words as the shell splits them and nothing
// more: no escape from the sandbox while a goal is frozen, the repository's stated policies (no
// hook skipping, no force push, no reset --hard), and an early, friendly refusal of a command that
// names the meter's files literally where it writes. The sh front (core/install/guardScript.ts)
// answers every command these rules cannot refuse without starting node; a command they may refuse
// comes here, so the same command gets the same answer either way.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { kernelMarkerRel } from '../core/install/kernelMarker';
export { SANDBOX_REASON } from '../core/install/guardKernelFront';
import { goalPath } from '../workspace/goalState';
import { gitCall } from '../core/findings/gitActions';
import { parse, type AndOr } from '../core/shell/parse';
import { gateChange } from '../core/shell/runner';
import { isInterpreter, stripPrefix, verbName } from '../core/shell/verbs';
import type { BashFinding } from './bashWrites';
import { isWriteRedirect, writesWhatItIsGiven } from './bashWords';
import { mentionsProtected } from './protectedPaths';

/** Whether the SessionStart hook marked this session as one the kernel protects. */
export function underKernel(workspace: string, sessionId: string | null | undefined): boolean {
  const rel = sessionId ? kernelMarkerRel(sessionId) : null;
  return rel !== null && existsSync(join(workspace, rel));
}

/** Whether the call asks Claude Code to run the command outside the sandbox while a goal is frozen. */
export function leavesSandbox(toolInput: Record<string, unknown>, workspace: string): boolean {
  return toolInput.dangerouslyDisableSandbox === true && existsSync(goalPath(workspace));
}

/** A word naming the meter's files, or the `.claude` folder whole (which holds them). */
function namesMeter(word: string): boolean {
  return mentionsProtected(word) || /^(?:\.\/)?\.claude\/*$/.test(word);
}

/** How deep substitutions are read; the kernel refuses what hides deeper. */
const MAX_DEPTH = 4;

/** What the kernel-mode guard refuses in a Bash command, from its words only (no scope, no files read). */
export function kernelBashFindings(command: string, depth = 0): BashFinding[] {
  if (depth > MAX_DEPTH) return [];
  const { list, subs } = parse(command);
  const found: BashFinding[] = [];
  readList(list, found);
  for (const sub of subs) found.push(...kernelBashFindings(sub, depth + 1));
  return found;
}

function readList(list: readonly AndOr[], found: BashFinding[]): void {
  for (const c of list.flatMap((ao) => ao.pipelines.flatMap((p) => p.commands))) {
    for (const r of c.redirects) {
      const target = r.target?.value ?? '';
      if (isWriteRedirect(r.op, target) && namesMeter(target)) found.push({ target, kind: 'state', how: `${r.op} redirect` });
    }
    if (c.kind === 'subshell') {
      readList(c.list, found);
      continue;
    }
    const words = c.words.map((w) => w.value);
    for (const a of gitCall(words)?.actions ?? []) if (a.kind !== 'discard') found.push({ target: a.what, kind: 'git', how: a.kind });
    const call = gateChange(words);
    if (call) found.push({ target: `proofmeter ${call.sub}`, kind: 'gate-change', how: 'meter command' });
    const [verbWord, ...args] = stripPrefix(words);
    const verb = verbName(verbWord ?? '');
    const named = args.find(namesMeter);
    if (named === undefined || !(writesWhatItIsGiven(verb) || isInterpreter(verb))) continue;
    // A word of code (`sh -c '…'`, `python3 -c '…'`) is not shown back whole.
    const target = /\s/.test(named) ? "the meter's files" : named;
    found.push({ target, kind: /settings/.test(named) ? 'settings' : 'state', how: verb });
  }
}
