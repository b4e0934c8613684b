// Loosening hints read each side of a config diff on its own: an exclude that was removed is no
// exclude added, a glob that was added is no glob narrowed. And a test dependency read by a part
// (a config section a test runner reads) is judged like a config part, except that losing it
// deletes a test. Each case lists every finding in full.
import { strict as assert } from 'node:assert';
import { classifySeal } from '../../../src/core/seal/classify';
import type { SealSnapshot } from '../../../src/core/seal/snapshot';
import type { Finding } from '../../../src/core/findings/finding';
import { absent, dep, finding, snap, text } from './sealSnapshots';



const RC = dep('.mocharc.yml', 'runner-config');
const SECTION = dep('setup.cfg', 'test', ['section:tool:pytest']);
const CFG = '[tool:pytest]\naddopts = -q\n';

const CASES: Array<{ name: string; sealed: SealSnapshot; current: SealSnapshot; expect: Finding[] }> = [
  {
    name: 'a removed exclude and an added glob give no hint: each hint reads only its own side of the diff (the spec set where the default ran is a narrowing)',
    sealed: snap([['mocha', [RC]]], [text('.mocharc.yml', 'ignore: x\nreporter: dot\n')]),
    current: snap([['mocha', [RC]]], [text('.mocharc.yml', 'reporter: dot\nspec: test/**\n')]),
    expect: [finding('F-1acrvqp', 'runner-config-narrowed', true, '.mocharc.yml', '.mocharc.yml', '.mocharc.yml changed; settings that decide what runs: spec added (proof `mocha`)', 1, '+1 line, -1 line\n-1: ignore: x\n+2: spec: test/**')],
  },
  {
    name: 'a test section that is removed is a deleted test, an error',
    sealed: snap([['x', [SECTION]]], [text('setup.cfg', CFG)]),
    current: snap([['x', [SECTION]]], [absent('setup.cfg')]),
    expect: [finding('F-1t4sdme', 'test-deleted', true, 'setup.cfg', 'setup.cfg [tool:pytest]', 'setup.cfg [tool:pytest] was removed (proof `x`)', null, '-2 lines\n-1: [tool:pytest]\n-2: addopts = -q')],
  },
  {
    name: 'a test section that is new is still said, unlike a new whole test file with nothing in it',
    sealed: snap([['x', []]], [absent('setup.cfg')]),
    current: snap([['x', [SECTION]]], [text('setup.cfg', CFG)]),
    expect: [finding('F-1bn570c', 'gate-config-changed', false, 'setup.cfg', 'setup.cfg [tool:pytest]', 'setup.cfg [tool:pytest] was added (proof `x`)', 1, '+2 lines\n+1: [tool:pytest]\n+2: addopts = -q')],
  },
];

describe('the seal diff: hint sides and test dependencies read by a part', () => {
  for (const c of CASES) {
    it(c.name, () => {
      assert.deepEqual(classifySeal(c.sealed, c.current), c.expect);
    });
  }
});
