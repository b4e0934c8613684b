import { strict as assert } from 'node:assert';
import { isCheckList, itemKey } from '../../../src/core/plan/itemKey';

describe('itemKey', () => {
  const cases: [string, string, string, string][] = [
    ['joins list and text', 'Steps', 'S1. Parse', 'steps:s1. parse'],
    ['drops bold markers', 'Steps', '**S1.** Parse **now**', 'steps:s1. parse now'],
    ['folds white space', 'Steps', 'S1.  Parse\n\tthe   plan', 'steps:s1. parse the plan'],
    ['trims the ends of the whole key', '  Steps', 'S1. Parse  ', 'steps:s1. parse'],
    ['lower-cases', 'Checks', 'V12. Run `NPM Test`', 'checks:v12. run `npm test`'],
    ['folds CRLF', 'Steps', 'S1. a\r\nb', 'steps:s1. a b'],
    ['keeps single stars', 'Steps', 'S1. *maybe* 2*3', 'steps:s1. *maybe* 2*3'],
  ];
  for (const [name, list, text, want] of cases) {
    it(name, () => assert.equal(itemKey(list, text), want));
  }

  it('gives the same key to a re-flowed, re-bolded item', () => {
    assert.equal(itemKey('Steps', '**S1.** Parse the\nplan'), itemKey('Steps', 'S1. parse the plan'));
  });
});

describe('isCheckList', () => {
  const cases: [string, boolean][] = [
    ['Checks', true],
    ['Check', true],
    ['checks', true],
    ['Verify', true],
    ['Verification', true],
    ['Verification steps', true],
    ['Test', true],
    ['Tests', true],
    ['Test plan', true],
    ['Unit-tests', true],
    ['How to verify it', true],
    ['TESTS', true],
    ['Steps', false],
    ['', false],
    ['Latest changes', false],
    ['Contest rules', false],
    ['Checkout flow', false],
    ['Verifying', false],
    ['Attestation', false],
  ];
  for (const [list, want] of cases) {
    it(`${JSON.stringify(list)} -> ${want}`, () => assert.equal(isCheckList(list), want));
  }
});
