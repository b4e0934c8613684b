// The seal check's two finding kinds as the check builds them: every field literal, the id fixed
// by the kind, what changed and the fact, so an acceptance keeps holding for the same change.
import { strict as assert } from 'node:assert';
import { disarmed, RECOVER, SEAL_KINDS, tampered, UNSEALED_RECOVER } from '../../../src/core/sealRecord/findings';

const RECOVER_TEXT =
  'Run `proofmeter doctor` in your own terminal to see what changed; after reviewing it, `proofmeter doctor --reseal` accepts it (or `proofmeter install` / `proofmeter doctor --restore` puts the meter back).';

describe('the seal findings', () => {
  it('the way back names doctor, --reseal, install and --restore', () => assert.equal(RECOVER, RECOVER_TEXT));

  it('the way back for a goal with no seal names doctor, --reseal and adopt', () =>
    assert.equal(UNSEALED_RECOVER, 'Check its items against your plan (`proofmeter doctor` in your own terminal), then run `proofmeter doctor --reseal` to seal it, or `proofmeter adopt <plan>` to freeze your plan again.'));

  it('tampered: a meter-tampered error with the message and file, the default way back and no line or evidence', () =>
    assert.deepEqual(tampered('goal', 'missing', 'The frozen goal is missing.', '.claude/proofmeter/goal.json'), {
      id: 'F-1436r8c',
      kind: 'meter-tampered',
      severity: 'error',
      message: 'The frozen goal is missing.',
      action: RECOVER_TEXT,
      file: '.claude/proofmeter/goal.json',
      line: null,
      evidence: null,
    }));

  it('tampered: another way back when given one, and no file', () => {
    const f = tampered('seal', 'missing', 'm', null, 'do this');
    assert.equal(f.action, 'do this');
    assert.equal(f.file, null);
    assert.equal(f.id, 'F-0rs03g2');
  });

  it('tampered: the id follows the fact', () => assert.equal(tampered('goal', 'abc', 'm', null).id, 'F-0at481w'));

  it('disarmed: a hooks-disarmed error naming the level and every change, joined by semicolons', () =>
    assert.deepEqual(disarmed('project', 'abc', ['disableAllHooks went from null to true', 'env PATH set for hooks'], '/w/.claude/settings.json'), {
      id: 'F-0guxr1k',
      kind: 'hooks-disarmed',
      severity: 'error',
      message: 'project settings changed since the goal was sealed: disableAllHooks went from null to true; env PATH set for hooks.',
      action: RECOVER_TEXT,
      file: '/w/.claude/settings.json',
      line: null,
      evidence: null,
    }));

  it('disarmed: the id follows the level', () => assert.equal(disarmed('user', 'abc', ['x'], '/h/.claude/settings.json').id, 'F-1h360wo'));

  it('SEAL_KINDS holds exactly the two seal kinds', () => {
    assert.deepEqual([...SEAL_KINDS].sort(), ['hooks-disarmed', 'meter-tampered']);
    assert.equal(SEAL_KINDS.has('plan-changed'), false);
  });
});
