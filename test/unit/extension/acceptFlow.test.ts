// The dashboard's Accept button: trusted workspaces only, open errors only, after a confirmation;
// recorded with its time and the source `dashboard`.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptFindingFlow, type AcceptDeps } from '../../../src/extension/acceptFlow';
import { webviewMessageSchema } from '../../../src/protocol';
import { readAcceptances } from '../../../src/workspace/acceptances';

const ERR = { id: 'F-1a2b3c4', severity: 'error' as const, message: 'A Bash pass has no receipt. Run it again.', accepted: null };

function deps(over: Partial<AcceptDeps> = {}): AcceptDeps & { warned: string[]; asked: string[] } {
  const warned: string[] = [];
  const asked: string[] = [];
  return { trusted: () => true, confirm: async (m) => (asked.push(m), true), warn: (m) => void warned.push(m), now: () => new Date('2026-12-01T10:00:00.000Z'), ...over, warned, asked };
}

const ws = () => mkdtempSync(join(tmpdir(), 'pm-accept-'));

describe("the dashboard's Accept button", () => {
  it('asks first, then records the acceptance with its time and source', async () => {
    const cwd = ws();
    const d = deps();
    assert.equal(await acceptFindingFlow(cwd, ERR.id, [ERR], d), 'ok');
    assert.deepEqual(d.asked, [`Accept finding ${ERR.id}?`]);
    assert.deepEqual(readAcceptances(cwd), [{ id: ERR.id, at: '2026-12-01T10:00:00.000Z', source: 'dashboard', session: null, promptId: null }]);
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
