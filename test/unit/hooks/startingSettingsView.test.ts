// When the session-start gate takes the view of the settings a session starts with
// (recordStartingSettings); mutation testing found these rules unguarded.
import { strict as assert } from 'node:assert';
import type { Caller, CallerKind } from '../../../src/core/caller/classifyCaller';
import { recordStartingSettings } from '../../../src/hooks/startingSettings';
import { readSessionView } from '../../../src/workspace/sessionSettingsView';
import { workspace, type Workspace } from './helpers';

const FIRST = new Date('2026-12-01T09:00:00.000Z');
const LATER = new Date('2026-12-01T10:00:00.000Z');

function start(w: Workspace, source: string, now: Date, kind: CallerKind = 'hook') {
  const caller: Caller = { kind, nested: kind === 'nested-hook', claudePid: 42, why: 'test' };
  recordStartingSettings({ session_id: 's1', hook_event_name: 'SessionStart', source }, { workspace: w.ws, env: w.env, now: () => now, callerOf: () => caller });
}

describe('the view of the settings a session starts with', () => {
  // [source of the later start, when the view is from afterwards]
  const later: Array<[string, Date]> = [
    ['startup', LATER],
    ['resume', LATER],
    ['clear', FIRST],
    ['compact', FIRST],
  ];
  for (const [source, at] of later) {
    it(`a ${source} after a first view ${at === LATER ? 'takes it again' : 'keeps the first'}`, () => {
      const w = workspace();
      start(w, 'startup', FIRST);
      start(w, source, LATER);
      assert.equal(readSessionView(w.ws, 's1')?.at, at.toISOString());
    });
  }

  const callers: Array<[CallerKind, boolean]> = [
    ['hook', true],
    ['nested-hook', true],
    ['agent-shell', false],
  ];
  for (const [kind, taken] of callers) {
    it(`a ${kind} call ${taken ? 'takes' : 'does not take'} the view`, () => {
      const w = workspace();
      start(w, 'compact', FIRST, kind);
      assert.equal(readSessionView(w.ws, 's1') !== null, taken);
    });
  }
});
