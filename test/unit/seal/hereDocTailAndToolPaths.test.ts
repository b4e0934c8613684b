// What ends a here-document and which path names a tool: the delimiter line is dropped only when,
// without its leading tabs, it is the delimiter itself; a tool is followed by name only from
// node_modules or the PATH, while any other path is a script of the project.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';

const A = { 'a.sh': 'true\n' };
const notes = (proof: string, files: Record<string, string>) => resolveProof(proof, memoryView(files)).unresolved;
const deps = (proof: string, files: Record<string, string>) => resolveProof(proof, memoryView(files)).deps.map((d) => `${d.role} ${d.path}`);

describe('the last line of a here-document', () => {
  it('a delimiter after a trailing newline is still left out', () => {
    assert.deepEqual(notes('sh <<EOF\nsh a.sh\nEOF\n', A), []);
  });
  it('a delimiter indented by two tabs under <<- is left out', () => {
    assert.deepEqual(notes('sh <<-END\n\tsh a.sh\n\t\tEND', A), []);
  });
  it('an unterminated here-document ending in a newline runs its last line as written', () => {
    assert.deepEqual(deps('sh <<EOF\nsh a.sh\n', A), ['entry a.sh']);
  });
  it('a here-document taken by a << that has no delimiter word keeps its every line', () => {
    // The first << gets the body but no word, so no line can be its delimiter.
    assert.deepEqual(notes('sh << <<EOF\nStryker was here!', {}), ['the proof: `Stryker` is not a tool the seal reads; its own files are not followed']);
  });
  it('a tab inside the last line does not make it the delimiter', () => {
    assert.deepEqual(notes('sh <<EOF\nsh a.sh\nEO\tF', A), ['the proof: `EO` is not a tool the seal reads; its own files are not followed']);
  });
});

describe('a tool named by a path', () => {
  it('a runner in node_modules/.bin is the tool, so its test files are followed', () => {
    assert.deepEqual(deps('node_modules/.bin/mocha test/a.test.js', { 'test/a.test.js': '' }), ['test test/a.test.js']);
  });
  it('a project script named like a tool is a script, not the tool', () => {
    assert.deepEqual(deps('./bin/mocha test/a.test.js', { 'bin/mocha': 'true\n', 'test/a.test.js': '' }), ['entry bin/mocha']);
  });
  it('lint after a word other than next is no eslint run', () => {
    assert.deepEqual(notes('foo lint', {}), ['the proof: `foo` is not a tool the seal reads; its own files are not followed']);
  });
});
