// jest run alone: -c, --testMatch and testMatch's <rootDir>, --testRegex read from the folder jest
// runs in, the ignore patterns and path filters by every spelling, and the setup-file settings.
import { strict as assert } from 'node:assert';
import { jest } from '../../../src/core/seal/tools/js';
import type { Files } from './helpers';
import { recordTool } from './recordTool';

const V = ' <- the proof runs jest';
const test = (path: string) => `test ${path}${V}`;
const MANIFEST = `manifest package.json json:jest${V}`;
const pkg = (jestSettings: Record<string, unknown>) => JSON.stringify({ name: 'x', jest: jestSettings });

const CASES: Array<[string, Files, string[], string, string[]]> = [
  ['jest alone says it runs jest', { 'src/a.test.js': '' }, [], '.', [test('src/a.test.js')]],
  ['-c names the config file', { 'alt.js': '', 'jest.config.js': '', 'src/a.test.js': '' }, ['-c', 'alt.js'], '.', [`runner-config alt.js${V}`, test('src/a.test.js')]],
  ['--testRegex at the root matches whole workspace paths, code files only', { 'checks/a.js': '', 'checks/b.md': '', 'other/checks/c.js': '' }, ['--testRegex', '^checks/'], '.', [test('checks/a.js')]],
  ['a testRegex in package.json selects the tests', { 'package.json': pkg({ testRegex: '^checks/' }), 'checks/a.js': '', 'src/b.test.js': '' }, [], '.', [MANIFEST, test('checks/a.js')]],
  ['--testMatch replaces the default patterns', { 'checks/a.js': '', 'src/b.test.js': '' }, ['--testMatch', 'checks/*.js'], '.', [test('checks/a.js')]],
  ['a testMatch starting with <rootDir>/ is read from the folder', { 'checks/a.js': '', 'src/b.test.js': '' }, ['--testMatch', '<rootDir>/checks/*.js'], '.', [test('checks/a.js')]],
  ['a <rootDir> inside a testMatch is kept as written', { 'lib/x.js': '', 'lib/<rootDir>/x.js': '' }, ['--testMatch', 'lib/<rootDir>/x.js'], '.', [test('lib/<rootDir>/x.js')]],
  ['a testMatch in a subfolder may match the path from that folder alone', { 'sub/checks/a.js': '', 'sub/src/b.test.js': '' }, ['--testMatch', 'checks/*.js'], 'sub', [test('sub/checks/a.js')]],
  ['--testPathIgnorePatterns drops a matching test', { 'src/a.test.js': '', 'src/b.test.js': '' }, ['--testPathIgnorePatterns', 'b\\.test'], '.', [test('src/a.test.js')]],
  ['testPathIgnorePatterns in package.json drops a matching test', { 'package.json': pkg({ testPathIgnorePatterns: ['b\\.test'] }), 'src/a.test.js': '', 'src/b.test.js': '' }, [], '.', [MANIFEST, test('src/a.test.js')]],
  ['with no ignore patterns no test is dropped, whatever its name', { 'src/Stryker was here.test.js': '' }, [], '.', [test('src/Stryker was here.test.js')]],
  ['--testPathPattern keeps only matching tests', { 'src/alpha.test.js': '', 'src/beta.test.js': '' }, ['--testPathPattern', 'alpha'], '.', [test('src/alpha.test.js')]],
  ['--testPathPatterns keeps only matching tests', { 'src/alpha.test.js': '', 'src/beta.test.js': '' }, ['--testPathPatterns', 'alpha'], '.', [test('src/alpha.test.js')]],
  ['setupFilesAfterEach in package.json loads a setup file', { 'package.json': pkg({ setupFilesAfterEach: ['./s.js'] }), 's.js': '', 'src/a.test.js': '' }, [], '.', [MANIFEST, `test-helper s.js${V}`, test('src/a.test.js')]],
  ['setupFilesAfterEnv in package.json loads a setup file', { 'package.json': pkg({ setupFilesAfterEnv: ['./s.js'] }), 's.js': '', 'src/a.test.js': '' }, [], '.', [MANIFEST, `test-helper s.js${V}`, test('src/a.test.js')]],
];

describe('jest takes its tests and setup files from flags, its config and package.json', () => {
  for (const [name, files, args, cwd, expected] of CASES) {
    it(name, () => {
      const got = recordTool(jest, files, args, cwd);
      assert.deepEqual({ ...got, deps: [...got.deps].sort() }, { runs: [], deps: [...expected].sort(), notes: [] });
    });
  }
});
