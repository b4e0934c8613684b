// ConfigChange: Claude Code 2.1.332 asks this hook before it applies a settings file it saw change
// on disk (measured: test/realcli/configChange.test.ts). A `decision: "block"` keeps the running
// session on the settings it had: hooks still fire, env stays, a dropped Stop entry still runs.
// Refused: any change, from the session's starting view of the file, to its hooks (the meter's
// entries and any other), env, disableAllHooks, allowManagedHooksOnly, the meter's statusLine, its
// `sandbox` object or its `permissions` object: the sandbox and the deny rules `proofmeter install`
// writes are what keep the agent's shell off the meter's files, so a sandbox switched off, a
// command excluded from it or a deny rule dropped would open them in this very session.
// The agent's script and the person's editor look the same here, so both are refused; the person's
// change takes effect when the session is restarted, and `proofmeter uninstall` leaves a pass for
// exactly what it wrote. Other keys (model, ...) go through.
import { resolve } from 'node:path';
import { refusedChanges, settingsView } from '../core/install/configRule';
import { readSessionView, sha256, startingViewOf, viewOfFile } from '../workspace/sessionSettingsView';
import { isPassed } from '../workspace/settingsPass';
import { jsonAnswer, silent, type HookAnswer } from './answer';
import type { HookContext } from './context';
import { str, type HookInput } from './payload';

const APPLY = 'If you, the person, made this change, it takes effect when you restart Claude Code; to remove the meter, run `proofmeter uninstall` in your own terminal.';

function refuse(file: string, why: string, outcome: string): HookAnswer {
  const reason = `Proofmeter kept this session on the settings it started with: the change to ${file} ${why}. An agent may not change the gate's settings while the session runs. ${APPLY}`;
  return jsonAnswer(outcome, { decision: 'block', reason, systemMessage: reason });
}

export function configChange(input: HookInput, ctx: HookContext): HookAnswer {
  const source = str(input.source);
  const file = str(input.file_path);
  // Skills are not settings, and a change with no file (server-delivered policy) has nothing to compare.
  if (source === 'skills' || !file) return silent('not-settings');
  const abs = resolve(ctx.workspace, file);
  const after = viewOfFile(abs);
  const session = str(input.session_id);
  const start = session ? readSessionView(ctx.workspace, session) : null;
  if (!start) {
    // Without the starting view nothing can be told apart, so nothing that could disarm goes through.
    if (!refusedChanges(settingsView(null, sha256), after).length && after.state !== 'invalid') return silent('pass');
    return refuse(abs, 'cannot be compared with the settings this session started with (the session-start gate recorded none), and the file holds hooks, env, a hook switch, sandbox settings or permission rules', 'refused-no-view');
  }
  const before = startingViewOf(start, abs) ?? settingsView(null, sha256);
  const changes = refusedChanges(before, after);
  if (!changes.length) return silent('pass');
  if (isPassed(ctx.workspace, abs, after, ctx.now())) return silent('passed-uninstall');
  return refuse(abs, changes.join(', '), 'refused');
}
