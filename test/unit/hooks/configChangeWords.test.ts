// The ConfigChange gate's words, and a file it cannot read when it has no starting view
// (configChange.ts; mutation testing found these unguarded).
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller } from '../../../src/core/caller/classifyCaller';
import { configChange } from '../../../src/hooks/configChange';
import type { HookContext } from '../../../src/hooks/context';
import { recordStartingSettings } from '../../../src/hooks/startingSettings';
import { workspace, type Workspace } from './helpers';

const SESSION = '5e551011-0000-4000-8000-000000000002';
const APPLY = 'If you, the person, made this change, it takes effect when you restart Claude Code; to remove the meter, run `proofmeter uninstall` in your own terminal.';

function ctx(w: Workspace): HookContext {
  const caller: Caller = { kind: 'hook', nested: false, claudePid: 42, why: 'test' };
  return { workspace: w.ws, env: w.env, now: () => new Date('2026-12-01T10:00:00.000Z'), callerOf: () => caller };
}
const change = (w: Workspace, file: string) => configChange({ session_id: SESSION, hook_event_name: 'ConfigChange', source: 'project_settings', file_path: file }, ctx(w));
const refusal = (file: string, why: string) => {
  const reason = `Proofmeter kept this session on the settings it started with: the change to ${file} ${why}. An agent may not change the gate's settings while the session runs. ${APPLY}`;
  return JSON.stringify({ decision: 'block', reason, systemMessage: reason });
};

describe("the ConfigChange gate's words", () => {
  it('without a starting view, a file that cannot be read is refused, and says why', () => {
    const w = workspace();
    const file = join(w.ws, '.claude', 'settings.json');
    writeFileSync(file, '{ not json');
    const a = change(w, file);
    assert.equal(a.outcome, 'refused-no-view');
    assert.equal(a.stdout, refusal(file, 'cannot be compared with the settings this session started with (the session-start gate recorded none), and the file holds hooks, env, a hook switch, sandbox settings or permission rules'));
  });

  it('a change of env from the starting view is refused naming what changed', () => {
    const w = workspace();
    const file = join(w.ws, '.claude', 'settings.json');
    writeFileSync(file, JSON.stringify({ env: { A: '1' } }));
    recordStartingSettings({ session_id: SESSION, hook_event_name: 'SessionStart', source: 'startup' }, ctx(w));
    writeFileSync(file, JSON.stringify({ env: { A: '2' }, disableAllHooks: true }));
    const a = change(w, file);
    assert.equal(a.outcome, 'refused');
    assert.equal(a.stdout, refusal(file, 'it sets disableAllHooks to true, it edits env'));
  });
});
