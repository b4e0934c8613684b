// resolveProof's guards: a command text met again in the same folder is read once (its notes carry
// the first caller's name), scripts are followed eight levels deep, a node script is swept for its
// literals only while no sweep is under way and above that depth, each sweep undoes its depth and
// its flag, a missing script is noted, and which scripts are swept: a shell's script by its #!
// line or extension, `node x`'s always, a script of no known language never. Expected lists are
// literal.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import type { Files } from './helpers';

const paths = (files: Files, proof: string) => resolveProof(proof, memoryView(files)).deps.map((d) => d.path);

/** s1.sh runs s2.sh, …, s<n-1>.sh runs s<n>.sh; s<n>.sh holds `last`. */
const chain = (n: number, last: string): Files => {
  const files: Files = {};
  for (let k = 1; k < n; k++) files[`s${k}.sh`] = `sh s${k + 1}.sh\n`;
  files[`s${n}.sh`] = last;
  return files;
};

describe('resolveProof reads a command text once per folder', () => {
  it('the same text from a second caller adds no second note', () => {
    const res = resolveProof('sh -c frob; sh a.sh', memoryView({ 'a.sh': 'sh -c frob\n' }));
    assert.deepEqual(res.unresolved, ['the proof: `frob` is not a tool the seal reads; its own files are not followed']);
    assert.deepEqual(
      res.deps.map((d) => d.path),
      ['a.sh'],
    );
  });

  it('a script that runs itself is read once, to its end', () => {
    const res = resolveProof('sh a.sh', memoryView({ 'a.sh': 'sh a.sh\nsh b.sh\n', 'b.sh': '' }));
    assert.deepEqual(res.unresolved, []);
    assert.deepEqual(
      res.deps.map((d) => d.path),
      ['a.sh', 'b.sh'],
    );
  });
});

describe('resolveProof follows scripts eight levels deep', () => {
  it('a chain of ten scripts is followed to the eighth', () => {
    assert.deepEqual(paths(chain(10, ''), 'sh s1.sh'), ['s1.sh', 's2.sh', 's3.sh', 's4.sh', 's5.sh', 's6.sh', 's7.sh', 's8.sh']);
  });

  it('nine scripts run one after another are each read', () => {
    const files: Files = {};
    for (let k = 1; k <= 9; k++) files[`a${k}.sh`] = `sh b${k}.sh\n`;
    for (let k = 1; k <= 9; k++) files[`b${k}.sh`] = '';
    const proof = Array.from({ length: 9 }, (_, k) => `sh a${k + 1}.sh`).join('; ');
    assert.deepEqual(paths(files, proof), ['a1.sh', 'a2.sh', 'a3.sh', 'a4.sh', 'a5.sh', 'a6.sh', 'a7.sh', 'a8.sh', 'a9.sh', 'b1.sh', 'b2.sh', 'b3.sh', 'b4.sh', 'b5.sh', 'b6.sh', 'b7.sh', 'b8.sh', 'b9.sh']);
  });

  it('a node script on the eighth level is not swept', () => {
    const files = { ...chain(7, 'node x.js\n'), 'x.js': "read('data.json')\n", 'data.json': '{}' };
    assert.deepEqual(paths(files, 'sh s1.sh'), ['s1.sh', 's2.sh', 's3.sh', 's4.sh', 's5.sh', 's6.sh', 's7.sh', 'x.js']);
  });

  it('a node script on the seventh level is swept', () => {
    const files = { ...chain(6, 'node x.js\n'), 'x.js': "read('data.json')\n", 'data.json': '{}' };
    assert.deepEqual(paths(files, 'sh s1.sh'), ['data.json', 's1.sh', 's2.sh', 's3.sh', 's4.sh', 's5.sh', 's6.sh', 'x.js']);
  });

  it('a sweep counts as a level for the shell scripts it names', () => {
    const files = { ...chain(6, 'node x.js\n'), 'x.js': "spawn('c.sh')\n", 'c.sh': 'sh d.sh\n', 'd.sh': '' };
    assert.deepEqual(paths(files, 'sh s1.sh'), ['c.sh', 's1.sh', 's2.sh', 's3.sh', 's4.sh', 's5.sh', 's6.sh', 'x.js']);
  });
});

describe('resolveProof sweeps node scripts one at a time', () => {
  it('five node scripts run one after another are each swept', () => {
    const files: Files = {};
    for (let k = 1; k <= 5; k++) {
      files[`a${k}.js`] = `read('d${k}.json')\n`;
      files[`d${k}.json`] = '{}';
    }
    const proof = Array.from({ length: 5 }, (_, k) => `node a${k + 1}.js`).join('; ');
    assert.deepEqual(paths(files, proof), ['a1.js', 'a2.js', 'a3.js', 'a4.js', 'a5.js', 'd1.json', 'd2.json', 'd3.json', 'd4.json', 'd5.json']);
  });

  it('a node script named by a swept one is not swept in turn', () => {
    const files = { 'a.js': "spawn('b.js')\n", 'b.js': "read('data.json')\n", 'data.json': '{}' };
    assert.deepEqual(paths(files, 'node a.js'), ['a.js', 'b.js']);
  });
});

describe('resolveProof reads a script by its language', () => {
  it('a missing script is noted', () => {
    assert.deepEqual(resolveProof('sh missing.sh', memoryView({})).unresolved, ['the proof: missing.sh does not exist']);
  });

  it('a .js file run by a shell is swept as node', () => {
    assert.deepEqual(paths({ 'a.js': "read('data.json')\n", 'data.json': '{}' }, 'sh a.js'), ['a.js', 'data.json']);
  });

  it('a .sh file run by node is swept, not read as shell', () => {
    assert.deepEqual(paths({ 'run.sh': 'sh other.sh\n', 'other.sh': '' }, 'node run.sh'), ['run.sh']);
  });

  it('a script of no known language run by its path is not swept', () => {
    assert.deepEqual(paths({ tool: "read('data.json')\n", 'data.json': '{}' }, './tool'), ['tool']);
  });
});
