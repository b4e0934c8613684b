// A git command that replaces or removes files, given a pathspec with a glob that no protected
// path holds: the guard still asks whether the folder the glob stands for reaches into .claude/.
// A folder written with a trailing slash stands for itself; a glob in the middle of a name stands
// for the folder that name is in; a one-name glob and a `..` after it fold away, as git folds the
// pathspec and bash the path (core/shell/globReach.ts).
import { strict as assert } from 'node:assert';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

const w = workspace();

describe('a git discard with a glob in its pathspec', () => {
  let scope: BashScope;
  beforeEach(() => {
    scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
  });
  const CLAUDE_DIR: Array<[string, string, string]> = [['claude-dir', 'git checkout --', 'git checkout --']];
  const cases: Array<[string, Array<[string, string, string]>]> = [
    // The glob stands for the files of src/, which is not .claude/ and does not hold it.
    ["git checkout -- 'src/*.ts'", []],
    // The glob stands for the files of src/ whose names start with a: still only src/.
    ["git checkout -- 'src/a*'", []],
    // `src/..*` stands for names in src/ that start with `..`: the folder is src/.
    ["git checkout -- 'src/..*'", []],
    // A glob inside .claude/ (not the meter's state or settings) reaches into .claude/.
    ["git checkout -- '.claude/agents/*.md'", CLAUDE_DIR],
    ["git checkout -- '.claude/agents/a*'", CLAUDE_DIR],
    // A glob and the `..` after it fold away: these leave .claude/ for src/.
    ["git checkout -- '.claude/agents/*/../../../src'", []],
    ["git checkout -- '.claude/agents/a*/../../../src/x'", []],
    // And these climb from src/ into .claude/.
    ["git checkout -- 'src/*/../../.claude/agents'", CLAUDE_DIR],
    ["git checkout -- 'src/a*/../../.claude/agents/x.md'", CLAUDE_DIR],
  ];
  for (const [command, findings] of cases) {
    it(`${command} finds ${findings.length ? 'that it replaces files in .claude/' : 'nothing'}`, () => {
      const got = analyzeBash(command, scope).map((f) => [f.kind, f.how, f.target]);
      assert.deepEqual(got, findings);
    });
  }
});
