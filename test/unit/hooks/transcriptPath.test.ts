// A hook payload's transcript_path names the file Claude Code writes the session to. The meter
// reads it as the session's transcript even when the project folder it derives is another one
// (a folder name Claude Code chose differently), and still reads that project folder for the rest.
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, readFileSync, utimesSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { silent } from '../../../src/hooks/answer';
import type { Handler } from '../../../src/hooks/runHook';
import { listSessions, projectTranscriptDir, SESSION_TRANSCRIPT_ENV } from '../../../src/workspace/transcriptFiles';
import { gatherWorkspace } from '../../../src/workspace/workspaceTally';
import { labTranscript } from '../helpers/fixtures';
import { addSession, freeze, gate, MAIN_PLAN, payload, workspace, type Workspace } from './helpers';

/** The lab's `main` session copied to a path of the test's choosing, written just now. */
function sessionAt(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(labTranscript('main'), path);
  const now = new Date();
  utimesSync(path, now, now);
  return path;
}

/** The session files a gate's tally reads, called through the runner as Claude Code calls it. */
async function sessionsRead(w: Workspace, over: Record<string, unknown>, env: NodeJS.ProcessEnv = w.env): Promise<string[]> {
  let read: string[] = [];
  const handler: Handler = (_input, ctx) => {
    const found = gatherWorkspace({ cwd: ctx.workspace, env: ctx.env }, {
      readPlan: (p) => parsePlan(readFileSync(p, 'utf8')),
      readTranscripts: (files) => {
        read = files;
        return [];
      },
    });
    assert.equal(found.kind, 'goal');
    return silent('read');
  };
  await gate('stop', payload('stop-first', { cwd: w.ws, transcript_path: undefined, ...over }), w, { env, handler });
  return read.map((f) => basename(f));
}

describe("hooks read the payload's transcript_path as the session's transcript", () => {
  const elsewhere = (w: Workspace) => join(w.home, '.claude', 'projects', 'a-folder-the-meter-does-not-derive', 'sess.jsonl');
  const cases: Array<{ name: string; path: (w: Workspace) => string; over: (file: string) => Record<string, unknown>; shell?: (file: string) => NodeJS.ProcessEnv; want: string[] }> = [
    { name: 'a session in a project folder the meter does not derive is read', path: elsewhere, over: (f) => ({ transcript_path: f }), want: ['sess.jsonl'] },
    { name: 'without transcript_path that session is not found', path: elsewhere, over: () => ({}), want: [] },
    {
      name: 'the same path set in the shell, not by Claude Code, is not taken',
      path: elsewhere,
      over: () => ({}),
      shell: (f) => ({ [SESSION_TRANSCRIPT_ENV]: f }),
      want: [],
    },
    {
      name: 'a transcript_path outside the projects folder is no session file',
      path: (w) => join(w.ws, 'notes', 'sess.jsonl'),
      over: (f) => ({ transcript_path: f }),
      want: [],
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const w = workspace();
      freeze(w, MAIN_PLAN);
      const file = sessionAt(c.path(w));
      assert.deepEqual(await sessionsRead(w, c.over(file), { ...w.env, ...c.shell?.(file) }), c.want);
    });
  }

  it('the project folder is still read beside it', async () => {
    const w = workspace();
    freeze(w, MAIN_PLAN);
    addSession(w, 'main', 'older.jsonl');
    const file = sessionAt(elsewhere(w));
    assert.deepEqual((await sessionsRead(w, { transcript_path: file })).sort(), ['older.jsonl', 'sess.jsonl']);
  });

  it('a transcript_path inside the derived folder is read once', async () => {
    const w = workspace();
    freeze(w, MAIN_PLAN);
    const file = addSession(w, 'main');
    assert.deepEqual(await sessionsRead(w, { transcript_path: file }), ['session.jsonl']);
    assert.equal(listSessions(projectTranscriptDir(w.ws, w.env), file).length, 1);
  });
});
