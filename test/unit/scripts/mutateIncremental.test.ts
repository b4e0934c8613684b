import { strict as assert } from 'node:assert';
import { carryOver, type Report } from '../../../scripts/mutateIncremental.mjs';

const tests = (...names: string[]) => ({ 't.test.ts': { tests: names.map((name, i) => ({ id: String(i), name })) } });

describe('the incremental file across scoped mutation runs', () => {
  const previous: Report = {
    files: {
      'src/a.ts': { mutants: [{ id: '0', status: 'Killed', coveredBy: ['0', '1'], killedBy: ['1'] }] },
      'src/b.ts': { mutants: [{ id: '1', status: 'Survived', coveredBy: ['0'] }, { id: '2', status: 'Killed', coveredBy: ['2'], killedBy: ['2'] }] },
    },
    testFiles: tests('first', 'second', 'gone'),
  };
  // The next run mutated only b.ts, and its test ids are numbered differently.
  const next: Report = {
    files: { 'src/b.ts': { mutants: [{ id: '0', status: 'Killed', coveredBy: ['1'], killedBy: ['1'] }] } },
    testFiles: tests('second', 'first'),
  };
  const merged = carryOver(previous, next);

  it('keeps the results of a file the run did not mutate, its tests mapped to the new ids by name', () => {
    assert.deepEqual(merged.files['src/a.ts']!.mutants, [{ id: '1', status: 'Killed', coveredBy: ['1', '0'], killedBy: ['0'] }]);
  });

  it('takes the run’s own results for a file it mutated', () => {
    assert.deepEqual(merged.files['src/b.ts'], next.files['src/b.ts']);
  });

  it('leaves out a carried mutant whose killing test is gone, so it is tested again', () => {
    const later = carryOver(previous, { files: {}, testFiles: tests('first') });
    assert.deepEqual(later.files['src/b.ts']!.mutants.map((m) => m.status), ['Survived']);
    assert.deepEqual(later.files['src/a.ts']!.mutants, []);
  });
});
