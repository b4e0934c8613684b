// Claude Code 2.1.332 names a project folder by its path's slug, cut to 200 characters and
// followed by '-' and a hash of the path when longer. The fixture (test/realcli/longPath.ts) holds
// two real sessions run at such a path, one whose path hashes to a negative number and one to a
// positive one, in the folders Claude Code chose; the meter must find both from the path alone.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { listSessions, pathHash, projectSlug, projectTranscriptDir } from '../../../src/workspace/transcriptFiles';
import { evaluate, FIXTURES } from '../helpers/fixtures';

const FIXTURE = join(FIXTURES, 'recorded', 'long-path');
const PLAN = '# Long path\n\n## Steps\n- S1. Print the marker. Proof: `echo proofmeter-long-path-5c1e`\n';

interface Recorded {
  folder: string;
  session: string;
  cwd: string;
}

function recorded(): Recorded[] {
  const root = join(FIXTURE, 'transcripts');
  return readdirSync(root).map((folder) => {
    const name = readdirSync(join(root, folder)).find((n) => n.endsWith('.jsonl'))!;
    const session = join(root, folder, name);
    const first = JSON.parse(readFileSync(session, 'utf8').split('\n')[0]!) as { cwd: string };
    return { folder, session, cwd: first.cwd };
  });
}

describe('transcripts of a workspace whose path slug is longer than 200 characters', () => {
  const runs = recorded();

  it('the fixture holds one path of each hash sign, each with a slug over 200 characters', () => {
    assert.deepEqual(runs.map((r) => Math.sign(pathHash(r.cwd))).sort(), [-1, 1]);
    for (const r of runs) assert.ok(r.cwd.replace(/[^A-Za-z0-9]/g, '-').length > 200);
  });

  for (const sign of ['negative', 'positive'] as const) {
    const run = () => runs.find((r) => (pathHash(r.cwd) < 0) === (sign === 'negative'))!;

    it(`names the folder as Claude Code did for a path whose hash is ${sign}`, () => {
      assert.equal(projectSlug(run().cwd), run().folder);
    });

    it(`finds and counts the session from the workspace path alone (${sign} hash)`, () => {
      const home = mkdtempSync(join(tmpdir(), 'pm-longpath-'));
      cpSync(join(FIXTURE, 'transcripts'), join(home, '.claude', 'projects'), { recursive: true });
      const dir = projectTranscriptDir(run().cwd, { HOME: home });
      const sessions = listSessions(dir).map((s) => basename(s.path));
      assert.deepEqual(sessions, [basename(run().session)]);
      const tally = evaluate(PLAN, [join(dir, sessions[0]!)]);
      assert.equal(tally.items[0]?.state, 'proved');
    });
  }

  it("every hook payload's transcript_path lies in the folder the meter derives from its cwd", () => {
    const hooks = readFileSync(join(FIXTURE, 'hooks.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { transcript_path: string; cwd: string });
    assert.ok(hooks.length >= 10);
    for (const h of hooks) assert.equal(basename(dirname(h.transcript_path)), projectSlug(h.cwd));
  });
});
