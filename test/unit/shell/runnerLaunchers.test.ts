// The runner call through launchers, exactly: inline-code flags, `--`, package options and exec verbs.
import { strict as assert } from 'node:assert';
import { runnerCall, type RunnerCall } from '../../../src/core/shell/runner';

describe('the runner call through a launcher, exactly', () => {
  const found = (runner: string, sub: string | null): RunnerCall => ({ runner, sub });
  const cases: Array<[string, RunnerCall | null]> = [
    ['node -- -x.js hook', found('-x.js', 'hook')],
    ['node a.js tally', null],
    ['node -e proofmeter.js tally', null],
    ['node -xe proofmeter.js tally', null],
    ['node --eval proofmeter.js tally', null],
    ['node --print proofmeter.js tally', null],
    ['node --inline-e proofmeter.js tally', found('proofmeter.js', 'tally')],
    ['node -ex proofmeter.js tally', found('proofmeter.js', 'tally')],
    ['node run proofmeter.js tally', null],
    ['npx -p pkg proofmeter tally', found('proofmeter', 'tally')],
    ['npx --package pkg proofmeter tally', found('proofmeter', 'tally')],
    ['npx -c pkg proofmeter tally', found('proofmeter', 'tally')],
    ['npx --call pkg proofmeter tally', found('proofmeter', 'tally')],
    ['foo exec proofmeter tally', null],
    ['npm run proofmeter tally', null],
  ];
  for (const [cmd, want] of cases) {
    it(`\`${cmd}\` reads as ${JSON.stringify(want)}`, () => {
      assert.deepEqual(runnerCall(cmd.split(' ')), want);
    });
  }
});
