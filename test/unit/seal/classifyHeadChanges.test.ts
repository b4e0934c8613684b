// Which changes the seal's diff sees at all: a part only a second proof reads, a file whose digest
// is unknown, a file that was no dependency when sealed and is gone now, a file the current snapshot
// does not list. Every finding is written out, id included, so a change to its key fails.
import { strict as assert } from 'node:assert';
import { classifySeal } from '../../../src/core/seal/classify';
import type { SealSnapshot } from '../../../src/core/seal/snapshot';
import type { Finding } from '../../../src/core/findings/finding';
import { absent, dep, found, pkg, snap, text } from './sealSnapshots';

interface Case {
  name: string;
  sealed: SealSnapshot;
  current: SealSnapshot;
  expect: Finding[];
}

const twoProofs = (): Array<[string, ReturnType<typeof dep>[]]> => [
  ['npm run a', [dep('package.json', 'manifest', ['json:scripts.a'])]],
  ['npm run b', [dep('package.json', 'manifest', ['json:scripts.b'])]],
];
const runSh = (): Array<[string, ReturnType<typeof dep>[]]> => [['sh run.sh', [dep('run.sh', 'entry')]]];

const CASES: Case[] = [
  {
    name: 'a part that only the second proof reads is still compared: the parts of a shared file are pooled',
    sealed: snap(twoProofs(), [pkg({ scripts: { a: 'mocha', b: 'eslint .' } })]),
    current: snap(twoProofs(), [pkg({ scripts: { a: 'mocha', b: 'true' } })]),
    expect: [
      found(
        'F-0gczp9e',
        'checker-trivialized',
        'package.json',
        'package.json scripts.b',
        'package.json scripts.b can no longer fail: `true` decides its exit (proof `npm run a` and 1 more)',
        4,
        "+1 line, -1 line; scripts.b: 'eslint .' → 'true'",
      ),
    ],
  },
  {
    name: 'a file with no digest on either side is compared by its text: an unknown digest is no proof that nothing changed',
    sealed: snap(runSh(), [text('run.sh', 'npm test\n', null)]),
    current: snap(runSh(), [text('run.sh', 'npm test\nnpm run lint\n', null)]),
    expect: [found('F-17eljtu', 'checker-changed', 'run.sh', 'run.sh', 'run.sh (script) changed (proof `sh run.sh`)', 2, '+1 line\n+2: npm run lint')],
  },
  {
    name: 'a file that was no dependency when sealed and is gone now was nothing to the proof either way',
    sealed: snap(runSh(), [text('run.sh', 'npm test\n'), text('lib.sh', 'x=1\n')]),
    current: snap([['sh run.sh', [dep('run.sh', 'entry'), dep('lib.sh', 'test-support')]]], [text('run.sh', 'npm test\n'), absent('lib.sh')]),
    expect: [],
  },
  {
    name: 'a script the current snapshot does not list at all was deleted, and its id is keyed `deleted`',
    sealed: snap(runSh(), [text('run.sh', 'npm test\n')]),
    current: snap(runSh(), []),
    expect: [found('F-17eljtu', 'checker-changed', 'run.sh', 'run.sh', 'run.sh was deleted (proof `sh run.sh`)', null, '-1 line\n-1: npm test')],
  },
];

describe('classifySeal: which changes are seen (classifyHead)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      assert.deepEqual(classifySeal(c.sealed, c.current), c.expect);
    });
  }
});
