// The seal's diff keeps an order of its own where its final sort cannot tell findings apart: paths
// that collate as equal (an invisible character, a NUL) come by code unit, and the parts of one file
// come by name, whatever order the proofs listed them in.
import { strict as assert } from 'node:assert';
import { classifySeal } from '../../../src/core/seal/classify';
import type { DepRef } from '../../../src/core/seal/deps';
import type { FileFacts, SealSnapshot } from '../../../src/core/seal/snapshot';
import { dep, text } from './sealSnapshots';

const snap = (deps: DepRef[], files: FileFacts[]): SealSnapshot => ({ version: 1, takenAtMs: 0, proofs: [{ proof: 'sh x', deps, unresolved: [] }], gates: [], files, dirs: [] });

describe('classifySeal order (classifyHead)', () => {
  it('dependencies whose paths collate as equal are listed by code unit, not in the order the proof named them', () => {
    // localeCompare ignores NUL, U+0001 and U+200B, so only the uses' own sort decides between these.
    const paths = ['a\u0001.sh', 'a.sh', 'a\u200b.sh', 'a\u0000.sh'];
    const sealed = snap(
      paths.map((p) => dep(p, 'entry')),
      paths.map((p) => text(p, 'npm test\n')),
    );
    const current = snap(
      paths.map((p) => dep(p, 'entry')),
      paths.map((p) => text(p, 'npm test\nnpm run lint\n')),
    );
    assert.deepEqual(
      classifySeal(sealed, current).map((f) => f.file),
      ['a\u0000.sh', 'a\u0001.sh', 'a.sh', 'a\u200b.sh'],
    );
  });

  it('two changed parts of one file are reported by part name, not in the order the proof listed them', () => {
    const pkg = (a: string, b: string) => text('package.json', JSON.stringify({ scripts: { a, b } }, null, 2) + '\n');
    const deps = [dep('package.json', 'manifest', ['json:scripts.b', 'json:scripts.a'])];
    const found = classifySeal(snap(deps, [pkg('mocha', 'eslint .')]), snap(deps, [pkg('mocha --bail', 'eslint . --fix')]));
    assert.deepEqual(
      found.map((f) => f.message),
      ['package.json scripts.a changed (proof `sh x`)', 'package.json scripts.b changed (proof `sh x`)'],
    );
  });
});
