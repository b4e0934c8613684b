// The mutation scores of docs/mutation-testing.md and the survivors' work list come from scripts/mutateScores.mjs.
import { strict as assert } from 'node:assert';
import { folderOf, listedPlaces, progress, progressTable, scores, stale, survivors, table, unlisted, type MutantResult, type Report } from '../../../scripts/mutateScores.mjs';

const at = (line: number, column: number, endColumn: number): MutantResult['location'] => ({ start: { line, column }, end: { line, column: endColumn } });
const report: Report = {
  files: {
    'src/core/plan/a.ts': {
      source: 'const x = a === b;\nreturn y;\n',
      mutants: [
        { id: '1', status: 'Killed', location: at(1, 11, 18) },
        { id: '2', status: 'Survived', mutatorName: 'EqualityOperator', replacement: 'a !== b', location: at(1, 11, 18) },
        { id: '3', status: 'CompileError', location: at(2, 8, 9) },
        { id: '4', status: 'Ignored', location: at(2, 8, 9) },
      ],
    },
    'src/hooks/b.ts': {
      source: 'if (ok) go();\n',
      mutants: [
        { id: '5', status: 'Timeout', location: at(1, 5, 7) },
        { id: '6', status: 'NoCoverage', mutatorName: 'ConditionalExpression', replacement: 'true', location: at(1, 5, 7) },
      ],
    },
  },
};

describe('mutation scores and survivors (scripts/mutateScores.mjs)', () => {
  const folders: Array<[string, string]> = [
    ['src/core/plan/parsePlan.ts', 'src/core/plan'],
    ['src/core/types.ts', 'src/core'],
    ['src/hooks/guard.ts', 'src/hooks'],
  ];
  for (const [file, folder] of folders) {
    it(`${file} is scored under ${folder}`, () => assert.equal(folderOf(file), folder));
  }

  it('counts killed, timed out, survived and not reached per folder and for core as a whole, leaving out compile errors and ignored mutants', () => {
    assert.deepEqual(scores(report), [
      ['src/core (the files run)', { Killed: 1, Timeout: 0, Survived: 1, NoCoverage: 0 }],
      ['src/core/plan', { Killed: 1, Timeout: 0, Survived: 1, NoCoverage: 0 }],
      ['src/hooks', { Killed: 0, Timeout: 1, Survived: 0, NoCoverage: 1 }],
    ]);
  });

  it('the score is killed and timed out over all four', () => {
    const lines = table(scores(report)).split('\n');
    assert.equal(lines[3], '| `src/core/plan` | 2 | 1 | 0 | 1 | 0 | 50.0% |');
    assert.equal(lines[4], '| `src/hooks` | 2 | 0 | 1 | 0 | 1 | 50.0% |');
  });

  it('lists each survivor and unreached mutant with its place, id, original text and replacement', () => {
    assert.deepEqual(survivors(report), [
      'src/core/plan/a.ts:1:11 #2 Survived EqualityOperator: a === b → a !== b',
      'src/hooks/b.ts:1:5 #6 NoCoverage ConditionalExpression: ok → true',
    ]);
    assert.deepEqual(survivors(report, 'src/hooks'), ['src/hooks/b.ts:1:5 #6 NoCoverage ConditionalExpression: ok → true']);
  });

  const EQUIVALENTS = [
    '# Surviving mutants that are equivalent',
    '',
    '- `src/core/plan/a.ts:1` — `a === b` to `a !== b`: why.',
    '- `src/core/x.ts:3`, `:7` and `src/hooks/y.ts:9` — two files in one entry,',
    '  and `:12` on the next line of it.',
    '- `:40` with no file named before it in its entry.',
    '',
  ].join('\n');

  it('reads the places the equivalents file names, a bare `:line` on the file named last in its entry', () => {
    assert.deepEqual([...listedPlaces(EQUIVALENTS)].sort(), ['src/core/plan/a.ts:1', 'src/core/x.ts:3', 'src/core/x.ts:7', 'src/hooks/y.ts:12', 'src/hooks/y.ts:9']);
  });

  it('lists as unlisted only the survivors on lines the equivalents file does not name', () => {
    assert.deepEqual(unlisted(report, EQUIVALENTS), ['src/hooks/b.ts:1:5 #6 NoCoverage ConditionalExpression: ok → true']);
    assert.deepEqual(unlisted(report, EQUIVALENTS, 'src/core'), []);
  });

  it('calls stale the listed lines with results on which nothing survives, and not lines without a result yet', () => {
    const text = `${EQUIVALENTS}\n- \`src/core/plan/a.ts:2\` — a line whose only mutants were killed or did not compile.\n`;
    assert.deepEqual(stale(report, text), ['src/core/plan/a.ts:2']);
    assert.deepEqual(stale(report, text, 'src/hooks'), []);
    assert.deepEqual(stale(report, EQUIVALENTS), []);
    assert.deepEqual(stale(report, `${EQUIVALENTS}\n- \`src/core/plan/a.ts:9\` — a line no run has reached yet.\n`), []);
    assert.deepEqual(stale(report, text, '', new Set(['src/hooks/b.ts'])), [], 'a.ts is not known to be complete');
    assert.deepEqual(stale(report, text, '', new Set(['src/core/plan/a.ts'])), ['src/core/plan/a.ts:2']);
  });

  it('counts per folder the mutants made, those with a result, and the files with a result for every mutant', () => {
    const rows = progress(report, { 'src/core/plan/a.ts': 4, 'src/core/plan/c.ts': 3, 'src/hooks/b.ts': 2 });
    assert.deepEqual(rows, [
      ['src/core/plan', { mutants: 7, results: 4, files: 2, complete: 1 }],
      ['src/hooks', { mutants: 2, results: 2, files: 1, complete: 1 }],
    ]);
    assert.equal(progressTable(rows).split('\n')[2], '| `src/core/plan` | 7 | 4 | 1 of 2 |');
  });

  it('writes the key a scoped run keeps for a file outside its scope on one line', () => {
    const kept: Report = { files: { 'src/core/x.ts': { source: 'f(a);\n', mutants: [{ id: 'src/core/x.ts@0:2-0:3\nStringLiteral: ""', status: 'Survived', mutatorName: 'StringLiteral', replacement: '""', location: at(1, 3, 4) }] } } };
    assert.deepEqual(survivors(kept), ['src/core/x.ts:1:3 #src/core/x.ts@0:2-0:3 StringLiteral: "" Survived StringLiteral: a → ""']);
  });
});
