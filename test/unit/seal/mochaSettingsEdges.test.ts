// mocha run alone: every setting it takes from a flag, its config file or package.json (spec,
// extension, require, file, ignore, exclude, recursive), the default extensions, how a spec folder
// is listed, and which --require names are workspace paths.
import { strict as assert } from 'node:assert';
import { mocha } from '../../../src/core/seal/tools/js';
import type { Files } from './helpers';
import { recordTool } from './recordTool';

const V = ' <- the proof runs mocha';
const RC = `runner-config .mocharc.json${V}`;
const test = (path: string) => `test ${path}${V}`;
const support = (path: string) => `test-helper ${path}${V}`;

const CASES: Array<[string, Files, string[], string[]]> = [
  // setup files
  ['a --require name starting with a dot is a workspace path even without a slash', { 'test/a.js': '', '.setup.js': '' }, ['--require', '.setup'], [support('.setup.js'), test('test/a.js')]],
  ['a --require name ending in a dot, without a slash, is a package name', { 'test/a.js': '', 'x.': '' }, ['--require', 'x.'], [test('test/a.js')]],
  ['a --require path without its extension finds the .ts file', { 'test/a.js': '', 'support/setup.ts': '' }, ['--require', 'support/setup'], [support('support/setup.ts'), test('test/a.js')]],
  ['a --require path without its extension finds the .mjs file', { 'test/a.js': '', 'support/setup.mjs': '' }, ['--require', 'support/setup'], [support('support/setup.mjs'), test('test/a.js')]],
  ['a --require path without its extension finds the .cjs file', { 'test/a.js': '', 'support/setup.cjs': '' }, ['--require', 'support/setup'], [support('support/setup.cjs'), test('test/a.js')]],
  ['-r is --require', { 'test/a.js': '', 'support/s.js': '' }, ['-r', './support/s.js'], [support('support/s.js'), test('test/a.js')]],
  ['--file loads a setup file', { 'test/a.js': '', 'support/s.js': '' }, ['--file', './support/s.js'], [support('support/s.js'), test('test/a.js')]],
  ['a config\'s file setting loads a setup file', { '.mocharc.json': '{"file": ["./support/s.js"]}', 'test/a.js': '', 'support/s.js': '' }, [], [RC, support('support/s.js'), test('test/a.js')]],
  // configs
  ['--no-config wins over --config', { 'rc.json': '{}', 'test/a.js': '' }, ['--no-config', '--config', 'rc.json'], [test('test/a.js')]],
  ['a later config without a setting keeps the earlier config\'s', { 'a.json': '{"spec": "spec/x.js"}', 'b.json': '{}', 'spec/x.js': '', 'test/a.js': '' }, ['--config', 'a.json', '--config', 'b.json'], [`runner-config a.json${V}`, `runner-config b.json${V}`, test('spec/x.js')]],
  ['--no-package leaves package.json unread', { 'package.json': JSON.stringify({ name: 'x', mocha: { spec: 'spec/x.js' } }), 'spec/x.js': '', 'test/a.js': '' }, ['--no-package'], [test('test/a.js')]],
  ['a config list keeps only its strings', { '.mocharc.json': '{"spec": ["test/a.js", 3]}', 'test/a.js': '', 'test/b.js': '' }, [], [RC, test('test/a.js')]],
  ['a config list of ignores keeps only its strings', { '.mocharc.json': '{"ignore": [5, "test/b.js"]}', 'test/a.js': '', 'test/b.js': '' }, [], [RC, test('test/a.js')]],
  // spec
  ['--spec names the spec instead of ./test', { 'spec/x.js': '', 'test/a.js': '' }, ['--spec', 'spec/x.js'], [test('spec/x.js')]],
  // extensions
  ['the default extensions are js, cjs and mjs', { 'test/a.cjs': '', 'test/b.mjs': '', 'test/c.js': '', 'test/d.ts': '' }, [], [test('test/a.cjs'), test('test/b.mjs'), test('test/c.js')]],
  ['--extension replaces the default extensions', { 'test/a.ts': '', 'test/b.js': '' }, ['--extension', 'ts'], [test('test/a.ts')]],
  ['a config\'s extension setting replaces the default extensions', { '.mocharc.json': '{"extension": ["ts"]}', 'test/a.ts': '', 'test/b.js': '' }, [], [RC, test('test/a.ts')]],
  ['an extension matches after a dot, so js does not take .mjs', { 'test/a.js': '', 'test/b.mjs': '' }, ['--extension', 'js'], [test('test/a.js')]],
  ['an extension given with its dot is the same extension', { 'test/a.ts': '', 'test/b.js': '' }, ['--extension', '.ts'], [test('test/a.ts')]],
  ['only a leading dot of an extension is dropped', { 'test/a.d.ts': '', 'test/b.ts': '', 'test/c.dts': '' }, ['--extension', 'd.ts'], [test('test/a.d.ts')]],
  // folders
  ['a spec folder gives only its files with the extensions', { 'test/a.js': '', 'test/notes.md': '' }, [], [test('test/a.js')]],
  ['the spec . lists the root\'s files by their plain names', { 'a.js': '', 'notes.md': '' }, ['.'], [test('a.js')]],
  ['a config\'s recursive setting goes into subfolders', { '.mocharc.json': '{"recursive": true}', 'test/a.js': '', 'test/deep/b.js': '' }, [], [RC, test('test/a.js'), test('test/deep/b.js')]],
  ['a config\'s recursive false stays in the folder', { '.mocharc.json': '{"recursive": false}', 'test/a.js': '', 'test/deep/b.js': '' }, [], [RC, test('test/a.js')]],
  // ignores
  ['--ignore drops a chosen file', { 'test/a.js': '', 'test/b.js': '' }, ['--ignore', 'test/b.js'], [test('test/a.js')]],
  ['--exclude drops a chosen file', { 'test/a.js': '', 'test/b.js': '' }, ['--exclude', 'test/b.js'], [test('test/a.js')]],
  ['a config\'s ignore setting drops a chosen file', { '.mocharc.json': '{"ignore": ["test/b.js"]}', 'test/a.js': '', 'test/b.js': '' }, [], [RC, test('test/a.js')]],
  ['a config\'s exclude setting drops a chosen file', { '.mocharc.json': '{"exclude": "test/b.js"}', 'test/a.js': '', 'test/b.js': '' }, [], [RC, test('test/a.js')]],
];

describe('mocha takes its settings from flags, its config and package.json', () => {
  for (const [name, files, args, expected] of CASES) {
    it(name, () => {
      const got = recordTool(mocha, files, args);
      assert.deepEqual({ ...got, deps: [...got.deps].sort() }, { runs: [], deps: [...expected].sort(), notes: [] });
    });
  }
});
