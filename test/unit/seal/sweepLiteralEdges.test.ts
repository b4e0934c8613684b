// sweepLiterals alone on a script's text: which string literals it reads (one line, under 300
// characters, not an option), how a tool's command line is handed back, which literals are taken
// as files (a path with a `.` or `/` that exists, not the root, package.json or a Makefile) and
// in what role. Each case lists every command handed back, file added and file read.
import { strict as assert } from 'node:assert';
import type { Ctx } from '../../../src/core/seal/context';
import { DepSet } from '../../../src/core/seal/deps';
import { sweepLiterals } from '../../../src/core/seal/sweep';
import { memoryView, recordingView } from '../../../src/core/seal/view';
import type { Files } from './helpers';

interface SweepRecord {
  runs: string[];
  deps: string[];
  reads: string[];
}

function sweep(files: Files, text: string): SweepRecord {
  const view = recordingView(memoryView(files));
  const out = new DepSet();
  const runs: string[] = [];
  const ctx: Ctx = {
    view,
    out,
    run: (cmd, at, by) => {
      runs.push(`${at} $ ${cmd} (${by})`);
    },
    script: (path, interpreter, words, at, by) => {
      runs.push(`${at} script ${path} ${interpreter ?? '-'} [${words.join(',')}] (${by})`);
    },
  };
  sweepLiterals(ctx, text, '.', 'x.js');
  return { runs, deps: out.list().map((d) => `${d.role} ${d.path} <- ${d.via}`), reads: [...view.reads].sort() };
}

const NOTHING: SweepRecord = { runs: [], deps: [], reads: [] };

// The 300-character literals are built here so the boundary is exact: 6 characters of `mocha `
// and the rest `x`.
const mochaOf = (length: number): string => 'mocha ' + 'x'.repeat(length - 6);

const CASES: Array<[string, Files, string, SweepRecord]> = [
  ['a command line in a literal is handed back as written', {}, "spawn('mocha test')", { runs: ['. $ mocha test (x.js)'], deps: [], reads: [] }],
  ['a template literal over two lines is not a command', {}, 'spawn(`mocha\ntest`)', NOTHING],
  ['a literal of 299 characters is read', {}, `spawn('${mochaOf(299)}')`, { runs: [`. $ ${mochaOf(299)} (x.js)`], deps: [], reads: [] }],
  ['a literal of 300 characters is not read', {}, `spawn('${mochaOf(300)}')`, NOTHING],
  ['a literal that starts with - is an option, not a file', { '-x.json': '{}' }, "args('-x.json')", NOTHING],
  // A tab is white space but not a space: the tool's name alone is handed back, as for a bare name.
  ['a tool name followed by a tab is the tool alone', {}, "spawn('mocha\ttest')", { runs: ['. $ mocha (x.js)'], deps: [], reads: [] }],
  ['a literal with a space that names no tool is not a file', { 'a b.json': '{}' }, "read('a b.json')", NOTHING],
  ['a path into node_modules that names no tool is not a file', { 'node_modules/foo/x.json': '{}' }, "read('node_modules/foo/x.json')", NOTHING],
  [
    'a glob selects only the code files it matches, as tests',
    { 'test/a.test.js': '', 'test/data.json': '{}' },
    "glob('test/*')",
    { runs: [], deps: ['test test/a.test.js <- x.js names test/*'], reads: [] },
  ],
  ['a word with neither . nor / is not a file, even when one exists by that name', { fixture: 'x' }, "read('fixture')", NOTHING],
  ['a path with a / and no . is a file the check loads', { 'data/input': 'x' }, "read('data/input')", { runs: [], deps: ['test-support data/input <- x.js names it'], reads: ['data/input'] }],
  ['the workspace root is not read as a file', {}, "cwd('.')", NOTHING],
  ['the root spelled ./ is not read as a file either', {}, "cwd('./')", NOTHING],
  ['package.json named by a script is not a file it loads', { 'package.json': '{}' }, "read('package.json')", NOTHING],
  ['a file that does not exist is read for but not added', {}, "read('missing.json')", { runs: [], deps: [], reads: ['missing.json'] }],
  ['a makefile named by a script is not added', { 'rules.mk': 'all:\n' }, "read('rules.mk')", { runs: [], deps: [], reads: ['rules.mk'] }],
  ['a config named by a script takes its role, with the script as the one who names it', { 'tsconfig.json': '{}' }, "read('tsconfig.json')", { runs: [], deps: ['type-config tsconfig.json <- x.js names it'], reads: ['tsconfig.json'] }],
  [
    'a shell script named by a script is handed back as a script with no arguments',
    { 'scripts/x.sh': 'true\n' },
    "spawn('scripts/x.sh')",
    { runs: ['. script scripts/x.sh - [] (x.js names it)'], deps: [], reads: ['scripts/x.sh'] },
  ],
];

describe('sweepLiterals on one literal at a time', () => {
  for (const [title, files, text, expected] of CASES) {
    it(title, () => assert.deepEqual(sweep(files, text), expected));
  }
});
