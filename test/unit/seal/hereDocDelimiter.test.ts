// A here-document fed to a shell is read as the commands it holds, without the delimiter line that
// ends it: `sh <<EOF … EOF` runs no command named EOF, so the seal notes none.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';

describe('a here-document given to a shell', () => {
  it('is read without its delimiter line', () => {
    const r = resolveProof('sh <<EOF\nsh a.sh\nEOF', memoryView({ 'a.sh': 'true\n' }));
    assert.deepEqual(r.unresolved, []);
    assert.deepEqual(r.deps.map((d) => d.path), ['a.sh']);
  });

  it('with <<- its tab-indented delimiter is left out too', () => {
    assert.deepEqual(resolveProof('sh <<-END\n\tsh a.sh\n\tEND', memoryView({ 'a.sh': 'true\n' })).unresolved, []);
  });

  it('a last line that is not the delimiter is read as a command', () => {
    assert.deepEqual(resolveProof('sh <<EOF\nsh a.sh\nnext build', memoryView({ 'a.sh': 'true\n' })).unresolved, ['the proof: `next` is not a tool the seal reads; its own files are not followed']);
  });
});
