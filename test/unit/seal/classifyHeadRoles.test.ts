// How a changed file or part is read by what it is: a setup file is read for new skip and focus
// markers only (not as a test file, whose removed cases would be errors), a config part of a
// manifest is a gate's config, and a script part is a command whatever role its file has.
import { strict as assert } from 'node:assert';
import { classifySeal } from '../../../src/core/seal/classify';
import type { SealSnapshot } from '../../../src/core/seal/snapshot';
import type { Finding } from '../../../src/core/findings/finding';
import { dep, found, pkg, snap, text } from './sealSnapshots';

interface Case {
  name: string;
  sealed: SealSnapshot;
  current: SealSnapshot;
  expect: Finding[];
}

const setup = (content: string): SealSnapshot => snap([['sh x', [dep('test/setup.js', 'test-support')]]], [text('test/setup.js', content)]);

const CASES: Case[] = [
  {
    name: 'a focus marker a setup file already had when sealed is no new finding',
    sealed: setup("it.only('x', () => {});\n"),
    current: setup("it.only('x', () => {});\nbefore(() => {});\n"),
    expect: [found('F-1unmljs', 'checker-changed', 'test/setup.js', 'test/setup.js', 'test/setup.js (file a check loads) changed (proof `sh x`)', 2, '+1 line\n+2: before(() => {});')],
  },
  {
    name: 'a test case removed from a setup file is a plain change: only its skip and focus markers are read',
    sealed: setup("before(() => {});\nit('a', () => { assert.ok(1); });\n"),
    current: setup('before(() => {});\n'),
    expect: [found('F-00g6bst', 'checker-changed', 'test/setup.js', 'test/setup.js', 'test/setup.js (file a check loads) changed (proof `sh x`)', 2, "-1 line\n-2: it('a', () => { assert.ok(1); });")],
  },
  {
    name: 'a config part of a package manifest that changed is a gate config change, not a checker change',
    sealed: snap([['npm test', [dep('package.json', 'manifest', ['json:jest'])]]], [pkg({ jest: { bail: true } })]),
    current: snap([['npm test', [dep('package.json', 'manifest', ['json:jest'])]]], [pkg({ jest: { bail: false } })]),
    expect: [found('F-1g1y5uv', 'gate-config-changed', 'package.json', 'package.json jest', 'package.json jest changed (proof `npm test`)', 2, '+1 line, -1 line\n-3:   "bail": true\n+3:   "bail": false')],
  },
  {
    name: 'a script part of a file the proof takes for a test file is still read as a command',
    sealed: snap([['npm test', [dep('package.json', 'test', ['json:scripts.test'])]]], [pkg({ scripts: { test: 'mocha' } })]),
    current: snap([['npm test', [dep('package.json', 'test', ['json:scripts.test'])]]], [pkg({ scripts: { test: 'true' } })]),
    expect: [
      found(
        'F-0n54e5c',
        'checker-trivialized',
        'package.json',
        'package.json scripts.test',
        'package.json scripts.test can no longer fail: `true` decides its exit (proof `npm test`)',
        3,
        "+1 line, -1 line; scripts.test: 'mocha' → 'true'",
      ),
    ],
  },
];

describe('classifySeal: a change read by its role (classifyHead)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      assert.deepEqual(classifySeal(c.sealed, c.current), c.expect);
    });
  }
});
