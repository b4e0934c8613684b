// Which sealed proofs run a file as a test, read from the seal's content snapshot: the snapshot's
// text is searched for the path as JSON.stringify writes it (as the meter writes the snapshot)
// before anything is parsed, so a snapshot naming the file only in another JSON spelling of it
// (`\/` for `/`, `\u0061` for `a`) lists no proof for it.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sealedTestProofs } from '../../../src/hooks/guardTests';
import { contentPathBeside, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';
import { workspace } from './helpers';

describe('the sealed proofs that run a file as a test', () => {
  const snapshots: Array<[string, string, string[]]> = [
    ['names the file as JSON.stringify writes it', '{"proofs":[{"proof":"npm test","deps":[{"path":"test/a.test.js","role":"test"}]}]}', ['npm test']],
    ['names it with its slash escaped', '{"proofs":[{"proof":"npm test","deps":[{"path":"test\\/a.test.js","role":"test"}]}]}', []],
    ['names it with a letter as a unicode escape', '{"proofs":[{"proof":"npm test","deps":[{"path":"test/\\u0061.test.js","role":"test"}]}]}', []],
    ['names it as a source file, not a test', '{"proofs":[{"proof":"npm test","deps":[{"path":"test/a.test.js","role":"source"}]}]}', []],
  ];
  for (const [name, text, want] of snapshots) {
    it(`a snapshot that ${name} gives ${JSON.stringify(want)}`, () => {
      const w = workspace();
      const snap = contentPathBeside(workspaceSealPath(w.ws));
      mkdirSync(dirname(snap), { recursive: true });
      writeFileSync(snap, text + '\n');
      assert.deepEqual(sealedTestProofs(w.ws, w.env, 'test/a.test.js'), want);
    });
  }
});
