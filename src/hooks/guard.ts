// PreToolUse Bash|Edit|Write|MultiEdit|NotebookEdit, the guard: an agent must not disarm its own
// gate. Refused: any write to .claude/proofmeter/** (the frozen goal, the runner, the records),
// edits of any settings file (project, local, user) that change its hooks, env, disableAllHooks,
// allowManagedHooksOnly, the meter's statusLine, sandbox or permissions, any write to managed
// settings or to Claude Code's own records (~/.claude/projects, shell-snapshots), Bash commands
// that write those paths, git commands that skip hooks, rewrite history or replace files in
// .claude/, and every runner subcommand but the ones that only read (and handover), and an edit
// that skips or focuses a test in a file a sealed proof runs (guardTests.ts). Each refusal says
// why and what to do instead, with an id the person can type to allow that one action once (allowances.ts).
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { refusedChanges, settingsView } from '../core/install/configRule';
import { consumeAllowance, recordDenial } from '../workspace/allowances';
import { denyTool, silent, type HookAnswer } from './answer';
import { analyzeBash } from './bashWrites';
import type { HookContext } from './context';
import { actionDigest, allowanceId } from './guardAllowance';
import { bashReason, otherEditReason, settingsEditReason, stateEditReason } from './guardReasons';
import { str, type HookInput } from './payload';
import { classifyPath, protectedPaths, shown, type Protected } from './protectedPaths';
import { testEditReason } from './guardTests';
import { kernelBashFindings, leavesSandbox, SANDBOX_REASON, underKernel } from './guardKernel';

/** The file's text after the edit, or null when the edit would not apply (the tool then fails itself). */
export function afterEdit(tool: string, input: Record<string, unknown>, before: string | null): string | null {
  if (tool === 'Write') return typeof input.content === 'string' ? input.content : null;
  const edits: unknown[] = tool === 'MultiEdit' ? (Array.isArray(input.edits) ? input.edits : []) : [input];
  let text = before ?? '';
  for (const e of edits) {
    if (!e || typeof e !== 'object') return null;
    const { old_string: o, new_string: n, replace_all: all } = e as Record<string, unknown>;
    if (typeof o !== 'string' || typeof n !== 'string') return null;
    if (o === '') {
      if (text !== '') return null;
      text = n;
      continue;
    }
    if (!text.includes(o)) return null;
    text = all === true ? text.split(o).join(n) : text.replace(o, () => n);
  }
  return text;
}

/** What an edit of a settings file changes that arms the gates: hooks, env, the hook switches, sandbox and permissions. */
function settingsChanges(before: string | null, after: string): string[] {
  const id = (t: string) => t;
  return refusedChanges(settingsView(before, id), settingsView(after, id));
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Why the guard refuses this file edit, or null when it may go ahead. */
function fileEditReason(tool: string, ti: Record<string, unknown>, cwd: string, prot: Protected, ctx: HookContext): string | null {
  const path = str(ti.file_path) ?? str(ti.notebook_path);
  if (!path) return null;
  const abs = resolve(cwd, path);
  const kind = classifyPath(abs, prot, 'write');
  if (kind === 'state') return stateEditReason(shown(abs, prot));
  if (kind === 'managed' || kind === 'records') return otherEditReason(kind, shown(abs, prot));
  if (kind === 'settings') {
    if (tool === 'NotebookEdit') return `Proofmeter guard: ${shown(abs, prot)} holds the meter's hook entries; it is not a notebook.`;
    const before = readOrNull(abs);
    const after = afterEdit(tool, ti, before);
    if (after === null) return null;
    const changes = settingsChanges(before, after);
    if (changes.length) return settingsEditReason(shown(abs, prot), changes);
    return null;
  }
  // A test a sealed proof runs, skipped or focused by the edit.
  if (tool === 'NotebookEdit') return null;
  return testEditReason(abs, ctx.workspace, ctx.env, () => readOrNull(abs), (before) => afterEdit(tool, ti, before));
}

function reasonOf(input: HookInput, ctx: HookContext, cwd: string): string | null {
  const tool = input.tool_name ?? '';
  const ti = input.tool_input ?? {};
  const prot = protectedPaths(ctx.workspace, ctx.env);
  if (tool === 'Bash') {
    // Under the kernel the sandbox keeps the shell off the meter's files: three rules, no deep reading.
    if (underKernel(ctx.workspace, input.session_id)) {
      const rules = kernelBashFindings(str(ti.command) ?? '');
      return rules.length ? bashReason(rules[0]!, prot) : null;
    }
    const found = analyzeBash(str(ti.command) ?? '', { cwd, home: ctx.env.HOME || homedir(), prot });
    return found.length ? bashReason(found[0]!, prot) : null;
  }
  if (tool === 'Edit' || tool === 'Write' || tool === 'MultiEdit' || tool === 'NotebookEdit') return fileEditReason(tool, ti, cwd, prot, ctx);
  return null;
}

export function guard(input: HookInput, ctx: HookContext): HookAnswer {
  const cwd = str(input.cwd) ?? ctx.workspace;
  // The sh front refuses this one alone, with no id to allow it once (it cannot take the digest); so here too.
  if (input.tool_name === 'Bash' && leavesSandbox(input.tool_input ?? {}, ctx.workspace) && underKernel(ctx.workspace, input.session_id)) return denyTool(SANDBOX_REASON);
  const reason = reasonOf(input, ctx, cwd);
  if (reason === null) return silent('allow');
  // A refusal is the person's to lift, for this one action (allowances.ts).
  const tool = input.tool_name ?? '';
  const digest = actionDigest(tool, input.tool_input ?? {}, cwd);
  const now = ctx.now();
  if (consumeAllowance(ctx.workspace, digest, now)) return silent('allowed-once');
  const id = allowanceId(digest);
  try {
    recordDenial(ctx.workspace, { id, digest, tool, at: now.toISOString() });
  } catch {
    // Without the record the id allows nothing; the refusal itself stands.
  }
  return denyTool(`${reason} If you, the person, want to allow this once, type: allow ${id}`);
}
