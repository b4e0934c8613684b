// Which files pytest's reader counts as tests: --ignore and --ignore-glob taking files and folders
// out, python_files selecting only .py files, node ids cut back to their file, and the conftest.py
// of the folder pytest starts in; then python's own words and the via of a Python lint tool. Each
// case lists every command handed back, file added and note.
import { strict as assert } from 'node:assert';
import type { ToolReader } from '../../../src/core/seal/context';
import { pytest, python, pythonLint } from '../../../src/core/seal/tools/python';
import type { Files } from './helpers';
import { recordTool, type ToolRecord } from './recordTool';

const V = 'the proof runs pytest';
const TESTS = (...paths: string[]): ToolRecord => ({ runs: [], deps: paths.map((p) => `test ${p} <- ${V}`), notes: [] });
const AB: Files = { 'test_a.py': '', 'test_b.py': '' };

const CASES: Array<[string, ToolReader, Files, string[], ToolRecord]> = [
  ['`--ignore /abs` outside the workspace ignores nothing, not even a folder named null', pytest, { 'null/test_a.py': '' }, ['--ignore', '/abs'], TESTS('null/test_a.py')],
  ['`--ignore-glob "test_b*"` leaves out the files the glob matches', pytest, AB, ['--ignore-glob', 'test_b*'], TESTS('test_a.py')],
  ['`--ignore test_a.py` leaves out that very file', pytest, AB, ['--ignore', 'test_a.py'], TESTS('test_b.py')],
  [
    '`--ignore tests/unit` leaves out that folder but not tests/unit2 beside it',
    pytest,
    { 'tests/unit/test_a.py': '', 'tests/unit2/test_b.py': '' },
    ['--ignore', 'tests/unit'],
    TESTS('tests/unit2/test_b.py'),
  ],
  [
    'python_files = test_* still selects python files only',
    pytest,
    { 'pytest.ini': '[pytest]\npython_files = test_*\n', 'test_a.py': '', 'test_a.txt': '' },
    [],
    { runs: [], deps: [`runner-config pytest.ini <- ${V}`, `test test_a.py <- ${V}`], notes: [] },
  ],
  ['a word whose `::` part runs over a line break is no node id, so it names the file as it stands', pytest, { 'test_a.py::x\ny': '', 'test_a.py\ny': '' }, ['test_a.py::x\ny'], TESTS('test_a.py::x\ny')],
  ['the conftest.py where pytest starts is read even when no test is found', pytest, { 'conftest.py': '' }, [], { runs: [], deps: [`runner-config conftest.py <- ${V}`], notes: [] }],
  ['`python -V` with no script runs nothing', python, {}, ['-V'], { runs: [], deps: [], notes: [] }],
  ['`python -u s.py a b` hands the script only the words after it', python, { 's.py': '' }, ['-u', 's.py', 'a', 'b'], { runs: ['. script s.py python [a b] (the proof)'], deps: [], notes: [] }],
  ['mypy.ini is added as read by the proof running mypy', pythonLint('mypy'), { 'mypy.ini': '' }, [], { runs: [], deps: ['type-config mypy.ini <- the proof runs mypy'], notes: [] }],
];

describe('pytest selection and python words at their edges', () => {
  for (const [title, tool, files, args, expected] of CASES) {
    it(title, () => {
      assert.deepEqual(recordTool(tool, files, args), expected);
    });
  }
});
