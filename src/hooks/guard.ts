// PreToolUse Bash|Edit|Write|MultiEdit|NotebookEdit, the guard: an agent must not disarm its own
// gate. Refused: any write to .claude/proofmeter/** (the frozen goal, the runner, the records),
// edits of .claude/settings*.json (and the user's settings) that change the meter's hook entries,
// its statusLine or the switches that turn hooks off, and Bash commands that write those paths or
// run a runner subcommand that changes the gate (adopt, install, uninstall, hook, ...: all but the
// ones that only read, and handover). Edits that leave the meter's entries alone pass.
// The fuller guards against loosening tests and gate configs plug in here later.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { armingProjection, parseSettings } from '../core/install/settingsMerge';
import { denyTool, silent, type HookAnswer } from './answer';
import { analyzeBash, type BashFinding } from './bashWrites';
import { gateChangeReason } from './gateChangeReason';
import type { HookContext } from './context';
import { str, type HookInput } from './payload';
import { classifyPath, protectedPaths, shown, type Protected } from './protectedPaths';

const STATE_WHY = "the meter's own state (the frozen goal, the runner, its records)";
const SETTINGS_WHY = "the meter's hook entries";

function bashReason(f: BashFinding): string {
  if (f.kind === 'gate-change') return gateChangeReason(f.target);
  const what = f.kind === 'state' ? STATE_WHY : `a settings file that holds ${SETTINGS_WHY}`;
  return `Proofmeter guard: this command would change ${f.target} (${f.how}), ${what}. An agent may not change its own gate. Read the state with \`proofmeter tally\`; to change other settings use the Edit tool, which lets through edits that leave the meter's entries alone; otherwise ask the person.`;
}

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

function projectionOf(text: string | null): string {
  if (text === null) return armingProjection({});
  const p = parseSettings(text);
  return p.ok ? armingProjection(p.value) : 'invalid JSON';
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function fileEdit(tool: string, ti: Record<string, unknown>, cwd: string, prot: Protected): HookAnswer {
  const path = str(ti.file_path) ?? str(ti.notebook_path);
  if (!path) return silent('allow');
  const abs = resolve(cwd, path);
  const kind = classifyPath(abs, prot, 'write');
  if (kind === 'state') {
    return denyTool(`Proofmeter guard: ${shown(abs, prot)} is ${STATE_WHY}; an agent may not change its own gate. Read it with \`proofmeter tally\`, or ask the person.`);
  }
  if (kind === 'settings') {
    if (tool === 'NotebookEdit') return denyTool(`Proofmeter guard: ${shown(abs, prot)} holds ${SETTINGS_WHY}; it is not a notebook.`);
    const before = readOrNull(abs);
    const after = afterEdit(tool, ti, before);
    if (after === null) return silent('allow');
    if (projectionOf(before) !== projectionOf(after)) {
      return denyTool(
        `Proofmeter guard: this edit changes ${SETTINGS_WHY} in ${shown(abs, prot)} (its hooks, its statusLine, or disableAllHooks); an agent may not disarm its own gate. Edits that leave those entries alone are allowed; otherwise ask the person.`,
      );
    }
  }
  return silent('allow');
}

export function guard(input: HookInput, ctx: HookContext): HookAnswer {
  const tool = input.tool_name ?? '';
  const ti = input.tool_input ?? {};
  const cwd = str(input.cwd) ?? ctx.workspace;
  const prot = protectedPaths(ctx.workspace, ctx.env);
  if (tool === 'Bash') {
    const command = str(ti.command) ?? '';
    const found = analyzeBash(command, { cwd, home: ctx.env.HOME || homedir(), prot });
    return found.length ? denyTool(bashReason(found[0]!)) : silent('allow');
  }
  if (tool === 'Edit' || tool === 'Write' || tool === 'MultiEdit' || tool === 'NotebookEdit') return fileEdit(tool, ti, cwd, prot);
  return silent('allow');
}
