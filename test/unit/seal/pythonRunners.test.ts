// What the seal reads for Python's own runners: `python -m unittest` (module names, or discover
// with its start folder and pattern), `python` with its options, `python -m py.test`, `python -c`,
// `pytest -c FILE` and `tox`. Each case lists every dependency expected as `role path | via`, and
// what the resolver could not follow, so an extra file, a lost file or a changed note fails.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import type { Files } from './helpers';

const PROJECT: Files = {
  'tests/test_a.py': '',
  'tests/test_b.py': '',
  'tests/check_a.py': '',
  'tests/check_notes.txt': '',
  'tests/helper.py': '',
  'other/check_c.py': '',
  'other/test_d.py': '',
  'test_top.py': '',
  'tox.ini': '[tox]\n',
  't.py': 'print(1)\n',
  'conf/pytest.ini': '[pytest]\npython_files = check_*.py\n',
  'pytest.ini': '[pytest]\n',
};

const UT = 'the proof runs unittest';
const EVERY_DEFAULT = [`test other/test_d.py | ${UT}`, `test test_top.py | ${UT}`, `test tests/test_a.py | ${UT}`, `test tests/test_b.py | ${UT}`];
const IN_TESTS = [`test tests/test_a.py | ${UT}`, `test tests/test_b.py | ${UT}`];

const CASES: Array<[string, string, string[], string[]]> = [
  ['`python -m unittest tests.test_a` runs that module, found as tests/test_a.py', 'python -m unittest tests.test_a', [`test tests/test_a.py | ${UT}`], []],
  ['`python -m unittest tests/test_a.py` runs the file named', 'python -m unittest tests/test_a.py', [`test tests/test_a.py | ${UT}`], []],
  ['a module name with no file behind it adds nothing', 'python -m unittest tests.test_missing', [], []],
  ['a bare `python -m unittest` discovers test*.py from the root', 'python -m unittest', EVERY_DEFAULT, []],
  ['`python -m unittest discover` with nothing more discovers test*.py from the root', 'python -m unittest discover', EVERY_DEFAULT, []],
  ['`discover tests` starts in tests', 'python -m unittest discover tests', IN_TESTS, []],
  ['`discover -s tests -p "check_*"` starts in tests and selects by the pattern, python files only', 'python -m unittest discover -s tests -p "check_*"', [`test tests/check_a.py | ${UT}`], []],
  ['`--start-directory tests --pattern "check_*"` are the long spellings', 'python -m unittest discover --start-directory tests --pattern "check_*"', [`test tests/check_a.py | ${UT}`], []],
  ['`-s tests` alone keeps the default pattern', 'python -m unittest discover -s tests', IN_TESTS, []],
  ['`--start-directory=tests` is one word', 'python -m unittest discover --start-directory=tests', IN_TESTS, []],
  ['`-t .` takes its value, which is no pattern', 'python -m unittest discover tests -t .', IN_TESTS, []],
  ['`--top-level-directory .` takes its value, which is no pattern', 'python -m unittest discover tests --top-level-directory .', IN_TESTS, []],
  ['`-k slow` takes its value, which is no pattern', 'python -m unittest discover tests -k slow', IN_TESTS, []],
  ['`discover tests "check_*"` reads the second word as the pattern', 'python -m unittest discover tests "check_*"', [`test tests/check_a.py | ${UT}`], []],
  ['`python -u t.py` passes the option by and runs the script', 'python -u t.py', ['entry t.py | the proof'], []],
  ['`python -W ignore t.py` passes the option and its value by', 'python -W ignore t.py', ['entry t.py | the proof'], []],
  ['`python -X dev t.py` passes the option and its value by', 'python -X dev t.py', ['entry t.py | the proof'], []],
  ['`python -m py.test` is pytest', 'python -m py.test tests', ['runner-config pytest.ini | the proof runs pytest', 'runner-config tox.ini section:pytest | the proof runs pytest', 'test tests/test_a.py | the proof runs pytest', 'test tests/test_b.py | the proof runs pytest'], []],
  ['`python -c` code is noted as not read', 'python -c "print(1)"', [], ['the proof: python runs inline code, not read']],
  ['`tox` depends on tox.ini', 'tox', ['runner-config tox.ini | the proof runs tox'], []],
  ['`pytest -c conf/pytest.ini` reads only that config, and its python_files', 'pytest -c conf/pytest.ini tests', ['runner-config conf/pytest.ini | the proof runs pytest', 'test tests/check_a.py | the proof runs pytest'], []],
];

describe('the seal reads what Python runners depend on', () => {
  for (const [name, proof, deps, unresolved] of CASES) {
    it(name, () => {
      const r = resolveProof(proof, memoryView(PROJECT));
      assert.deepEqual(r.deps.map((d) => `${d.role} ${d.path}${d.parts ? ' ' + d.parts.join(',') : ''} | ${d.via}`).sort(), [...deps].sort());
      assert.deepEqual(r.unresolved, unresolved);
    });
  }
});
