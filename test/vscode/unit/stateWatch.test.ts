// The state folder watcher: it must see goal.json written into a .claude/proofmeter that did not
// exist when it started (the way a terminal's `proofmeter adopt` or the plan-approval hook makes it).
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { StateWatch } from '../../../src/extension/stateWatch';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(fn: () => boolean, what: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('StateWatch (the state folder, before and after it exists)', function () {
  let root: string;
  let w: StateWatch | undefined;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pm-sw-'));
  });
  afterEach(() => {
    w?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('steps down as .claude and .claude/proofmeter appear, and reports the goal written into them', async function () {
    const seen: string[] = [];
    w = new StateWatch(root, ['.claude', 'proofmeter'], (why) => seen.push(why));
    assert.equal(w.watching, root);
    mkdirSync(join(root, '.claude'));
    await until(() => w!.watching === join(root, '.claude'), 'the watch to move into .claude');
    // the folder and its goal at once, as mkdir -p and an atomic write do
    mkdirSync(join(root, '.claude', 'proofmeter'));
    writeFileSync(join(root, '.claude', 'proofmeter', 'goal.json'), '{}');
    await until(() => seen.length > 0, 'a change');
    assert.equal(w.watching, join(root, '.claude', 'proofmeter'));
    const n = seen.length;
    writeFileSync(join(root, '.claude', 'proofmeter', 'goal.json'), '{"changed":true}');
    await until(() => seen.length > n, 'the second write');
    assert.ok(seen.some((s) => s.includes('goal.json')), seen.join(', '));
  });

  it('steps down to a folder made between its look for it and its watch, whose own event is lost', async function () {
    // The terminal's adopt makes .claude between the watcher's look at the root and its watch there.
    const fs = createRequire(__filename)('node:fs') as typeof import('node:fs');
    const realWatch = fs.watch;
    let raced = false;
    fs.watch = ((...args: Parameters<typeof realWatch>) => {
      if (!raced && args[0] === root) {
        raced = true;
        mkdirSync(join(root, '.claude'));
      }
      return realWatch(...args);
    }) as typeof realWatch;
    syncBuiltinESMExports();
    try {
      w = new StateWatch(root, ['.claude', 'proofmeter'], () => undefined);
    } finally {
      fs.watch = realWatch;
      syncBuiltinESMExports();
    }
    assert.ok(raced, 'the folder was made between the look and the watch');
    assert.equal(w.watching, join(root, '.claude'));
  });

  it('says nothing for files the views do not read, and nothing at the start', async function () {
    mkdirSync(join(root, '.claude', 'proofmeter'), { recursive: true });
    writeFileSync(join(root, '.claude', 'proofmeter', 'goal.json'), '{}');
    const seen: string[] = [];
    w = new StateWatch(root, ['.claude', 'proofmeter'], (why) => seen.push(why));
    writeFileSync(join(root, '.claude', 'proofmeter', 'health-stop.jsonl'), '{}\n');
    mkdirSync(join(root, '.claude', 'proofmeter', 'scan'));
    writeFileSync(join(root, '.claude', 'proofmeter', 'scan', 'x.json'), '{}');
    await sleep(200);
    assert.deepEqual(seen, []);
  });

  it('climbs back up when the state folder is removed, and sees it made again', async function () {
    const dir = join(root, '.claude', 'proofmeter');
    mkdirSync(dir, { recursive: true });
    const seen: string[] = [];
    w = new StateWatch(root, ['.claude', 'proofmeter'], (why) => seen.push(why));
    assert.equal(w.watching, dir);
    rmSync(join(root, '.claude'), { recursive: true });
    await until(() => w!.watching === root, 'the watch to climb back to the root');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'goal.json'), '{}');
    await until(() => w!.watching === dir && seen.includes('state folder appeared'), 'the folder made again');
  });
});
