import { strict as assert } from 'node:assert';
import { parseHandover } from '../../../src/core/evidence/handover';

describe('parseHandover: the handover is the whole command, read by the shared shell reading', () => {
  const handovers: [string, { id: string; why: string }][] = [
    ['proofmeter handover S2 --why "needs production credentials"', { id: 'S2', why: 'needs production credentials' }],
    ['npx proofmeter handover V1 --why=nightly', { id: 'V1', why: 'nightly' }],
    ["node .claude/proofmeter/proofmeter.js handover S3 --why 'the key is the person'\"'\"'s'", { id: 'S3', why: "the key is the person's" }],
    ['  CI=1 proofmeter handover S4 --why "costs $5"  ', { id: 'S4', why: 'costs $5' }],
    ['proofmeter handover S5 \\\n  --why "split over lines"', { id: 'S5', why: 'split over lines' }],
  ];
  for (const [cmd, want] of handovers) {
    it(`reads ${JSON.stringify(cmd)}`, () => assert.deepEqual(parseHandover(cmd), want));
  }
  const not = [
    'proofmeter handover S2',
    'proofmeter handover S2 --why ""',
    'echo x && proofmeter handover S2 --why "y"',
    'proofmeter handover S2 --why "y" || true',
    'proofmeter handover S2 --why "y"; rm x',
    'proofmeter handover S2 --why "y" > log',
    'proofmeter handover S2 --why "y" &',
    'proofmeter handover S2 --why "y" # note',
    'proofmeter handover S2 --why $(cat why.txt)',
    'proofmeter handover S2 --why "$(cat why.txt)"',
    'proofmeter handover S2 --why `cat why.txt`',
    'proofmeter handover S2 --why "unclosed',
    'sudo proofmeter handover S2 --why "y"',
    'echo proofmeter handover S2 --why y',
    'proofmeter handover 2 --why y',
    'proofmeter handover S2 --why y --force',
  ];
  for (const cmd of not) {
    it(`is not a handover: ${JSON.stringify(cmd)}`, () => assert.equal(parseHandover(cmd), null));
  }
});

describe('parseHandover reads only the plain spelling of a handover', () => {
  const table: Array<[string, string, { id: string; why: string } | null]> = [
    ['an id of several letters is read', 'proofmeter handover AB2 --why y', { id: 'AB2', why: 'y' }],
    ['an id of several digits is read', 'proofmeter handover S12 --why y', { id: 'S12', why: 'y' }],
    ['an id with something before its letters is no id', 'proofmeter handover _S2 --why y', null],
    ['an id with something after its digits is no id', 'proofmeter handover S2x --why y', null],
    ['the reason is read without the spaces around it', 'proofmeter handover S2 --why "  y  "', { id: 'S2', why: 'y' }],
    ['a reason of spaces only is no reason', 'proofmeter handover S2 --why "   "', null],
    ['`--why` with nothing after it is no reason', 'proofmeter handover S2 --why', null],
    ['an option other than `--why` before it makes it no handover', 'proofmeter handover S2 --force --why y', null],
    ['a reason given under another option is no reason', 'proofmeter handover S2 --reason y', null],
    ['a command ended by a newline is read', 'proofmeter handover S2 --why y\n', { id: 'S2', why: 'y' }],
    ['a command ended by `;` is more than the handover', 'proofmeter handover S2 --why y;', null],
    ['a `)` that closes nothing, then another command, is more than the handover', 'proofmeter handover S2 --why y ) rm x', null],
    ['a negated handover is not the handover', '! proofmeter handover S2 --why y', null],
    ['a handover piped into another command is not the handover', 'proofmeter handover S2 --why y | cat', null],
    ['a variable left unexpanded in the reason makes it no handover', 'proofmeter handover S2 --why $HOME', null],
    ['a variable left unexpanded after a quoted part of the reason makes it no handover', 'proofmeter handover S2 --why "home: "$HOME', null],
    ['another subcommand of the runner is no handover, even with `handover` later in it', 'proofmeter tally S2 --why handover', null],
    ['a program whose path looks like a variable assignment is not an assignment before the runner', './CI=1 proofmeter handover S2 --why y', null],
    // The raw text must name `handover` as it stands: a subcommand spelled with quotes inside it is
    // left unread, the strict side, as every other unusual spelling is.
    ['a subcommand name spelled with quotes inside it is not read', "proofmeter hand''over S2 --why y", null],
  ];
  for (const [why, cmd, want] of table) it(`${why}: ${JSON.stringify(cmd)}`, () => assert.deepEqual(parseHandover(cmd), want));
});
