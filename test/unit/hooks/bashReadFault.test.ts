// analyzeBash answers a stack overflow (a command nested too deep to read) as a command it cannot
// read, a finding that refuses it; any other fault is not one of those, and is thrown to the hook's
// caller (runHook answers it as a fault) rather than passed off as a nested command.
import { strict as assert } from 'node:assert';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths, type Protected } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

const w = workspace();

/** The workspace's protected paths, except that reading `workspace` throws `fault`. */
function faulty(fault: Error): Protected {
  const prot = protectedPaths(w.ws, w.env);
  return {
    ...prot,
    get workspace(): string {
      throw fault;
    },
  };
}

describe('a fault while the guard reads a Bash command', () => {
  it('a fault that is not a stack overflow is thrown as it is', () => {
    const scope: BashScope = { cwd: w.ws, home: w.home, prot: faulty(new TypeError('no workspace')) };
    assert.throws(() => analyzeBash('rm $CLAUDE_PROJECT_DIR/notes.txt', scope), { name: 'TypeError', message: 'no workspace' });
  });

  it('a stack overflow is answered as a command nested deeper than the guard reads', () => {
    const scope: BashScope = { cwd: w.ws, home: w.home, prot: faulty(new RangeError('Maximum call stack size exceeded')) };
    assert.deepEqual(analyzeBash('rm $CLAUDE_PROJECT_DIR/notes.txt', scope), [{ target: 'a command nested deeper than the guard reads', kind: 'state', how: 'nested shell' }]);
  });
});
