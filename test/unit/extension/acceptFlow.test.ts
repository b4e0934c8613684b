// The dashboard's Accept button: trusted workspaces only, open errors only, after a confirmation;
// recorded by `proofmeter accept` with its time, the source `dashboard` and its witness.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptFindingFlow, type AcceptDeps } from '../../../src/extension/acceptFlow';
import { webviewMessageSchema } from '../../../src/protocol';
import { run as acceptCommand } from '../../../src/cli/commands/accept';
import { readAcceptances, readDashboardReceipts, witnessedAcceptances } from '../../../src/workspace/acceptances';

const ERR = { id: 'F-1a2b3c4', severity: 'error' as const, message: 'A Bash pass has no receipt. Run it again.', accepted: null };

const state = mkdtempSync(join(tmpdir(), 'pm-accept-state-'));
const env: NodeJS.ProcessEnv = { HOME: state, XDG_STATE_HOME: state, PATH: process.env.PATH };

/** The CLI's `proofmeter accept`, run in this process as the host runs it in a child. */
function cliAccept(workspace: string, id: string, e: NodeJS.ProcessEnv = env): Promise<string | null> {
  const err: string[] = [];
  const r = acceptCommand([id, '--cwd', workspace], { out: () => undefined, err: (l) => void err.push(l), readStdin: async () => '', env: e, cwd: workspace });
  return Promise.resolve(r.code === 0 ? null : err.join(' '));
}

function deps(over: Partial<AcceptDeps> = {}): AcceptDeps & { warned: string[]; asked: string[] } {
  const warned: string[] = [];
  const asked: string[] = [];
  return { trusted: () => true, confirm: async (q) => (asked.push(q.message), true), warn: (m) => void warned.push(m), record: cliAccept, ...over, warned, asked };
}

const ws = () => mkdtempSync(join(tmpdir(), 'pm-accept-'));

describe("the dashboard's Accept button", () => {
  it('asks first, then records the acceptance with its time, its source and its witness, so the tally counts it', async () => {
    const cwd = ws();
    const d = deps();
    assert.equal(await acceptFindingFlow(cwd, ERR.id, [ERR], d), 'ok');
    assert.deepEqual(d.asked, [`Accept finding ${ERR.id}?`]);
    const [a, ...more] = readAcceptances(cwd);
    assert.deepEqual(more, []);
    assert.deepEqual({ ...a, at: '' }, { id: ERR.id, at: '', source: 'dashboard', session: null, promptId: null });
    assert.deepEqual(readDashboardReceipts(cwd, env), [{ v: 1, kind: 'accept', id: ERR.id, at: a!.at }]);
    assert.deepEqual(witnessedAcceptances(cwd, env, false), { accepted: [a], findings: [], carried: 0 });
  });

  it('when the CLI refuses (the agent\'s shell, a missing bundle), nothing counts and the person is told why', async () => {
    const cwd = ws();
    const d = deps({ record: async () => 'only the person can accept a finding (test).' });
    assert.equal(await acceptFindingFlow(cwd, ERR.id, [ERR], d), 'refused');
    assert.deepEqual(d.warned, [`Proofmeter: ${ERR.id} was not accepted: only the person can accept a finding (test).`]);
    assert.deepEqual(readAcceptances(cwd), []);
  });

  it("`proofmeter accept` inside the agent's shell is refused in one line and records nothing", async () => {
    const cwd = ws();
    // Inside a Claude Code with no Claude Code among the ancestors: the agent's shell with its ancestry cut.
    const why = await cliAccept(cwd, ERR.id, { ...env, CLAUDECODE: '1' });
    assert.match(why ?? '', /^proofmeter accept: only the person can accept a finding/);
    assert.deepEqual(readAcceptances(cwd), []);
    assert.deepEqual(readDashboardReceipts(cwd, env), []);
  });

  const refused: Array<[string, Parameters<typeof acceptFindingFlow>[2], Partial<AcceptDeps>]> = [
    ['in an untrusted workspace', [ERR], { trusted: () => false }],
    ['for a finding the tally does not show', [], {}],
    ['for a warning', [{ ...ERR, severity: 'warning' }], {}],
    ['for a finding already accepted', [{ ...ERR, accepted: 'your words, 2026-12-01' }], {}],
  ];
  for (const [what, shown, over] of refused) {
    it(`records nothing ${what}`, async () => {
      const cwd = ws();
      const d = deps(over);
      assert.equal(await acceptFindingFlow(cwd, ERR.id, shown, d), 'refused');
      assert.equal(d.asked.length, 0);
      assert.equal(d.warned.length, 1);
      assert.deepEqual(readAcceptances(cwd), []);
    });
  }

  it('records nothing when the person cancels the confirmation', async () => {
    const cwd = ws();
    assert.equal(await acceptFindingFlow(cwd, ERR.id, [ERR], deps({ confirm: async () => false })), 'cancelled');
    assert.deepEqual(readAcceptances(cwd), []);
  });

  it('the webview may send acceptFinding only with a finding id', () => {
    assert.ok(webviewMessageSchema.safeParse({ type: 'acceptFinding', id: 'F-1a2b3c4' }).success);
    assert.ok(!webviewMessageSchema.safeParse({ type: 'acceptFinding', id: '../../etc' }).success);
  });
});
