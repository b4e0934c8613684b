// The stop gate's consecutive-block count per session, in .claude/proofmeter/stop-blocks.json.
// Claude Code lets a stop through after CLAUDE_CODE_STOP_HOOK_BLOCK_CAP (8) consecutive blocks;
// the count here follows the same run of blocks so the gate can say "block 3 of 8". A run goes
// on while stop_hook_active is true within one prompt, and ends when a stop is allowed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../workspace/atomicWrite';
import { STATE_DIR } from '../workspace/goalState';

interface Entry {
  promptId: string | null;
  blocks: number;
  at: string;
}

interface StopState {
  version: 1;
  sessions: Record<string, Entry>;
}

const KEEP_MS = 7 * 24 * 3600 * 1000;

export function stopStatePath(workspace: string): string {
  return join(workspace, STATE_DIR, 'stop-blocks.json');
}

function load(workspace: string): StopState {
  try {
    const j = JSON.parse(readFileSync(stopStatePath(workspace), 'utf8')) as StopState;
    if (j && j.version === 1 && j.sessions && typeof j.sessions === 'object') return j;
  } catch {
    // missing or torn: a count restarts at 1, which only under-reports
  }
  return { version: 1, sessions: {} };
}

/** The count only words the message: a count that cannot be saved never opens or closes the gate. */
function save(workspace: string, state: StopState, now: Date): void {
  for (const [k, v] of Object.entries(state.sessions)) {
    if (now.getTime() - Date.parse(v.at) > KEEP_MS) delete state.sessions[k];
  }
  try {
    writeFileAtomic(stopStatePath(workspace), JSON.stringify(state) + '\n');
  } catch {
    // read-only or full disk: the next block reads as block 1 again
  }
}

/** The number of this block in the current run of consecutive blocks, recorded. */
export function recordBlock(workspace: string, session: string, promptId: string | null, active: boolean, now: Date): number {
  const state = load(workspace);
  const prev = state.sessions[session];
  const continuing = active && prev !== undefined && (promptId === null || prev.promptId === null || prev.promptId === promptId);
  const blocks = continuing ? prev.blocks + 1 : 1;
  state.sessions[session] = { promptId, blocks, at: now.toISOString() };
  save(workspace, state, now);
  return blocks;
}

/** A stop went through: the next block starts a new run. */
export function resetBlocks(workspace: string, session: string, now: Date): void {
  const state = load(workspace);
  if (!(session in state.sessions)) return;
  delete state.sessions[session];
  save(workspace, state, now);
}

/** Claude Code's cap on consecutive stop blocks: CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, 8 by default. */
export function blockCap(env: NodeJS.ProcessEnv): number {
  const n = Number(env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP);
  return Number.isInteger(n) && n > 0 ? n : 8;
}
