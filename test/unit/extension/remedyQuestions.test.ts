// What each remedy asks before it acts (issue 27: M1, M2 and the Accept dialog): the change named,
// the action's own button, and a default button that changes nothing. Read from a real sealed
// workspace where the question rests on files (Uninstall's scope, the sealed goal text).
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNNER_REL } from '../../../src/core/install/entries';
import { GUARD_SCRIPT_REL } from '../../../src/core/install/guardScript';
import { goalPath } from '../../../src/workspace/goalState';
import { goalNow, sealedTextOf, uninstallScope } from '../../../src/extension/remedyFacts';
import { acceptQuestion, resealQuestion, restoreQuestion, uninstallQuestion, type Question } from '../../../src/extension/remedyQuestions';
import { sealed } from '../sealRecord/sealedWorkspace';

/** The default button is not the action, and neither is empty. */
function safeDefault(q: Question): void {
  assert.ok(q.keep && q.action && q.keep !== q.action, `${q.keep} / ${q.action}`);
  assert.doesNotMatch(q.keep, new RegExp(`^${q.action}$`));
}

describe('the remedies ask before they act', () => {
  it('Restore Goal names the file, the seal date and what stays', () => {
    const q = restoreQuestion({ sealedAt: '2026-12-01T10:00:00Z', missing: false, others: 1 });
    assert.equal(q.message, 'Restore the goal as it was sealed 2026-12-01T10:00:00Z?');
    assert.match(q.detail, /goal\.json is replaced \(the diff shows both\) with the goal as you froze it/);
    assert.match(q.detail, /1 other integrity finding stays/);
    assert.equal(q.action, 'Restore');
    safeDefault(q);
    assert.match(restoreQuestion({ sealedAt: 'x', missing: true, others: 0 }).detail, /is missing; it is written again[\s\S]*The seal is intact again afterwards/);
  });

  it('Reseal lists the goal it seals, item by item, and the findings it takes back', () => {
    const items = Array.from({ length: 14 }, (_, i) => ({ id: `S${i + 1}`, owner: 'claude', proof: `test ${i + 1}` }));
    const q = resealQuestion({ goal: { title: 'Ship', planPath: 'PLAN.md', items }, findings: [{ id: 'F-0000001', kind: 'meter-tampered' }], elsewhere: false });
    assert.match(q.detail, /^It seals this goal on this machine, as it is now: Ship \(PLAN\.md\), 14 items:\n• S1 \(claude\): test 1\n/);
    assert.match(q.detail, /• S12 \(claude\): test 12\n• … and 2 more/);
    assert.doesNotMatch(q.detail, /S13/);
    assert.match(q.detail, /It takes back 1 finding: F-0000001 \(meter-tampered\)\. Reseal only a change you made or reviewed\./);
    assert.equal(q.action, 'Reseal');
    safeDefault(q);
    const here = resealQuestion({ goal: { title: null, planPath: null, items: [] }, findings: [], elsewhere: true });
    assert.equal(here.message, 'Seal the goal on this machine?');
    assert.match(here.detail, /came with the checkout, sealed on another machine: check its items against your plan first/);
  });

  it('Accept names the finding and says where the change is shown', () => {
    const q = acceptQuestion({ id: 'F-1a2b3c4', message: 'A test was skipped.', diffShown: true });
    assert.equal(q.message, 'Accept finding F-1a2b3c4?');
    assert.match(q.detail, /^A test was skipped\.\n\nThe change is open beside: the sealed text on the left, the file now on the right\.\n\nAn accepted error/);
    assert.doesNotMatch(acceptQuestion({ id: 'F-1a2b3c4', message: 'm', diffShown: false }).detail, /open beside/);
    assert.equal(q.action, 'Accept');
    safeDefault(q);
  });

  it('Uninstall names the entries, the sandbox keys and the files it removes, and what it keeps', () => {
    const q = uninstallQuestion([{ file: '.claude/settings.json', entries: 9, statusLine: true, sandbox: ['sandbox.enabled', 'permissions.deny (2 added)'] }], [`${RUNNER_REL} (the hook runner)`]);
    assert.equal(q.message, 'Uninstall the Proofmeter hooks?');
    assert.equal(
      q.detail,
      [
        'It removes:',
        '• from .claude/settings.json: 9 hook entries and the status line; your other settings are kept, the file as it was is backed up',
        '• from .claude/settings.json, the sandbox settings install added: sandbox.enabled, permissions.deny (2 added)',
        `• ${RUNNER_REL} (the hook runner)`,
        '',
        'The goal and the records in .claude/proofmeter/ are kept. Without the hooks nothing keeps Claude at the goal or counts its proofs.',
      ].join('\n'),
    );
    assert.equal(q.action, 'Uninstall');
    safeDefault(q);
  });
});

describe('what the remedies read before they ask', () => {
  it("Uninstall's scope in an installed workspace: every hook entry of settings.json and the meter's files", () => {
    const s = sealed();
    const scope = uninstallScope(s.ws);
    assert.equal(scope.places.length, 1);
    const p = scope.places[0]!;
    assert.equal(p.file, '.claude/settings.json');
    const settings = readFileSync(join(s.ws, '.claude', 'settings.json'), 'utf8');
    const hooks = (JSON.parse(settings) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> }).hooks;
    const commands = Object.values(hooks).flatMap((groups) => groups.flatMap((g) => g.hooks.map((h) => h.command)));
    assert.equal(p.entries, commands.filter((c) => c.includes('.claude/proofmeter/')).length);
    assert.equal(p.statusLine, true);
    assert.ok(p.entries > 0);
    assert.ok(scope.files.some((f) => f.startsWith(RUNNER_REL)), scope.files.join(', '));
    assert.ok(scope.files.some((f) => f.startsWith(GUARD_SCRIPT_REL)), scope.files.join(', '));
  });

  it('the sealed text of a changed goal is the goal as frozen, and the goal now is what a reseal seals', () => {
    const s = sealed();
    const frozen = readFileSync(goalPath(s.ws), 'utf8');
    const changed = JSON.parse(frozen) as { title: string | null };
    changed.title = 'Changed';
    writeFileSync(goalPath(s.ws), JSON.stringify(changed));
    assert.equal(sealedTextOf(s.ws, s.env, goalPath(s.ws)), frozen);
    assert.equal(goalNow(s.ws)?.title, 'Changed');
    assert.deepEqual(goalNow(s.ws)?.items.map((i) => [i.id, i.proof]), [
      ['S1', 'test -f made.txt'],
      ['S2', 'grep -q ok made.txt'],
    ]);
    assert.equal(sealedTextOf(s.ws, s.env, join(s.ws, 'not-sealed.txt')), null);
  });
});
