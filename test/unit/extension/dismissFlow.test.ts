// The dashboard's Dismiss button: trusted workspaces only, open warnings only, after a confirmation;
// recorded by `proofmeter accept` (the person-only path, with its witness), so the tally counts the
// decision and lists the warning as dismissed info.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run as acceptCommand } from '../../../src/cli/commands/accept';
import { dismissFindingFlow, type DismissDeps } from '../../../src/extension/dismissFlow';
import { webviewMessageSchema, type ViewState } from '../../../src/protocol';
import { readAcceptances, witnessedAcceptances } from '../../../src/workspace/acceptances';

type Shown = ViewState['seal'][number];
const WARN: Shown = { id: 'F-2b3c4d5', severity: 'warning', message: 'scripts/check.sh is new', accepted: null };
const ERR: Shown = { id: 'F-1a2b3c4', severity: 'error', message: 'A Bash pass has no receipt.', accepted: null };

let state: string;
let env: NodeJS.ProcessEnv;

/** The CLI's `proofmeter accept`, run in this process as the host runs it in a child. */
function cliAccept(workspace: string, id: string): Promise<string | null> {
  const err: string[] = [];
  const r = acceptCommand([id, '--cwd', workspace], { out: () => undefined, err: (l) => void err.push(l), readStdin: async () => '', env, cwd: workspace });
  return Promise.resolve(r.code === 0 ? null : err.join(' '));
}

function deps(over: Partial<DismissDeps> = {}): DismissDeps & { warned: string[]; asked: string[] } {
  const warned: string[] = [];
  const asked: string[] = [];
  return { trusted: () => true, confirm: async (m) => (asked.push(m), true), warn: (m) => void warned.push(m), record: cliAccept, ...over, warned, asked };
}

const ws = () => mkdtempSync(join(tmpdir(), 'pm-dismiss-'));

describe("the dashboard's Dismiss button", () => {
  beforeEach(() => {
    state = mkdtempSync(join(tmpdir(), 'pm-dismiss-state-'));
    env = { HOME: state, XDG_STATE_HOME: state, PATH: process.env.PATH };
  });

  it('asks first, then records the decision with its witness, so the tally counts it', async () => {
    const cwd = ws();
    const d = deps();
    assert.equal(await dismissFindingFlow(cwd, WARN.id, [WARN], d), 'ok');
    assert.deepEqual(d.asked, [`Dismiss warning ${WARN.id}?`]);
    const list = readAcceptances(cwd);
    assert.deepEqual(
      list.map((a) => [a.id, a.source]),
      [[WARN.id, 'dashboard']],
    );
    assert.deepEqual(witnessedAcceptances(cwd, env, false).accepted.map((a) => a.id), [WARN.id]);
  });

  const refusals: Array<[string, Partial<DismissDeps>, Shown[], string, string]> = [
    ['an untrusted workspace is refused before anything is asked', { trusted: () => false }, [WARN], WARN.id, 'Proofmeter: dismissing a finding needs a trusted workspace.'],
    ['an error is accepted, never dismissed', {}, [ERR], ERR.id, `Proofmeter: ${ERR.id} is not an open warning of this workspace's tally.`],
    ['a warning already dismissed is not dismissed again', {}, [{ ...WARN, accepted: 'the dashboard, 2026-12-03T10:00:00.000Z' }], WARN.id, `Proofmeter: ${WARN.id} is not an open warning of this workspace's tally.`],
    ['an id the tally does not show is refused', {}, [WARN], 'F-9999999', "Proofmeter: F-9999999 is not an open warning of this workspace's tally."],
  ];
  for (const [name, over, shown, id, warning] of refusals) {
    it(name, async () => {
      const cwd = ws();
      const d = deps(over);
      assert.equal(await dismissFindingFlow(cwd, id, shown, d), 'refused');
      assert.deepEqual(d.asked, []);
      assert.deepEqual(d.warned, [warning]);
      assert.deepEqual(readAcceptances(cwd), []);
    });
  }

  it('Cancel (or closing the modal) records nothing', async () => {
    const cwd = ws();
    const d = deps({ confirm: async () => false });
    assert.equal(await dismissFindingFlow(cwd, WARN.id, [WARN], d), 'cancelled');
    assert.deepEqual(readAcceptances(cwd), []);
  });

  it('when the CLI refuses (the agent’s shell), nothing is recorded and the person is told why', async () => {
    const cwd = ws();
    const d = deps({ record: async () => 'only the person can accept a finding (test).' });
    assert.equal(await dismissFindingFlow(cwd, WARN.id, [WARN], d), 'refused');
    assert.deepEqual(d.warned, [`Proofmeter: ${WARN.id} was not dismissed: only the person can accept a finding (test).`]);
    assert.deepEqual(readAcceptances(cwd), []);
  });

  it('the page may ask to dismiss a finding id, and nothing else', () => {
    assert.equal(webviewMessageSchema.safeParse({ type: 'dismissFinding', id: WARN.id }).success, true);
    assert.equal(webviewMessageSchema.safeParse({ type: 'dismissFinding', id: '../goal.json' }).success, false);
  });
});
