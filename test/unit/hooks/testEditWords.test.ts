// Which sealed proofs run a test file, and the guard's words for an edit that skips or focuses
// tests in it (guardTests.ts; mutation testing found these rules unguarded).
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sealedTestProofs, testEditReason } from '../../../src/hooks/guardTests';
import { contentPathBeside, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';
import { workspace } from './helpers';

const TEST = "describe('sum', () => {\n  it('adds', () => {});\n  it('subtracts', () => {});\n});\n";

function sealed(proofs: Array<{ proof: string; deps: Array<{ path: string; role: string }> }>) {
  const w = workspace();
  const snap = contentPathBeside(workspaceSealPath(w.ws));
  mkdirSync(dirname(snap), { recursive: true });
  writeFileSync(snap, JSON.stringify({ proofs }));
  return w;
}

describe('sealed test files and the words for skipping their tests', () => {
  it('a file is a sealed test only of the proofs that list it with the test role', () => {
    const w = sealed([
      { proof: 'npm test', deps: [{ path: 'test/a.test.js', role: 'test' }] },
      { proof: 'npm run lint', deps: [{ path: 'test/a.test.js', role: 'source' }] },
      { proof: 'npm run other', deps: [{ path: 'test/b.test.js', role: 'test' }] },
    ]);
    assert.deepEqual(sealedTestProofs(w.ws, { HOME: w.home }, 'test/a.test.js'), ['npm test']);
  });

  const edits: Array<[string, string, string[], string]> = [
    ['two skips', TEST.replace("it('adds'", "it.skip('adds'").replace("it('subtracts'", "it.skip('subtracts'"), ['npm test'], 'skip 2 tests'],
    ['two focused tests', TEST.replace("it('adds'", "it.only('adds'").replace("it('subtracts'", "it.only('subtracts'"), ['npm test'], 'focus 2 tests'],
    ['one focused test', TEST.replace("it('adds'", "it.only('adds'"), ['npm test'], 'focus a test'],
  ];
  for (const [name, after, proofs, what] of edits) {
    it(`an edit adding ${name} is refused as “${what}”`, () => {
      const w = sealed([{ proof: 'npm test', deps: [{ path: 'test/a.test.js', role: 'test' }] }]);
      const r = testEditReason(join(w.ws, 'test', 'a.test.js'), w.ws, { HOME: w.home }, () => TEST, () => after);
      assert.match(r ?? '', new RegExp(`^Proofmeter guard: this edit would ${what} in test/a\\.test\\.js \\(line 2: .*\\), a test file the sealed proof \`${proofs[0]}\` runs;`));
    });
  }

  it('a file two sealed proofs run names both', () => {
    const w = sealed([
      { proof: 'npm test', deps: [{ path: 'test/a.test.js', role: 'test' }] },
      { proof: 'npm run e2e', deps: [{ path: 'test/a.test.js', role: 'test' }] },
    ]);
    const r = testEditReason(join(w.ws, 'test', 'a.test.js'), w.ws, { HOME: w.home }, () => TEST, () => TEST.replace("it('adds'", "it.skip('adds'"));
    assert.equal(r, "Proofmeter guard: this edit would skip a test in test/a.test.js (line 2: `it.skip('adds', () => {});`), a test file the sealed proofs `npm test`, `npm run e2e` run; a skipped or focused test lets the proof pass without the work. Make the code pass the test as it is; if the test itself is wrong, ask the person.");
  });
});
