// eslint and tsc alone: which words are option values, where tsconfig.json is found, and how
// `extends` and `references` are followed (cycles, chain length, package configs, odd entries).
import { strict as assert } from 'node:assert';
import type { ToolReader } from '../../../src/core/seal/context';
import { eslint, tsc } from '../../../src/core/seal/tools/lint';
import type { Files } from './helpers';
import { recordTool, type ToolRecord } from './recordTool';

const NOTHING: ToolRecord = { runs: [], deps: [], notes: [] };
const eslintDeps = (...deps: string[]): ToolRecord => ({ runs: [], deps: deps.map((d) => `${d} <- the proof runs eslint`), notes: [] });
const tscDeps = (...deps: string[]): ToolRecord => ({ runs: [], deps: deps.map((d) => `type-config ${d} <- the proof runs tsc`), notes: [] });

// Each of these eslint options takes the next word as its value, so a `-c x.json` after it is
// that value and names no config.
const ESLINT_VALUED = ['--rulesdir', '--ext', '--resolve-plugins-relative-to', '-f', '--format', '-o', '--output-file', '--max-warnings', '--parser', '--plugin', '--rule', '--env', '--global'];
// Each of these tsc options takes the next word as its value, so a `.ts` name after it is not a
// source file given on the command line.
const TSC_VALUED = ['--outDir', '--rootDir', '--target', '-t', '--module', '-m', '--lib', '--jsx', '--declarationDir', '--tsBuildInfoFile'];

const CASES: Array<[string, ToolReader, Files, string[], string, ToolRecord]> = [
  ...ESLINT_VALUED.map((o): [string, ToolReader, Files, string[], string, ToolRecord] => [`\`eslint ${o} -c x.json\`: -c is the value of ${o}, so x.json is no config`, eslint, {}, [o, '-c', 'x.json'], '.', NOTHING]),
  ['`eslint --config my.json` depends on my.json', eslint, {}, ['--config', 'my.json'], '.', eslintDeps('lint-config my.json')],
  ['eslint depends on package.json as its eslintConfig and eslintIgnore keys', eslint, { 'package.json': '{}' }, ['.'], '.', eslintDeps('manifest package.json json:eslintConfig,json:eslintIgnore')],
  ...TSC_VALUED.map((o): [string, ToolReader, Files, string[], string, ToolRecord] => [`\`tsc ${o} a.ts\`: a.ts is the value of ${o}, so tsconfig.json is read`, tsc, { 'tsconfig.json': '{}' }, [o, 'a.ts'], '.', tscDeps('tsconfig.json')]),
  ['`tsc --project sub` reads sub/tsconfig.json', tsc, { 'sub/tsconfig.json': '{}' }, ['--project', 'sub'], '.', tscDeps('sub/tsconfig.json')],
  ['`tsc -b sub` builds the folder given', tsc, { 'sub/tsconfig.json': '{}' }, ['-b', 'sub'], '.', tscDeps('sub/tsconfig.json')],
  ['`tsc --build sub` builds the folder given', tsc, { 'sub/tsconfig.json': '{}' }, ['--build', 'sub'], '.', tscDeps('sub/tsconfig.json')],
  // A path that joins to null must not be read as the folder "null".
  ['`tsc -p /abs/x` names a project outside the workspace, which is not read', tsc, { 'null/tsconfig.json': '{}' }, ['-p', '/abs/x'], '.', NOTHING],
  ['with no tsconfig.json up from the folder, tsc reads nothing', tsc, { 'null/tsconfig.json': '{}' }, [], '.', NOTHING],
  ['tsc in sub/ with none there reads the tsconfig.json of the folder above', tsc, { 'tsconfig.json': '{}' }, [], 'sub', tscDeps('tsconfig.json')],
  ['configs that extend each other are each read once', tsc, { 'tsconfig.json': '{"extends": "./b.json"}', 'b.json': '{"extends": "./tsconfig.json"}' }, [], '.', tscDeps('b.json', 'tsconfig.json')],
  ['a package config in extends is not read as a path, even if a file by that name exists', tsc, { 'tsconfig.json': '{"extends": "@tsconfig/node20/tsconfig.json"}', '@tsconfig/node20/tsconfig.json': '{}' }, [], '.', tscDeps('tsconfig.json')],
  ['an extends naming a file with no .json that exists is that file', tsc, { 'tsconfig.json': '{"extends": "./base"}', base: '{}', 'base.json': '{}' }, [], '.', tscDeps('base', 'tsconfig.json')],
  ['an extends name ending in .json is never given a second .json', tsc, { 'tsconfig.json': '{"extends": "./x.json"}', 'x.json.json': '{}' }, [], '.', tscDeps('tsconfig.json')],
  ['a reference that is no object with a string path is skipped', tsc, { 'tsconfig.json': '{"references": [{"path": 1}, "x", null, {"path": "sub"}]}', 'sub/tsconfig.json': '{}' }, [], '.', tscDeps('sub/tsconfig.json', 'tsconfig.json')],
];

describe('eslint and tsc option values and config chains', () => {
  for (const [title, tool, files, args, cwd, expected] of CASES) {
    it(title, () => {
      assert.deepEqual(recordTool(tool, files, args, cwd), expected);
    });
  }

  it('a chain of extends stops after 51 configs', () => {
    const files: Files = {};
    for (let k = 0; k < 60; k++) files[`c${k}.json`] = k < 59 ? `{"extends": "./c${k + 1}.json"}` : '{}';
    const deps = recordTool(tsc, files, ['-p', 'c0.json']).deps;
    assert.equal(deps.length, 51);
    assert.ok(deps.includes('type-config c50.json <- the proof runs tsc'));
    assert.ok(!deps.includes('type-config c51.json <- the proof runs tsc'));
  });
});
