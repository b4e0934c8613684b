// Doctor's verdict in VS Code: the same count as the dashboard's hook health (the status line is
// listed, not a gate, as the CLI's own verdict has it), warnings first, one thing to do.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doctorVerdict, gateCount, parseDoctorReport, type DoctorReport } from '../../../src/extension/doctorVerdict';
import { parseGates } from '../../../src/extension/gates';
import { ROOT } from '../fixture.mjs';

const gate = (hook: string, armed: boolean) => ({ hook, label: `${hook} [Event]`, armed, why: armed ? null : 'no entry in any settings file', entryIn: armed ? ['project'] : [], lastFired: null });

function report(over: Partial<DoctorReport> = {}): DoctorReport {
  return { runner: { present: true, runs: true, detail: 'ok' }, gates: [gate('plan-gate', true), gate('stop', true), gate('statusline', false)], reasons: [], seal: { state: 'intact' }, ...over };
}

describe("doctor's verdict", function () {
  it('every hook gate armed and no status line: all armed, the same count the dashboard shows', function () {
    const r = report();
    const v = doctorVerdict(r);
    assert.equal(v.ok, true);
    assert.equal(v.message, 'All 2 gates armed.');
    assert.equal(v.action, null);
    const dashboard = gateCount(parseGates(JSON.stringify(r))!);
    assert.deepEqual(dashboard, { armed: v.armed, total: v.gates });
  });

  it('warnings come first, then the count, then the one thing to do', function () {
    const v = doctorVerdict(
      report({
        gates: [gate('plan-gate', true), gate('stop', false), gate('statusline', true)],
        reasons: [
          { seen: false, text: 'not this one' },
          { seen: true, text: 'Project hooks run only in a trusted folder.' },
        ],
      }),
    );
    assert.equal(v.ok, false);
    assert.equal(v.message, 'Project hooks run only in a trusted folder. 1 of 2 gates armed. To do: install the hooks again (stop is not armed).');
    assert.equal(v.action, 'install');
  });

  it('a broken seal is the first warning and fails the verdict though every gate is armed', function () {
    const v = doctorVerdict(report({ seal: { state: 'tampered' }, reasons: [{ seen: true, text: 'Another warning.' }] }));
    assert.equal(v.ok, false);
    assert.match(v.message, /^The seal is broken: .* \(and 1 more warning\) All 2 gates armed, but the seal is broken\. To do: read the report\.$/);
    assert.equal(v.action, 'report');
  });

  it('reads the real CLI report of a folder with nothing installed', function () {
    const dir = mkdtempSync(join(tmpdir(), 'pm-docv-'));
    try {
      let out = '';
      try {
        out = execFileSync(process.execPath, [join(ROOT, 'dist', 'proofmeter.js'), 'doctor', '--dir', dir, '--json'], { encoding: 'utf8' });
      } catch (e) {
        out = (e as { stdout: string }).stdout; // exit 1: gates unarmed
      }
      const r = parseDoctorReport(out);
      assert.ok(r, out.slice(0, 300));
      const v = doctorVerdict(r);
      assert.equal(v.armed, 0);
      assert.ok(v.gates >= 6);
      assert.match(v.message, /To do: install the hooks\.$/);
      assert.deepEqual(gateCount(parseGates(out)!), { armed: 0, total: v.gates });
      assert.equal(parseDoctorReport('not json'), null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
