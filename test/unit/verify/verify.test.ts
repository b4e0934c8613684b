// `proofmeter verify`: every one of Claude's command proofs re-run outside the agent's shell, in
// the environment recorded at the freeze, set beside the session's evidence. The re-runs can take
// a proof back (tally --json shows it) and never give one.
import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { cli } from '../helpers/cli';
import { goalJson, tallyJson, verifyJson } from '../helpers/cliJson';
import { adopt, git, gitWorkspace, sessionProving } from './helpers';
import { freeze, workspace } from '../hooks/helpers';

const FAILING_CHECK = 'echo "greet.txt has no goodbye" >&2\nexit 1\n';

describe('proofmeter verify', () => {
  it('re-runs each of Claude’s proofs: a pass, and a failure with its own exit code; exit 1 when one did not pass', async () => {
    const w = gitWorkspace({ 'check.sh': 'seq 1 7\nexit 4\n' });
    adopt(w, '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n- S2. Check. Proof: `sh check.sh`\n- S3. You. Proof: human — your words name S3\n- S4. Later. Proof: later — the release\n');
    const r = await cli(['verify', '--json'], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 1, r.err);
    const j = verifyJson(r.out);
    // The keys as printed: the parse above keeps only the schema's.
    const printed = z.object({ results: z.array(z.record(z.unknown())) }).passthrough().parse(JSON.parse(r.out));
    assert.deepEqual(
      j.results.map((x) => [x.id, x.proof, x.outcome, x.exit, x.signal, x.session]),
      [['S1', 'grep hi greet.txt', 'pass', 0, null, 'unrun'], ['S2', 'sh check.sh', 'fail', 4, null, 'unrun']],
      "the person's and later items are never re-run",
    );
    assert.deepEqual(Object.keys(printed.results[0] ?? {}).sort(), ['at', 'clean', 'durationMs', 'error', 'exit', 'id', 'outcome', 'outputBytes', 'outputTruncated', 'proof', 'sandbox', 'session', 'signal', 'tail', 'tampered', 'tests', 'timeoutMs']);
    // The last five lines of a failure's output, as the text report prints them, for the Testing view's message; none for a pass.
    assert.deepEqual(j.results.map((x) => x.tail), [[], ['3', '4', '5', '6', '7']]);
    assert.equal(j.results[0]?.outputBytes, 3);
    assert.deepEqual(j.disagreements, [], 'the session ran neither, so there is nothing to disagree with');
    assert.equal(j.verdict, 'not-done');
    assert.equal(j.env, 'goal');
    const ok = await cli(['verify', '--json', '--items', 's1'], { cwd: w.ws, env: w.env });
    assert.equal(ok.code, 0, 'exit 0 when every re-run passed');
    assert.deepEqual(verifyJson(ok.out).results.map((x) => x.id), ['S1']);
  });

  it('--items refuses the person’s items and ids the goal does not have', async () => {
    const w = gitWorkspace({});
    adopt(w, '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n- S3. You. Proof: human — your words name S3\n');
    const person = await cli(['verify', '--items', 'S3'], { cwd: w.ws, env: w.env });
    assert.equal(person.code, 2);
    assert.match(person.err, /S3 belongs to the person; the verifier re-runs Claude's command proofs only/);
    const unknown = await cli(['verify', '--items', 'S9'], { cwd: w.ws, env: w.env });
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /S9 is not an item of the goal \(S1 S3\)/);
    const none = await cli(['verify'], { cwd: workspace().ws });
    assert.equal(none.code, 2);
    assert.match(none.err, /no adopted goal/);
  });

  it('a hang past --timeout is a timeout, named in the text', async function () {
    this.timeout(20_000);
    const w = gitWorkspace({});
    adopt(w, '# G\n\n## Steps\n- S1. Hang. Proof: `sleep 30`\n');
    const started = Date.now();
    const r = await cli(['verify', '--timeout', '1'], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 1);
    assert.ok(Date.now() - started < 8000, 'the hang was ended');
    assert.match(r.out, /^ {2}S1 {2}FAILED \(timed out after 1 s\) {2}\d+ ms/m);
    const bad = await cli(['verify', '--timeout', 'soon'], { cwd: w.ws, env: w.env });
    assert.equal(bad.code, 2);
  });

  it('output past the cap is counted, the first 256 KiB kept for the terminal, nothing saved', async () => {
    const w = gitWorkspace({});
    adopt(w, '# G\n\n## Steps\n- S1. Loud. Proof: `head -c 300000 /dev/zero | tr "\\0" x; exit 2`\n');
    const r = await cli(['verify', '--json'], { cwd: w.ws, env: w.env });
    const res = verifyJson(r.out).results[0];
    assert.equal(res?.outputBytes, 300000);
    assert.equal(res?.outputTruncated, true);
    const saved = readFileSync(join(w.ws, '.claude', 'proofmeter', 'verify.json'), 'utf8');
    assert.ok(!saved.includes('xxxx'), 'no output in the saved results');
    assert.ok(saved.length < 4000);
  });

  it('a disagreement: the session proved it, the re-run fails; the text leads with it and the tally takes the proof back', async () => {
    const w = gitWorkspace({ 'check.sh': FAILING_CHECK });
    adopt(w, '# G\n\n## Checks\n- V1. The checks pass. Proof: `sh check.sh`\n- V2. Greets. Proof: `grep hi greet.txt`\n');
    sessionProving(w, ['sh check.sh', 'grep hi greet.txt']);
    const before = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.deepEqual(before.items.map((i) => i.state), ['proved', 'proved'], 'the transcript claims both');
    assert.equal(before.verifier, null);
    const r = await cli(['verify'], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 1);
    const lines = r.out.split('\n');
    assert.equal(lines[0], 'Disagreements (the session and the re-run differ): V1');
    assert.match(lines[1]!, /^ {2}V1 {2}the session: proved; the re-run: FAILED \(exit 1\) {2}proof: sh check\.sh$/);
    assert.ok(r.out.includes('      | greet.txt has no goodbye'), 'the failing output is shown to the person');
    // V1 taken back, and the commit stage (the work is uncommitted) is open too: the total counts it.
    assert.equal(lines.at(-1), 'verdict: NOT DONE (2 open)');
    const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    const v1 = t.items.find((i) => i.id === 'V1');
    assert.equal(v1?.state, 'failed');
    assert.match(v1?.detail, /^failed on re-run \(exit 1, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$/);
    assert.equal(t.items.find((i) => i.id === 'V2')?.state, 'proved', 'a passing re-run leaves the proof as it was');
    assert.deepEqual(t.verifier?.disagreements, ['V1']);
    assert.deepEqual(t.verifier?.reopened, ['V1']);
    assert.deepEqual(t.verifier?.results.map((x) => [x.id, x.outcome, x.session]), [['V1', 'fail', 'proved'], ['V2', 'pass', 'proved']]);
    assert.equal(t.verdict, 'not-done');
    // A newer session run that passes decides again (the re-run is older now).
    sessionProving(w, ['sh check.sh', 'grep hi greet.txt'], 'later.jsonl', Date.now() + 10);
    const again = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.equal(again.items.find((i) => i.id === 'V1')?.state, 'proved');
  });

  it('a passing re-run never proves what the session failed or never ran', async () => {
    const w = gitWorkspace({});
    adopt(w, '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n');
    assert.equal((await cli(['verify'], { cwd: w.ws, env: w.env })).code, 0);
    const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.equal(t.items[0]?.state, 'unrun');
    assert.equal(t.verifier?.results[0]?.outcome, 'pass');
    assert.equal(t.verdict, 'not-done');
  });

  it('--clean runs at HEAD: uncommitted changes are left out, reported beside the others, and the count does not move', async () => {
    const w = gitWorkspace({ 'check.sh': FAILING_CHECK });
    adopt(w, '# G\n\n## Checks\n- V1. The checks pass. Proof: `sh check.sh`\n');
    // Fixed in the work tree, not committed.
    writeFileSync(join(w.ws, 'check.sh'), 'echo fixed\n');
    sessionProving(w, ['sh check.sh']);
    const tree = await cli(['verify', '--json'], { cwd: w.ws, env: w.env });
    assert.equal(tree.code, 0, 'the work tree passes');
    const clean = await cli(['verify', '--clean', '--json'], { cwd: w.ws, env: w.env });
    assert.equal(clean.code, 1, 'HEAD still holds the failing check');
    const j = verifyJson(clean.out);
    assert.equal(j.where, 'clean checkout of HEAD');
    assert.deepEqual(j.results.map((x) => [x.id, x.outcome, x.exit, x.clean]), [['V1', 'fail', 1, true]]);
    assert.deepEqual(j.disagreements, ['V1']);
    const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.equal(t.items[0]?.state, 'proved', 'a clean re-run never changes the count');
    assert.deepEqual(t.verifier?.clean.map((x) => [x.id, x.outcome]), [['V1', 'fail']]);
    assert.deepEqual(t.verifier?.results.map((x) => [x.id, x.outcome]), [['V1', 'pass']]);
    assert.equal(git(w.ws, 'worktree', 'list').trim().split('\n').length, 1, 'the temporary worktree is gone');
    assert.equal(git(w.ws, 'status', '--porcelain', '--', 'check.sh').trim(), 'M check.sh', 'the work tree is as it was');
    const text = await cli(['verify'], { cwd: w.ws, env: w.env });
    assert.match(text.out, /^Saved beside these, in a clean checkout of HEAD \(never counted\): V1 fail$/m);
    assert.match(text.out, /^Re-run in a clean checkout of HEAD \(not counted\): V1 exit 1$/m);
  });

  it('--clean outside git says so', async () => {
    const w = workspace();
    freeze(w, '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n');
    const r = await cli(['verify', '--clean'], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 2);
    assert.match(r.err, /--clean needs a git repository/);
  });

  describe('the environment', () => {
    function tools(w: { root: string }, name: string, exit: number): string {
      const bin = join(w.root, name);
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, 'mytool'), `#!/bin/sh\nexit ${exit}\n`);
      chmodSync(join(bin, 'mytool'), 0o755);
      return bin;
    }

    it('the PATH recorded at the freeze resolves the tool; a PATH changed afterwards does not reach the re-run', async () => {
      const w = gitWorkspace({});
      const venv = tools(w, 'venv', 0);
      const fake = tools(w, 'fake', 9);
      adopt(w, '# G\n\n## Steps\n- S1. Tool. Proof: `mytool`\n', { ...w.env, PATH: `${venv}:${process.env.PATH}` });
      const goal = goalJson(readFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), 'utf8'));
      assert.equal(goal.env?.PATH, `${venv}:${process.env.PATH}`);
      assert.equal(goal.env?.HOME, w.home);
      const later = { ...w.env, PATH: `${fake}:${process.env.PATH}`, BASH_ENV: join(w.root, 'nope.sh') };
      const r = await cli(['verify', '--json'], { cwd: w.ws, env: later });
      assert.equal(verifyJson(r.out).results[0]?.outcome, 'pass', 'the recorded PATH, not the caller’s');
    });

    it('a goal frozen before environments were recorded uses the runner’s own, and says so', async () => {
      const w = gitWorkspace({});
      freeze(w, '# G\n\n## Steps\n- S1. Tool. Proof: `mytool`\n');
      const bin = tools(w, 'bin', 0);
      const env = { ...w.env, PATH: `${bin}:${process.env.PATH}` };
      const j = verifyJson((await cli(['verify', '--json'], { cwd: w.ws, env })).out);
      assert.equal(j.env, 'runner');
      assert.equal(j.results[0]?.outcome, 'pass');
      const text = await cli(['verify'], { cwd: w.ws, env });
      assert.match(text.out, /this process's PATH, HOME and locale \(the goal was frozen before environments were recorded\)/);
    });

    it('only PATH, HOME and the locale are recorded, nothing else of the freezer’s environment', async () => {
      const w = gitWorkspace({});
      adopt(w, '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n', { PATH: '/bin', HOME: '/h', LANG: 'C.UTF-8', LC_ALL: 'C', SECRET_TOKEN: 'x', BASH_ENV: '/rc' });
      const goal = goalJson(readFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), 'utf8'));
      assert.deepEqual(goal.env, { HOME: '/h', LANG: 'C.UTF-8', LC_ALL: 'C', PATH: '/bin' });
    });
  });

  it('a verify.json that cannot be read is no results, never a pass', async () => {
    const w = gitWorkspace({ 'check.sh': FAILING_CHECK });
    adopt(w, '# G\n\n## Checks\n- V1. The checks pass. Proof: `sh check.sh`\n');
    sessionProving(w, ['sh check.sh']);
    await cli(['verify'], { cwd: w.ws, env: w.env });
    const file = join(w.ws, '.claude', 'proofmeter', 'verify.json');
    for (const bad of ['{ torn', JSON.stringify({ version: 1, results: [{ id: 'V1', outcome: 'pass' }] }), JSON.stringify({ version: 2, results: [] })]) {
      writeFileSync(file, bad);
      const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
      assert.equal(t.verifier, null, bad);
      assert.equal(t.items[0]?.state, 'proved', 'the session’s own evidence stands');
    }
  });
});
