// Hook health follows the hooks: a line appended to health.jsonl (as every hook call does) asks for
// the gates again, once per burst; the tally's records and other files of the state folder do not.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HookHealthLive, isHealthFile } from '../../../src/extension/hookHealthLive';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('which state files are the hooks’ health', function () {
  const rows: Array<[string, string, boolean]> = [
    ['the health file the hooks append to', 'health.jsonl', true],
    ['its rotated copy', 'health.1.jsonl', true],
    ['the goal', 'goal.json', false],
    ['a receipts file', 'receipts-abc.jsonl', false],
    ['a temporary file beside the health file', 'health.jsonl.tmp', false],
    ['a name that only starts like it', 'healthy.jsonl', false],
  ];
  for (const [name, file, want] of rows) {
    it(`${name} (${file}) ${want ? 'is' : 'is not'} one`, () => assert.equal(isHealthFile(file), want));
  }
});

describe('HookHealthLive (the gates follow the hooks as they fire)', function () {
  let root: string;
  let state: string;
  let live: HookHealthLive | undefined;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pm-hhl-'));
    state = join(root, '.claude', 'proofmeter');
    mkdirSync(state, { recursive: true });
  });
  afterEach(() => {
    live?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('a burst of hook calls appending to health.jsonl refreshes once, after the burst', async function () {
    let refreshed = 0;
    live = new HookHealthLive(root, ['.claude', 'proofmeter'], () => refreshed++, { delayMs: 100, maxWaitMs: 1000 });
    for (let i = 0; i < 5; i++) {
      appendFileSync(join(state, 'health.jsonl'), `{"event":"guard","n":${i}}\n`);
      await sleep(10);
    }
    assert.equal(refreshed, 0, 'nothing before the burst ends');
    await sleep(400);
    assert.equal(refreshed, 1);
    appendFileSync(join(state, 'health.jsonl'), '{"event":"stop"}\n');
    await sleep(400);
    assert.equal(refreshed, 2, 'the next hook call refreshes again');
  });

  it('the tally’s records changing do not ask for the gates', async function () {
    let refreshed = 0;
    live = new HookHealthLive(root, ['.claude', 'proofmeter'], () => refreshed++, { delayMs: 50, maxWaitMs: 200 });
    writeFileSync(join(state, 'goal.json'), '{}');
    writeFileSync(join(state, 'receipts-s1.jsonl'), '{}\n');
    await sleep(300);
    assert.equal(refreshed, 0);
  });

  it('once disposed, a hook call refreshes nothing', async function () {
    let refreshed = 0;
    live = new HookHealthLive(root, ['.claude', 'proofmeter'], () => refreshed++, { delayMs: 50, maxWaitMs: 200 });
    live.dispose();
    appendFileSync(join(state, 'health.jsonl'), '{}\n');
    await sleep(250);
    assert.equal(refreshed, 0);
  });
});
