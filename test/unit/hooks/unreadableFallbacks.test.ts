// What the hooks decide when the file system fails them between two looks: a plan file named on a
// /goal line that exists but cannot be stat-ed (removed in between, say) is no file to adopt, and
// the stop gate's fault path, which cannot tell whether a goal is frozen (here: no home folder to
// find the seal's outside copy in), counts it as frozen. Node's fs and os functions are replaced
// for the one call and put back after it.
import { strict as assert } from 'node:assert';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goalLineOf } from '../../../src/hooks/prompt';
import { frozenForFault } from '../../../src/hooks/sealGate';
import { workspace } from './helpers';

// The modules' own export objects, which the compiled sources read each function from at call time.
const nodeRequire = createRequire(__filename);
const fsModule = nodeRequire('node:fs') as { statSync: (...a: unknown[]) => unknown };
const osModule = nodeRequire('node:os') as { homedir: () => string };

function failing(code: string): () => never {
  return () => {
    throw Object.assign(new Error(`${code}: failed for the test`), { code });
  };
}

describe('the hooks when the file system fails a second look', () => {
  it('a /goal plan file that exists but cannot be stat-ed is named, with no file to adopt', () => {
    const w = workspace();
    writeFileSync(join(w.ws, 'PLAN.md'), '# Plan\n');
    const statSync = fsModule.statSync;
    fsModule.statSync = failing('ENOENT');
    let got;
    try {
      got = goalLineOf('/goal PLAN.md', w.ws, w.home);
    } finally {
      fsModule.statSync = statSync;
    }
    assert.deepEqual(got, { named: 'PLAN.md', path: null });
  });

  it('the same /goal line with the file stat-ed as usual names the file', () => {
    const w = workspace();
    writeFileSync(join(w.ws, 'PLAN.md'), '# Plan\n');
    assert.deepEqual(goalLineOf('/goal PLAN.md', w.ws, w.home), { named: 'PLAN.md', path: join(w.ws, 'PLAN.md') });
  });

  it('with no home folder to be found, the fault path counts a workspace with no goal as frozen', () => {
    const w = workspace();
    const homedir = osModule.homedir;
    osModule.homedir = failing('ENOENT');
    let got;
    try {
      got = frozenForFault(w.ws, {});
    } finally {
      osModule.homedir = homedir;
    }
    assert.equal(got, true);
  });

  it('with a home folder, a workspace with no goal and no seal is not frozen', () => {
    const w = workspace();
    assert.equal(frozenForFault(w.ws, { HOME: w.home }), false);
  });
});
