// The resolver's shell forms and notes: a `$( … )` substitution read as a command, `cd -` staying
// where it is, `sh -c` with no text, a `+` option before a shell's file, a here-document after
// another redirect, and which commands get a "not a tool the seal reads" note.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import type { Files } from './helpers';

const deps = (files: Files, proof: string) => resolveProof(proof, memoryView(files)).deps.map((d) => `${d.role} ${d.path} (${d.via})`);
const notes = (proof: string) => resolveProof(proof, memoryView({})).unresolved;
const note = (verb: string) => `the proof: \`${verb}\` is not a tool the seal reads; its own files are not followed`;

const DEPS: Array<[string, Files, string, string[]]> = [
  ['a command inside `$( … )` is read: its script is an entry', { 'a.sh': '' }, 'echo $(sh a.sh)', ['entry a.sh (the proof)']],
  ['`cd -` leaves the folder as it was', { 'a.sh': '' }, 'cd -; sh a.sh', ['entry a.sh (the proof)']],
  ['`bash +e a.sh` skips the `+e` option and reads a.sh', { 'a.sh': '' }, 'bash +e a.sh', ['entry a.sh (the proof)']],
  ['a here-document after an output redirect is still the shell\'s input', { 'a.sh': '' }, 'sh > log <<EOF\nsh a.sh\nEOF\n', ['entry a.sh (the proof)']],
];

const NOTES: Array<[string, string, string[]]> = [
  ['`sh -c` with no text after it reads nothing and leaves no note', 'sh -c', []],
  ['`echo` is a plain command: no note', 'echo hi', []],
  ['a word with a dash before its `=` is no assignment but a command: noted', 'x-y=1', [note('x-y=1')]],
  ['a word starting with a digit before its `=` is no assignment but a command: noted', '1A=x', [note('1A=x')]],
  ['a word with a dash right before its `=` is no assignment but a command: noted', 'a-=1', [note('a-=1')]],
];

describe('resolveProof shell forms and notes', () => {
  for (const [what, files, proof, want] of DEPS) {
    it(what, () => assert.deepEqual(deps(files, proof), want));
  }
  for (const [what, proof, want] of NOTES) {
    it(what, () => assert.deepEqual(notes(proof), want));
  }
  it('`sh -c` with no text after it depends on nothing', () => assert.deepEqual(deps({}, 'sh -c'), []));
});
