// The programs a proof starts (core/plan/proofCommands.ts), read for the editor's PATH warning.
import { strict as assert } from 'node:assert';
import { proofPrograms } from '../../../src/core/plan/proofCommands';

describe('the programs a proof runs', function () {
  const cases: Array<[string, string, string[]]> = [
    ['a plain command', 'npm test', ['npm']],
    ['each command of a list, once', 'npm test && npm run lint | grep -q ok', ['npm', 'grep']],
    ['past assignments and wrappers', 'CI=1 timeout 60 pytest -q', ['pytest']],
    ['builtins and reserved words are the shell’s own', 'test -f x || exit 1; if true; then mytool; fi', ['mytool']],
    ['inside a substitution', 'x=$(mytool2 --v); test "$x" = 1', ['mytool2']],
    ['a command word built by an expansion is not read', '$TOOL run', []],
    ['a path is kept as written', './scripts/check.sh --all', ['./scripts/check.sh']],
  ];
  for (const [name, command, want] of cases) it(`${name}: ${command}`, () => assert.deepEqual(proofPrograms(command), want));
});
