// vitest run alone: -r and -c, --dir, exclusions from the flag and the config, and which
// positional words are filters (a subcommand only as the first word).
import { strict as assert } from 'node:assert';
import { vitest } from '../../../src/core/seal/tools/js';
import type { Files } from './helpers';
import { recordTool } from './recordTool';

const V = ' <- the proof runs vitest';
const test = (path: string) => `test ${path}${V}`;
const config = (path: string) => `runner-config ${path}${V}`;

const CASES: Array<[string, Files, string[], string[]]> = [
  ['vitest run says it runs vitest', { 'src/a.test.ts': '' }, ['run'], [test('src/a.test.ts')]],
  ['-r is the root: its config is read and only its files are walked', { 'sub/vitest.config.ts': '', 'sub/a.test.ts': '', 'src/b.test.ts': '' }, ['run', '-r', 'sub'], [config('sub/vitest.config.ts'), test('sub/a.test.ts')]],
  ['-c names the config, and the default one is not read', { 'v.config.ts': '', 'vitest.config.ts': '', 'src/a.test.ts': '' }, ['run', '-c', 'v.config.ts'], [config('v.config.ts'), test('src/a.test.ts')]],
  ['--dir walks only that folder', { 'src/a.test.ts': '', 'lib/b.test.ts': '' }, ['run', '--dir', 'src'], [test('src/a.test.ts')]],
  ['--exclude drops a matching test', { 'src/a.test.ts': '', 'src/b.test.ts': '' }, ['run', '--exclude', 'src/b.test.ts'], [test('src/a.test.ts')]],
  ['a config\'s exclude drops a matching test', { 'vitest.config.ts': "export default { test: { exclude: ['src/b.test.ts'] } }\n", 'src/a.test.ts': '', 'src/b.test.ts': '' }, ['run'], [config('vitest.config.ts'), test('src/a.test.ts')]],
  ['a config without exclude drops nothing, whatever a file is called', { 'vitest.config.ts': "export default { test: { include: ['*'] } }\n", 'Stryker was here': '' }, ['run'], [config('vitest.config.ts'), test('Stryker was here')]],
  ['a subcommand word after the first is a filter', { 'src/alpha.test.ts': '', 'src/run.test.ts': '', 'src/beta.test.ts': '' }, ['alpha', 'run'], [test('src/alpha.test.ts'), test('src/run.test.ts')]],
  ['a first word that is no subcommand is a filter', { 'src/alpha.test.ts': '', 'src/beta.test.ts': '' }, ['alpha'], [test('src/alpha.test.ts')]],
];

describe('vitest takes its root, configs, exclusions and filters from its words', () => {
  for (const [name, files, args, expected] of CASES) {
    it(name, () => {
      const got = recordTool(vitest, files, args);
      assert.deepEqual({ ...got, deps: [...got.deps].sort() }, { runs: [], deps: [...expected].sort(), notes: [] });
    });
  }
});
