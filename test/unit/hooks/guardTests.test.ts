// The guard refuses an Edit/Write/MultiEdit that skips or focuses a test in a file a sealed proof
// runs (the seal's content snapshot lists it as a test), and lets every other edit of it through.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { denyReason, gate, payload, workspace, type Payload, type Workspace } from './helpers';
import { addedMarkers } from '../../../src/hooks/guardTests';
import { sealWorkspace } from '../../../src/workspace/seal/snapshot';
import { contentPathBeside, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';

const TEST = "const assert = require('assert');\ndescribe('sum', () => {\n  it('adds', () => {\n    assert.equal(1 + 1, 2);\n  });\n  it('subtracts', () => {\n    assert.equal(2 - 1, 1);\n  });\n});\n";

function sealed(): Workspace {
  const w = workspace();
  mkdirSync(join(w.ws, 'test'), { recursive: true });
  mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
  writeFileSync(join(w.ws, 'package.json'), JSON.stringify({ name: 'x', scripts: { test: 'mocha' } }));
  writeFileSync(join(w.ws, 'test', 'a.test.js'), TEST);
  // mocha's default spec is ./test/*.{js,cjs,mjs}: a file in lib/ is not one its proof runs.
  mkdirSync(join(w.ws, 'lib'), { recursive: true });
  writeFileSync(join(w.ws, 'lib', 'other.test.js'), TEST);
  writeFileSync(contentPathBeside(workspaceSealPath(w.ws)), JSON.stringify(sealWorkspace(w.ws, ['npm test'])) + '\n');
  return w;
}

describe('guard: skipped and focused tests in a sealed proof\'s test files', () => {
  // Sealing runs src/core/seal (which files the proof runs as tests), so each table test seals its
  // own workspace while it runs; the rows are thunks over that workspace, called inside the test.
  let w: Workspace;
  let file: string;
  const tool = (tool_name: string, tool_input: Record<string, unknown>): Payload => payload('pretool-bash', { cwd: w.ws, tool_name, tool_input });
  const cases: Array<[string, () => Payload, RegExp | null]> = [
    ['Edit adding .skip', () => tool('Edit', { file_path: file, old_string: "it('adds'", new_string: "it.skip('adds'" }), /would skip a test in test\/a\.test\.js \(line 3: `it\.skip\('adds', \(\) => \{`\), a test file the sealed proof `npm test` runs/],
    ['Edit adding .only', () => tool('Edit', { file_path: file, old_string: "it('subtracts'", new_string: "it.only('subtracts'" }), /would focus a test in test\/a\.test\.js \(line 6/],
    ['Edit to xit (relative path)', () => tool('Edit', { file_path: 'test/a.test.js', old_string: "it('adds'", new_string: "xit('adds'" }), /would skip a test/],
    ['Edit to fit', () => tool('Edit', { file_path: file, old_string: "it('adds'", new_string: "fit('adds'" }), /would focus a test/],
    ['Edit to it.todo', () => tool('Edit', { file_path: file, old_string: "it('adds', () => {\n    assert.equal(1 + 1, 2);\n  });", new_string: "it.todo('adds');" }), /would skip a test/],
    ['Edit skipping the suite', () => tool('Edit', { file_path: file, old_string: "describe('sum'", new_string: "describe.skip('sum'" }), /would skip a test/],
    ['Write of the file with this.skip()', () => tool('Write', { file_path: file, content: TEST.replace("it('adds', () => {", "it('adds', function () {\n    this.skip();") }), /would skip a test/],
    ['MultiEdit skipping and focusing', () => tool('MultiEdit', { file_path: file, edits: [{ old_string: "it('adds'", new_string: "it.skip('adds'" }, { old_string: "it('subtracts'", new_string: "it.only('subtracts'" }] }), /would skip and focus tests/],
    ['Edit of an assertion', () => tool('Edit', { file_path: file, old_string: '1 + 1, 2', new_string: '2 + 2, 4' }), null],
    ['Edit adding a test', () => tool('Edit', { file_path: file, old_string: '});\n', new_string: "});\nit('more', () => {});\n" }), null],
    ['Edit adding a test above an existing skip-free file (lines move)', () => tool('Edit', { file_path: file, old_string: "const assert = require('assert');\n", new_string: "const assert = require('assert');\n// about sums\n" }), null],
    ['Edit adding .skip to a file no sealed proof runs as a test', () => tool('Edit', { file_path: join(w.ws, 'lib', 'other.test.js'), old_string: "it('adds'", new_string: "it.skip('adds'" }), null],
    ['Edit whose old_string is not there', () => tool('Edit', { file_path: file, old_string: 'nope', new_string: "it.skip('x'" }), null],
  ];
  for (const [name, input, want] of cases) {
    it(`${want ? 'denies' : 'allows'}: ${name}`, async () => {
      w = sealed();
      file = join(w.ws, 'test', 'a.test.js');
      const r = await gate('guard', input(), w);
      if (!want) {
        assert.equal(r.answer.outcome, 'allow', r.answer.stdout);
        return;
      }
      assert.equal(r.answer.outcome, 'deny');
      const reason: string = denyReason(r);
      assert.match(reason, want);
      assert.match(reason, /Make the code pass the test as it is; if the test itself is wrong, ask the person\. If you, the person, want to allow this once, type: allow G-[0-9a-f]{6}$/);
    });
  }

  it('a skip already there before the edit is not the edit\'s doing', async () => {
    const v = sealed();
    const f = join(v.ws, 'test', 'a.test.js');
    writeFileSync(f, TEST.replace("it('adds'", "it.skip('adds'"));
    const r = await gate('guard', payload('pretool-bash', { cwd: v.ws, tool_name: 'Edit', tool_input: { file_path: f, old_string: '2 - 1, 1', new_string: '3 - 1, 2' } }), v);
    assert.equal(r.answer.outcome, 'allow');
  });

  it('without a seal the guard does not look at test files', async () => {
    const v = workspace();
    mkdirSync(join(v.ws, 'test'), { recursive: true });
    writeFileSync(join(v.ws, 'test', 'a.test.js'), TEST);
    const r = await gate('guard', payload('pretool-bash', { cwd: v.ws, tool_name: 'Edit', tool_input: { file_path: join(v.ws, 'test', 'a.test.js'), old_string: "it('adds'", new_string: "it.skip('adds'" } }), v);
    assert.equal(r.answer.outcome, 'allow');
  });

  it('addedMarkers matches by text, so moved lines are not new markers', () => {
    const m = (line: number, text: string) => ({ line, text });
    assert.deepEqual(addedMarkers([m(3, 'it.skip(a)')], [m(5, 'it.skip(a)'), m(9, 'it.skip(b)')]), [m(9, 'it.skip(b)')]);
    assert.deepEqual(addedMarkers([m(3, 'it.skip(a)')], [m(5, 'it.skip(a)'), m(9, 'it.skip(a)')]), [m(9, 'it.skip(a)')]);
  });
});
