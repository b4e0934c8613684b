// The tools the resolver knows, by the name a command calls them (its last path part).
import type { ToolReader } from '../context';
import { concurrently, npm, npx, runAll, yarnLike } from './packageScripts';
import { bun, jest, mocha, node, vitest } from './js';
import { python, pytest, pythonLint, tox, unittest } from './python';
import { goTool } from './go';
import { cargo } from './cargo';
import { biome, eslint, golangci, prettier, tsc } from './lint';
import { make } from './make';

export const TOOLS: Readonly<Record<string, ToolReader>> = {
  npm,
  yarn: yarnLike,
  pnpm: yarnLike,
  npx,
  bunx: npx,
  pnpx: npx,
  'npm-run-all': runAll,
  'npm-run-all2': runAll,
  'run-s': runAll,
  'run-p': runAll,
  concurrently,
  node,
  nodejs: node,
  tsx: node,
  'ts-node': node,
  bun,
  mocha,
  _mocha: mocha,
  jest,
  vitest,
  pytest,
  'py.test': pytest,
  unittest,
  python,
  mypy: pythonLint('mypy'),
  pyright: pythonLint('pyright'),
  flake8: pythonLint('flake8'),
  ruff: pythonLint('ruff'),
  pylint: pythonLint('pylint'),
  black: pythonLint('black'),
  isort: pythonLint('isort'),
  tox,
  go: goTool,
  cargo,
  eslint,
  tsc,
  'vue-tsc': tsc,
  prettier,
  biome,
  'golangci-lint': golangci,
  make,
  gmake: make,
};

/** The tool a command word names: `python3.12` is python, `/usr/bin/make` is make. */
export function toolName(verb: string): string {
  if (/^python[\d.]*$/.test(verb)) return 'python';
  if (/^pytest-?[\d.]*$/.test(verb)) return 'pytest';
  return verb;
}
