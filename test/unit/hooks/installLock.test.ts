import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { lockPath, withInstallLock } from '../../../src/workspace/installLock';

function project(): { dir: string; lock: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pm-lock-'));
  const lock = lockPath(dir);
  mkdirSync(dirname(lock), { recursive: true });
  return { dir, lock };
}

function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '']);
  assert.ok(r.pid);
  return r.pid;
}

const holder = (over: Partial<{ pid: number; host: string; at: number; token: string }> = {}) =>
  JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now(), token: 'someone-else', ...over });

function timed<T>(f: () => T): { value: T | Error; ms: number } {
  const t0 = Date.now();
  try {
    return { value: f(), ms: Date.now() - t0 };
  } catch (e) {
    return { value: e as Error, ms: Date.now() - t0 };
  }
}

describe('installer: the workspace lock', () => {
  it('a lock held by a live process makes the next run wait out its timeout and fail with one line naming the holder', () => {
    const { dir, lock } = project();
    const text = holder();
    writeFileSync(lock, text);
    let ran = false;
    const r = timed(() => withInstallLock(dir, () => (ran = true), { timeoutMs: 300 }));
    assert.ok(r.value instanceof Error);
    assert.equal(r.value.name, 'UserError');
    assert.equal(r.value.message.split('\n').length, 1);
    assert.match(r.value.message, new RegExp(`pid ${process.pid}\\) holds \\.claude/proofmeter/install\\.lock`));
    assert.ok(r.ms >= 290, `waited ${r.ms} ms`);
    assert.equal(ran, false);
    assert.equal(readFileSync(lock, 'utf8'), text, 'the holder’s lock is left alone');
  });

  for (const [what, make, ok] of [
    ['whose process has exited is taken over at once', () => holder({ pid: deadPid() }), true],
    ['older than 30 s is taken over though its process lives', () => holder({ at: Date.now() - 31_000 }), true],
    ['from another machine with a dead pid is waited for (the pid means nothing here)', () => holder({ pid: deadPid(), host: 'elsewhere' }), false],
    ['from another machine older than 30 s is taken over', () => holder({ pid: deadPid(), host: 'elsewhere', at: Date.now() - 31_000 }), true],
    ['that is unreadable and fresh is waited for (its holder is still writing it)', () => '', false],
    ['that holds something else and is fresh is waited for', () => '{"pid": "x"}', false],
  ] as const) {
    it(`a lock ${what}`, () => {
      const { dir, lock } = project();
      writeFileSync(lock, make());
      const r = timed(() => withInstallLock(dir, () => 'ran', { timeoutMs: 400 }));
      if (ok) {
        assert.equal(r.value, 'ran');
        assert.ok(r.ms < 400, `took ${r.ms} ms`);
        assert.ok(!existsSync(lock), 'released afterwards');
      } else {
        assert.ok(r.value instanceof Error && r.value.name === 'UserError', String(r.value));
        assert.ok(existsSync(lock));
      }
    });
  }

  it('an unreadable lock older than 2 s was left by a process that died while taking it: taken over', () => {
    const { dir, lock } = project();
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 5_000);
    utimesSync(lock, old, old);
    assert.equal(withInstallLock(dir, () => 'ran', { timeoutMs: 400 }), 'ran');
  });

  it('waits for a holder that finishes, then runs', async () => {
    const { dir, lock } = project();
    // Another process takes the lock the way the meter does, holds it 600 ms, and lets go.
    const child = spawn(process.execPath, ['-e', `
      const fs = require('fs');
      fs.writeFileSync(${JSON.stringify(lock)}, JSON.stringify({ pid: process.pid, host: require('os').hostname(), at: Date.now(), token: 'child' }), { flag: 'wx' });
      console.log('held');
      setTimeout(() => fs.unlinkSync(${JSON.stringify(lock)}), 600);
    `]);
    await new Promise<void>((ok) => child.stdout.once('data', () => ok()));
    const r = timed(() => withInstallLock(dir, () => 'ran', { timeoutMs: 5_000 }));
    await new Promise((ok) => child.on('close', ok));
    assert.equal(r.value, 'ran');
    assert.ok(r.ms >= 300, `it waited (${r.ms} ms)`);
  });

  it('is released when the work throws, and leaves no folder it created', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-lock-'));
    assert.throws(() => withInstallLock(dir, () => {
      assert.ok(existsSync(lockPath(dir)), 'held during the work');
      throw new Error('boom');
    }), /boom/);
    assert.ok(!existsSync(join(dir, '.claude')), 'no empty .claude/ left behind');
    assert.equal(withInstallLock(dir, () => 'again', { timeoutMs: 100 }), 'again');
  });

  it('keeps a folder that holds other files', () => {
    const { dir, lock } = project();
    writeFileSync(join(dirname(lock), 'goal.json'), '{}');
    withInstallLock(dir, () => undefined);
    assert.ok(existsSync(join(dirname(lock), 'goal.json')));
    assert.ok(!existsSync(lock));
  });

  it('does not remove a lock that is no longer its own', () => {
    const { dir, lock } = project();
    withInstallLock(dir, () => writeFileSync(lock, holder({ token: 'taken-over' })));
    assert.match(readFileSync(lock, 'utf8'), /taken-over/);
  });
});
