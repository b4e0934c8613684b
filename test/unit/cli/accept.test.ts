// `proofmeter accept F-…`: the person's acceptance outside Claude Code (the dashboard's Accept runs
// it). It records the entry and its witness, so the tally counts it; a bad id is a usage error.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAcceptances, readDashboardReceipts, witnessedAcceptances } from '../../../src/workspace/acceptances';
import { cli } from '../helpers/cli';

function setup(): { ws: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), 'pm-accept-cli-'));
  return { ws: root, env: { HOME: join(root, 'home'), XDG_STATE_HOME: join(root, 'state'), PATH: process.env.PATH } };
}

describe('proofmeter accept', () => {
  it('records the acceptance, named in lower case, with the witness the tally counts it by', async () => {
    const { ws, env } = setup();
    const r = await cli(['accept', 'F-1A2B3C4', '--cwd', ws], { cwd: ws, env });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^F-1a2b3c4 accepted: it no longer holds the verdict/);
    const [a] = readAcceptances(ws);
    assert.deepEqual({ ...a, at: '' }, { id: 'F-1a2b3c4', at: '', source: 'dashboard', session: null, promptId: null });
    assert.deepEqual(readDashboardReceipts(ws, env), [{ v: 1, kind: 'accept', id: 'F-1a2b3c4', at: a!.at }]);
    assert.deepEqual(witnessedAcceptances(ws, env, false).findings, []);
  });

  it('the witness is kept outside the workspace: under another state folder the entry is a finding', async () => {
    const { ws, env } = setup();
    await cli(['accept', 'F-1a2b3c4', '--cwd', ws], { cwd: ws, env });
    const elsewhere = { ...env, XDG_STATE_HOME: join(ws, 'other-state') };
    const w = witnessedAcceptances(ws, elsewhere, false);
    assert.deepEqual(w.accepted, []);
    assert.deepEqual(w.findings.map((f) => f.kind), ['acceptance-forged']);
  });

  for (const args of [[], ['F-12'], ['G-3fa9c2'], ['F-1a2b3c4', 'F-1a2b3c5'], ['../F-1a2b3']]) {
    it(`${JSON.stringify(args)} is a usage error and records nothing`, async () => {
      const { ws, env } = setup();
      const r = await cli(['accept', ...args, '--cwd', ws], { cwd: ws, env });
      assert.equal(r.code, 2, r.err);
      assert.deepEqual(readAcceptances(ws), []);
      assert.deepEqual(readDashboardReceipts(ws, env), []);
    });
  }
});
