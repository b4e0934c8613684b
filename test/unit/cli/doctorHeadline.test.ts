// Doctor's headline (core/doctorHeadline.ts): the report's first and last line and VS Code's notification.
import { strict as assert } from 'node:assert';
import { doctorHeadline, type DoctorFacts } from '../../../src/core/doctorHeadline';

describe("doctor's headline says what its report says", () => {
  const ok: DoctorFacts = { armed: 10, total: 10, sealState: 'intact', runnerPresent: true };
  const cases: Array<[string, Partial<DoctorFacts>, string]> = [
    ['every gate armed and nothing else wrong', {}, 'All 10 gates armed.'],
    ['some gates not armed', { armed: 7 }, '7 of 10 gates armed.'],
    ['every gate armed but the seal broken: not a clean bill', { sealState: 'tampered' }, 'All 10 gates armed, but the seal is broken.'],
    ['a goal sealed on another machine', { sealState: 'sealed-elsewhere' }, 'All 10 gates armed, but the goal was sealed on another machine.'],
    ['the runner missing and the seal broken', { armed: 0, sealState: 'tampered', runnerPresent: false }, '0 of 10 gates armed, but the seal is broken and the hook runner is missing.'],
    ['no gates at all is not "all armed"', { armed: 0, total: 0 }, '0 of 0 gates armed.'],
  ];
  for (const [name, facts, want] of cases) it(`${name}: "${want}"`, () => assert.equal(doctorHeadline({ ...ok, ...facts }), want));
});
