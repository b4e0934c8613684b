// The make reader following prerequisites: only a prerequisite that has a rule is visited (a file
// prerequisite adds no target part), and a chain of prerequisites is followed 30 levels below the
// target asked for, no deeper. Each case lists every command handed back and file added.
import { strict as assert } from 'node:assert';
import { make } from '../../../src/core/seal/tools/make';
import { recordTool } from './recordTool';

/** t0 needs t1, …, t<n-1> needs t<n>; each target's recipe is `sh s<k>.sh`. */
const chainMakefile = (n: number): string => {
  const lines: string[] = [];
  for (let k = 0; k <= n; k++) lines.push(k < n ? `t${k}: t${k + 1}` : `t${k}:`, `\tsh s${k}.sh`);
  return lines.join('\n') + '\n';
};

// Literal lists, deepest first, since make reads a target's prerequisites before its recipe.
const runsDownTo = (deepest: number): string[] => {
  const out: string[] = [];
  for (let k = deepest; k >= 0; k--) out.push(`. $ sh s${k}.sh (make t${k})`);
  return out;
};
const partsDownTo = (deepest: number): string => ['vars', ...Array.from({ length: deepest + 1 }, (_, k) => `target:t${k}`)].join(',');

describe('make follows prerequisites that are rules', () => {
  it('a prerequisite with no rule (a source file) is no target part', () => {
    const files = { Makefile: 'check: main.c lib\n\tsh t.sh\nlib:\n\tsh l.sh\n' };
    assert.deepEqual(recordTool(make, files, ['check']), {
      runs: ['. $ sh l.sh (make lib)', '. $ sh t.sh (make check)'],
      deps: ['makefile Makefile vars,target:check,target:lib <- the proof'],
      notes: [],
    });
  });
});

describe('make follows a chain of prerequisites 30 levels deep', () => {
  it('a chain 30 levels deep is followed to its end', () => {
    const rec = recordTool(make, { Makefile: chainMakefile(30) }, ['t0']);
    assert.equal(rec.runs.length, 31);
    assert.equal(rec.runs[0], '. $ sh s30.sh (make t30)');
    assert.equal(rec.runs[30], '. $ sh s0.sh (make t0)');
    assert.deepEqual(rec, { runs: runsDownTo(30), deps: [`makefile Makefile ${partsDownTo(30)} <- the proof`], notes: [] });
  });

  it('a chain 32 levels deep is followed to the 30th level only', () => {
    const rec = recordTool(make, { Makefile: chainMakefile(32) }, ['t0']);
    assert.equal(rec.runs.length, 31);
    assert.equal(rec.runs[0], '. $ sh s30.sh (make t30)');
    assert.equal(rec.runs[30], '. $ sh s0.sh (make t0)');
    assert.deepEqual(rec, { runs: runsDownTo(30), deps: [`makefile Makefile ${partsDownTo(30)} <- the proof`], notes: [] });
  });
});
