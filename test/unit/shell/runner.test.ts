// Where a command calls the meter's own runner, and with which subcommand: through node, deno and
// npm exec, past their options.
import { strict as assert } from 'node:assert';
import { runnerCall, type RunnerCall } from '../../../src/core/shell/runner';

describe("the runner call in a command's words", () => {
  // `tally` is not a gate subcommand, so only the reading past the launcher's options finds these.
  const cases: Array<[string, string[], RunnerCall | null]> = [
    ['node reads its script after --', ['node', '--', 'proofmeter.js', 'tally'], { runner: 'proofmeter.js', sub: 'tally' }],
    ['deno run names the script after run', ['deno', 'run', 'proofmeter.js', 'tally'], { runner: 'proofmeter.js', sub: 'tally' }],
    ['deno without run names the script first', ['deno', 'proofmeter.js', 'tally'], { runner: 'proofmeter.js', sub: 'tally' }],
    ['npm exec names the runner after exec', ['npm', 'exec', 'proofmeter', 'tally'], { runner: 'proofmeter', sub: 'tally' }],
    ['npm exec -p takes the next word as its value', ['npm', 'exec', '-p', 'proofmeter', 'proofmeter', 'tally'], { runner: 'proofmeter', sub: 'tally' }],
    ['npm exec --package takes the next word as its value', ['npm', 'exec', '--package', 'proofmeter', 'proofmeter', 'tally'], { runner: 'proofmeter', sub: 'tally' }],
    ['pnpm exec -c takes the next word as its value', ['pnpm', 'exec', '-c', 'proofmeter', 'proofmeter', 'tally'], { runner: 'proofmeter', sub: 'tally' }],
    ['yarn dlx --call takes the next word as its value', ['yarn', 'dlx', '--call', 'proofmeter', 'proofmeter', 'tally'], { runner: 'proofmeter', sub: 'tally' }],
    ['npm exec of another program is no runner call', ['npm', 'exec', 'eslint', 'tally'], null],
  ];
  for (const [what, words, want] of cases) it(`${what}: ${words.join(' ')}`, () => assert.deepEqual(runnerCall(words), want));
});
