import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { processAlive } from '../../../src/workspace/processAlive';

describe('processAlive', () => {
  it('this process runs', () => assert.equal(processAlive(process.pid), true));
  it('a process that has ended does not', () => {
    const ended = spawnSync(process.execPath, ['-e', '']);
    assert.ok(ended.pid > 0);
    assert.equal(processAlive(ended.pid), false);
  });
});
