import { strict as assert } from 'node:assert';
import { findPlaceholders, isBareName } from '../../../src/core/plan/proofRules';

describe('isBareName', () => {
  const bare: string[] = [
    'REPORT.md',
    'docs/x.md',
    './docs/x.md',
    '/abs/path/notes.txt',
    'out/result.json',
    'config.yml',
    'config.yaml',
    'data.csv',
    'index.html',
    'report.pdf',
    'shot.PNG',
    'build.log',
    'pyproject.toml',
    'pom.xml',
    'archive.tar.gz',
    'package-lock.json',
    '"REPORT.md"',
    "'docs/x.md'",
    '  REPORT.md  ',
    'docs/',
    'README',
    'LICENSE',
    'Makefile',
    'docs/CHANGELOG',
    '.env',
    'config/.eslintrc',
  ];
  const commands: string[] = [
    'make',
    'pytest',
    'true',
    'npm test',
    './run.sh',
    'bin/check',
    'scripts/verify.py',
    'check.py',
    './a.out',
    'cargo',
    'cat REPORT.md',
    'test -f REPORT.md',
    'make&&cat REPORT.md',
    '$(cat x.md)',
    'jq . out.json',
    '',
    // commands named like a document extension, without a dot
    'diff',
    'patch',
    // quotes count as outer quotes only at both ends
    'x"REPORT.md"',
    '"REPORT.md".md',
    // a placeholder stands for a word, not for nothing
    'docs/<name>',
    'scripts/<name>.sh',
  ];
  for (const c of bare) it(`bare: ${JSON.stringify(c)}`, () => assert.equal(isBareName(c), true));
  for (const c of commands) it(`command: ${JSON.stringify(c)}`, () => assert.equal(isBareName(c), false));
});

describe('findPlaceholders', () => {
  const cases: [string, string[]][] = [
    ['cat <file>', ['<file>']],
    ['npm test -- --grep <ID>', ['<ID>']],
    ['<what closes it>', ['<what closes it>']],
    ['cat docs/<name>.md', ['<name>']],
    ['run --id=<test-id> && x', ['<test-id>']],
    ['"<msg>"', ['<msg>']],
    ['<a> and <b>', ['<a>', '<b>']],
    ['<path/to/file>', ['<path/to/file>']],
    ['sort <in.txt >out.txt', []],
    ['cmd < in > out', []],
    ['cmd 2>&1', []],
    ['cmd >/dev/null 2>&1 <input', []],
    ['cat <<EOF', []],
    ["cat <<'EOF' | wc -l", []],
    ['cat <<-EOF', []],
    ['tr a b <<<"hi"', []],
    ['diff <(sort a) <(sort b)', []],
    ["grep -q 'Array<string>' src/x.ts", []],
    ['python -c "print(1<2>0)"', []],
    ['npm test', []],
    ['', []],
  ];
  for (const [text, want] of cases) {
    it(`${JSON.stringify(text)} -> ${JSON.stringify(want)}`, () => assert.deepEqual(findPlaceholders(text), want));
  }
});
