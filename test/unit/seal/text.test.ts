// The seal's small text tools: the line diff that summarises a change, the globs runners are
// given, the Makefile reader, the parts cut out of shared files, and JSONC.
import { strict as assert } from 'node:assert';
import { diffExcerpt, diffSummary, lineDiff } from '../../../src/core/seal/lineDiff';
import { globBase, globToRegExp } from '../../../src/core/seal/glob';
import { expandVars, parseMakefile } from '../../../src/core/seal/makefile';
import { partText } from '../../../src/core/seal/parts';
import { parseJsonc } from '../../../src/core/seal/jsonc';
import { joinPath, normPath } from '../../../src/core/seal/paths';

describe('the line diff summarises a change', () => {
  const CASES: Array<[string, string, string, string, string[]]> = [
    ['one line replaced', 'a\nb\nc\n', 'a\nB\nc\n', '+1 line, -1 line', ['-2: b', '+2: B']],
    ['lines removed from the middle', 'a\nb\nc\nd\n', 'a\nd\n', '-2 lines', ['-2: b', '-3: c']],
    ['a line added at the end', 'a\n', 'a\nb\n', '+1 line', ['+2: b']],
    ['a file emptied', 'a\nb\n', '', '-2 lines', ['-1: a', '-2: b']],
    ['only the line endings changed', 'a\nb\n', 'a\r\nb\r\n', 'no line changed', []],
    ['a line moved keeps what stayed', 'x\na\nb\n', 'a\nb\nx\n', '+1 line, -1 line', ['-1: x', '+3: x']],
  ];
  for (const [name, before, after, summary, excerpt] of CASES) {
    it(name, () => {
      const d = lineDiff(before, after);
      assert.equal(diffSummary(d), summary);
      assert.deepEqual(diffExcerpt(d), excerpt);
    });
  }

  it('a long excerpt is cut and says how much more there is', () => {
    const d = lineDiff('', Array.from({ length: 20 }, (_, k) => `l${k}`).join('\n'));
    const ex = diffExcerpt(d, 3);
    assert.deepEqual(ex, ['+1: l0', '+2: l1', '+3: l2', '… 17 more']);
  });

  it('a rewrite too large for the table is every old line out and every new line in', () => {
    const before = Array.from({ length: 2500 }, (_, k) => `a${k}`).join('\n');
    const after = Array.from({ length: 2500 }, (_, k) => `b${k}`).join('\n');
    assert.equal(diffSummary(lineDiff(before, after)), '+2500 lines, -2500 lines');
  });
});

describe('globs select the files runners are given', () => {
  const CASES: Array<[string, string[], string[]]> = [
    ['test/**/*.test.js', ['test/a.test.js', 'test/x/y/b.test.js'], ['test/a.js', 'src/a.test.js', 'test/a.test.jsx']],
    ['**/*.{test,spec}.?(c|m)[jt]s?(x)', ['a.test.ts', 'x/b.spec.mjs', 'c.test.jsx'], ['a.ts', 'a.test.py', 'a.test.mtsx2']],
    ['src/*.ts', ['src/a.ts'], ['src/x/a.ts', 'a.ts']],
    ['test_?.py', ['test_a.py'], ['test_ab.py']],
    ['[ab].js', ['a.js', 'b.js'], ['c.js']],
  ];
  for (const [glob, yes, no] of CASES) {
    it(`${glob} selects ${yes.join(', ')} and not ${no.join(', ')}`, () => {
      const re = globToRegExp(glob);
      for (const y of yes) assert.ok(re.test(y), y);
      for (const n of no) assert.ok(!re.test(n), n);
    });
  }

  it('an unbalanced brace is the literal path it spells', () => {
    assert.ok(globToRegExp('test/{a').test('test/{a'));
    assert.ok(!globToRegExp('test/{a').test('test/a'));
  });

  it('a walk for a glob starts at its fixed folders', () => {
    assert.equal(globBase('test/unit/**/*.test.ts'), 'test/unit');
    assert.equal(globBase('**/*.js'), '.');
    assert.equal(globBase('a.js'), '.');
  });

  it('workspace paths are normal and never climb out', () => {
    assert.equal(normPath('./a/./b/../c'), 'a/c');
    assert.equal(normPath('.'), '.');
    assert.equal(normPath('../x'), null);
    assert.equal(joinPath('sub', '../../x'), null);
    assert.equal(joinPath('.', '/etc/passwd'), null);
    assert.equal(joinPath('sub', 'a.sh'), 'sub/a.sh');
  });
});

describe('a Makefile is read for the targets a proof runs', () => {
  const MK = 'CC := gcc\nFLAGS = -x $(CC)\nFLAGS += -y\ninclude rules.mk\n\n# comment\nall: build test\n\nbuild:\n\t$(CC) $(FLAGS) a.c\ntest: build ; ./run\n\t@-echo done \\\n\t  twice\n%.o: %.c\n\tcc $<\n';
  it('rules, prerequisites, recipes (inline and continued), variables and includes', () => {
    const mk = parseMakefile(MK);
    assert.equal(mk.defaultTarget, 'all');
    assert.deepEqual(mk.rules.get('all')!.prereqs, ['build', 'test']);
    assert.deepEqual(mk.rules.get('test')!.recipe.map((r) => r.text), ['./run', '@-echo done    twice']);
    assert.equal(mk.vars.get('FLAGS'), '-x $(CC) -y');
    assert.deepEqual(mk.includes, ['rules.mk']);
    assert.equal(expandVars('$(CC) $(FLAGS) $$HOME $(NOPE)', mk.vars), 'gcc -x gcc -y $HOME $(NOPE)');
  });

  it("a target's part holds its recipe with the variables put in", () => {
    assert.deepEqual(partText(MK, 'target:build'), { text: 'build:\n\tgcc -x gcc -y a.c', line: 9 });
    assert.deepEqual(partText(MK, 'target:missing'), { text: null, line: null });
  });
});

describe('parts of shared files are cut out by name', () => {
  const PKG = '{\n  "name": "x",\n  "scripts": {\n    "test:unit": "mocha",\n    "lint.fix": "eslint --fix ."\n  },\n  "jest": { "testMatch": ["a"] }\n}\n';
  const TOML = '[project]\nname = "x"\n\n[tool.ruff]\nline-length = 100\n\n[tool.ruff.lint]\nselect = ["E"]\n\n[tool.black]\nx = 1\n';
  it('package scripts by name, dots and colons included, with their line', () => {
    assert.deepEqual(partText(PKG, 'json:scripts.test:unit'), { text: 'mocha', line: 4 });
    assert.deepEqual(partText(PKG, 'json:scripts.lint.fix'), { text: 'eslint --fix .', line: 5 });
    assert.deepEqual(partText(PKG, 'json:jest'), { text: '{\n  "testMatch": [\n    "a"\n  ]\n}', line: 7 });
    assert.equal(partText(PKG, 'json:scripts.none').text, null);
  });

  it('a TOML section with its subsections and nothing else', () => {
    assert.equal(partText(TOML, 'section:tool.ruff').text, '[tool.ruff]\nline-length = 100\n\n[tool.ruff.lint]\nselect = ["E"]');
    assert.equal(partText(TOML, 'section:tool.mypy').text, null);
  });

  it('JSONC: comments and trailing commas, not inside strings', () => {
    assert.deepEqual(parseJsonc('{ // c\n "a": "x // y", /* z */ "b": [1, 2,], }'), { a: 'x // y', b: [1, 2] });
    assert.equal(parseJsonc('{ nope'), null);
  });
});
