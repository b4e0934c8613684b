// One proof run outside the agent's shell: its own exit decides, a hang is ended with its whole
// process group, output past the cap is counted, not kept, and nothing of the caller's shell
// (BASH_ENV, ENV, exported functions, aliases, its PATH) reaches it.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUTPUT_CAP, runProof, TAIL_CAP } from '../../../src/workspace/runProof';

const BASE_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir() };

function dir(): string {
  return mkdtempSync(join(tmpdir(), 'pm-proof-'));
}

/** Running, not gone and not a zombie (a container's init may never reap what it inherits). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

describe('runProof', () => {
  const cases: Array<{ name: string; command: string; outcome: string; exit: number | null }> = [
    { name: 'a clean exit passes', command: 'true', outcome: 'pass', exit: 0 },
    { name: 'a non-zero exit fails with its own code', command: 'echo nope >&2; exit 3', outcome: 'fail', exit: 3 },
    { name: 'the last command of a list decides, as bash -c says', command: 'false; true', outcome: 'pass', exit: 0 },
    { name: 'a missing command fails with bash\'s 127', command: 'no-such-command-pm-verify', outcome: 'fail', exit: 127 },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const r = await runProof({ command: c.command, cwd: dir(), env: BASE_ENV, timeoutMs: 10_000 });
      assert.equal(r.outcome, c.outcome);
      assert.equal(r.exit, c.exit);
      assert.equal(r.error, null);
    });
  }

  it('runs in the given folder, stdin closed', async () => {
    const d = dir();
    const r = await runProof({ command: 'pwd; cat; echo end', cwd: d, env: BASE_ENV, timeoutMs: 10_000 });
    assert.equal(r.output.toString(), `${d}\nend\n`);
  });

  it('a hang past the timeout is a timeout, and everything the proof started is ended with it', async function () {
    this.timeout(20_000);
    const d = dir();
    const pidFile = join(d, 'child.pid');
    // A background child of its own, and a foreground sleep: both must go.
    const started = Date.now();
    const r = await runProof({ command: `sleep 30 & echo $! > ${pidFile}; sleep 30`, cwd: d, env: BASE_ENV, timeoutMs: 1000 });
    assert.equal(r.outcome, 'timeout');
    assert.equal(r.exit, null);
    assert.ok(Date.now() - started < 5000, `it ended soon after the timeout (${Date.now() - started} ms)`);
    const child = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(child > 0);
    await new Promise((res) => setTimeout(res, 200));
    assert.equal(alive(child), false, 'the background sleep was killed with the group');
  });

  it('a proof that leaves a child behind after it exits does not hold the verifier, and the child is ended', async function () {
    this.timeout(20_000);
    const d = dir();
    const pidFile = join(d, 'child.pid');
    const started = Date.now();
    const r = await runProof({ command: `sleep 30 & echo $! > ${pidFile}; exit 0`, cwd: d, env: BASE_ENV, timeoutMs: 10_000 });
    assert.equal(r.outcome, 'pass');
    assert.ok(Date.now() - started < 5000, 'it did not wait for the leftover child');
    await new Promise((res) => setTimeout(res, 200));
    assert.equal(alive(Number(readFileSync(pidFile, 'utf8'))), false);
  });

  it('output past the cap is counted and not kept', async () => {
    const r = await runProof({ command: 'head -c 400000 /dev/zero; head -c 1000 /dev/zero >&2', cwd: dir(), env: BASE_ENV, timeoutMs: 10_000 });
    assert.equal(r.outcome, 'pass');
    assert.equal(r.outputBytes, 401_000);
    assert.equal(r.outputTruncated, true);
    assert.equal(r.output.length, OUTPUT_CAP);
  });

  it('past the cap, the last 64 KiB are kept apart as the tail, where a runner closes with its summary', async () => {
    const r = await runProof({ command: "head -c 400000 /dev/zero | tr '\\0' x; printf '\\n  7 passing (3ms)\\n'", cwd: dir(), env: BASE_ENV, timeoutMs: 10_000 });
    assert.equal(r.output.length, OUTPUT_CAP);
    assert.equal(r.tail.length, TAIL_CAP);
    assert.ok(r.tail.toString().endsWith('x\n  7 passing (3ms)\n'));
    assert.ok(!r.output.toString().includes('passing'));
  });

  it('output under the cap is kept whole and not marked truncated', async () => {
    const r = await runProof({ command: 'printf abc; printf def >&2', cwd: dir(), env: BASE_ENV, timeoutMs: 10_000 });
    assert.equal(r.outputBytes, 6);
    assert.equal(r.outputTruncated, false);
    assert.equal(r.tail.length, 0, 'nothing past the cap, no tail');
  });

  it('a folder that does not exist is an error, not a pass', async () => {
    const r = await runProof({ command: 'true', cwd: join(dir(), 'gone'), env: BASE_ENV, timeoutMs: 10_000 });
    assert.equal(r.outcome, 'error');
    assert.equal(r.error, 'ENOENT');
  });

  it('an abort ends the proof at once and reads as cancelled', async function () {
    this.timeout(10_000);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const r = await runProof({ command: 'sleep 30', cwd: dir(), env: BASE_ENV, timeoutMs: 60_000, signal: ac.signal });
    assert.equal(r.outcome, 'error');
    assert.equal(r.error, 'cancelled');
  });

  describe('the controlled environment', () => {
    it('BASH_ENV, ENV, an exported function and an alias file in the caller do not reach the proof', async () => {
      const d = dir();
      const rc = join(d, 'rc.sh');
      // What an agent's shell could set up: a startup file that defines a passing `check`, and
      // a function of that name exported the way bash exports functions.
      writeFileSync(rc, "check() { echo forged; return 0; }\nalias check='true'\ntouch " + join(d, 'rc-ran') + '\n');
      const caller = { ...process.env, BASH_ENV: rc, ENV: rc, 'BASH_FUNC_check%%': '() {  echo forged; return 0\n}' };
      // The runner passes only what goalEnv keeps; the caller's environment is never handed on.
      const { chooseEnv } = await import('../../../src/workspace/goalEnv');
      const env = chooseEnv(undefined, caller).env;
      assert.deepEqual(Object.keys(env).filter((k) => !/^(PATH|HOME|LANG|LANGUAGE|LC_.*)$/.test(k)), []);
      const r = await runProof({ command: 'check', cwd: d, env, timeoutMs: 10_000 });
      assert.equal(r.outcome, 'fail');
      assert.equal(r.exit, 127, 'no `check` exists for the re-run');
      assert.equal(existsSync(join(d, 'rc-ran')), false, 'no startup file ran');
    });

    it('even handed BASH_ENV directly, --noprofile --norc -c runs no rc file (only BASH_ENV would, and it is never passed)', async () => {
      const d = dir();
      const r = await runProof({ command: 'echo "${BASH_ENV:-unset} ${ENV:-unset}"', cwd: d, env: BASE_ENV, timeoutMs: 10_000 });
      assert.equal(r.output.toString(), 'unset unset\n');
    });
  });
});
