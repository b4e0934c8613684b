// Edges of the seal's small text readers: lineDiff's common head when one text is the other plus
// lines, diffExcerpt's cut of a long line, a Makefile's trailing backslash and `.IGNORE`, the
// loosenings' lines and counts, CI files by their names, and glob extglobs.
import { strict as assert } from 'node:assert';
import { ciFiles } from '../../../src/core/seal/ci';
import { expandGlob, globToRegExp } from '../../../src/core/seal/glob';
import { diffExcerpt, lineDiff, splitLines } from '../../../src/core/seal/lineDiff';
import { parseMakefile } from '../../../src/core/seal/makefile';
import { addedLoosenings } from '../../../src/core/seal/patterns';
import { memoryView } from '../../../src/core/seal/view';

describe('lineDiff and its excerpt at the edges', () => {
  it('a text that is the literal Stryker was here! is one line', () => assert.deepEqual(splitLines('Stryker was here!'), ['Stryker was here!']));
  it('a repeated line removed at the end is the second one', () => assert.deepEqual(lineDiff('x\nx\n', 'x\n'), [{ kind: 'del', line: 2, text: 'x' }]));
  it('a line removed after a common head', () => assert.deepEqual(lineDiff('x\ny\n', 'x\n'), [{ kind: 'del', line: 2, text: 'y' }]));
  it('a line longer than 120 characters is cut to 117 and ...', () => assert.deepEqual(diffExcerpt([{ kind: 'add', line: 1, text: 'a'.repeat(130) }]), [`+1: ${'a'.repeat(117)}...`]));
});

describe('parseMakefile: trailing backslash and .IGNORE', () => {
  it('a Makefile without .IGNORE does not ignore errors', () => assert.equal(parseMakefile('all:\n\techo hi\n').ignoresErrors, false));
  it('.IGNORE with no prerequisites ignores errors', () => assert.equal(parseMakefile('.IGNORE:\nall:\n\techo hi\n').ignoresErrors, true));
  it('.IGNORE with prerequisites does not ignore every error', () => assert.equal(parseMakefile('.IGNORE: all\nall:\n\techo hi\n').ignoresErrors, false));
  it('a backslash on the last line joins nothing and stays a word', () => assert.deepEqual(parseMakefile('all: a \\').rules.get('all')?.prereqs, ['a', '\\']));
});

describe('addedLoosenings: where and how often', () => {
  const names = (before: string | null, after: string) => addedLoosenings(before, after).map((a) => [a.loosening.name, a.line, a.text]);
  it('an added || true names its line, trimmed', () => assert.deepEqual(names(null, 'a\n  npm test || true\necho\n'), [['|| true', 2, 'npm test || true']]));
  it('an added || true on the first line of three', () => assert.deepEqual(names(null, 'npm test || true\necho\nb\n'), [['|| true', 1, 'npm test || true']]));
  it('a || true that was there before is not added', () => assert.deepEqual(names('npm test || true\n', 'npm test || true\n'), []));
  it('a long line is cut to 160 characters', () => assert.deepEqual(names(null, `npm test ${'x'.repeat(200)} || true\n`), [['|| true', 1, `npm test ${'x'.repeat(200)} || true`.slice(0, 160)]]));
  it('-k counts with pytest named', () => assert.deepEqual(names(null, 'pytest -k fast\n'), [['-k', 1, 'pytest -k fast']]));
  it('-k does not count without pytest named', () => assert.deepEqual(names(null, 'cargo test -k fast\n'), []));
});

describe('ciFiles by name', () => {
  it('fixed names and listed YAML files, via CI; a .yml.bak is not one', () => {
    const view = memoryView({ '.gitlab-ci.yml': 'x', '.github/workflows/ci.yml': 'x', '.github/workflows/old.yml.bak': 'x', '.github/workflows/lint.yaml': 'x' });
    assert.deepEqual(ciFiles(view), [
      { path: '.github/workflows/ci.yml', role: 'ci', parts: null, via: 'CI' },
      { path: '.github/workflows/lint.yaml', role: 'ci', parts: null, via: 'CI' },
      { path: '.gitlab-ci.yml', role: 'ci', parts: null, via: 'CI' },
    ]);
  });
});

describe('globToRegExp for | and extglobs, expandGlob outside the workspace', () => {
  const ROWS: Array<[string, string, boolean]> = [
    ['a|b', 'xb', false],
    ['a|b', 'a|b', true],
    ['!(a).js', 'b.js', true],
    ['!(a).js', 'a.js', false],
    ['@(a|b).js', 'a.js', true],
    ['@(a|b).js', 'c.js', false],
    ['src/**', 'src/a/b.js', true],
  ];
  for (const [pattern, path, want] of ROWS) {
    it(`${pattern} ${want ? 'matches' : 'does not match'} ${path}`, () => assert.equal(globToRegExp(pattern).test(path), want));
  }
  it('a pattern that leaves the workspace selects nothing', () => assert.deepEqual(expandGlob(memoryView({ 'a.js': '' }), '/*.js', '.'), []));
});
