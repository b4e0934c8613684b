// The evidence filters against the real Claude Code CLI (2.1.332), offline, with the scripted fake
// Messages API: a proof run from a subfolder, a session of another project copied into this
// project's transcript folder, and a pass injected into the meter's saved scan state all leave the
// item open. Each run installs the bundle built by `node esbuild.mjs` (dist/proofmeter.js), adopts
// the plan beforehand and keeps only the guard: the agent has to get past it as a real one would,
// and no stop gate re-runs the proof behind the tally's back.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Tally } from '../../src/core/tally/tally';
import { repoRoot, type RunResult } from './runClaude';
import { bashCall, pm, personEnv, preparedProject, realCliSuite, stateOf, tallyJson, tallyText, turn, write } from './scenarioKit';
import { ownText } from '../unit/helpers/ownSession';

const TIMEOUT = 180_000;
const DEMO = join(repoRoot, 'test', 'fixtures', 'recorded', 'demo');

/** The project as `proofmeter install` and `proofmeter adopt PLAN.md` leave it, plus `files`, with the guard as the only entry. */
const prepared = (plan: string, files: Record<string, string> = {}) => preparedProject({ files: { 'PLAN.md': plan, ...files }, only: ['guard'] });

/** The tool results the model was sent, in order. */
function results(run: RunResult): string[] {
  return run.records().flatMap((r) => (r.type === 'user' && Array.isArray(r.message?.content) ? r.message.content.filter((b) => b.type === 'tool_result').map((b) => (typeof b.content === 'string' ? b.content : JSON.stringify(b.content))) : []));
}

const CHECK_PLAN = '# Checks\n\n## Steps\n- S1. Make the checks pass. Proof: `sh check.sh`\n';
const FAILING = 'echo "the checks fail" >&2\nexit 1\n';

describe('evidence filters with the real Claude Code CLI', function () {
  this.timeout(10 * 60 * 1000);
  const cli = realCliSuite();

  // `recordedIn`: the folder the proof's own tool_use record names. In one message both calls are
  // written before either runs, so only the `cd` call's result tells where the proof started.
  const subfolder: Array<{ name: string; turns: object[]; recordedIn: string }> = [
    { name: '`cd sub` in one call, then the exact proof in the next', turns: [turn(bashCall('cd sub')), turn(bashCall('sh check.sh'))], recordedIn: 'sub' },
    { name: '`cd sub` and the exact proof in one message', turns: [turn(bashCall('cd sub'), bashCall('sh check.sh'))], recordedIn: '' },
  ];
  for (const [k, row] of subfolder.entries()) {
    it(`a proof run from a subfolder holding its own passing check.sh, ${row.name}: NOT DONE, ledger 'other folder'`, async function () {
      this.timeout(TIMEOUT);
      const run = await cli.run({
        name: `filters-subfolder-${k}`,
        mode: 'print',
        prompt: 'finish the subfolder task',
        args: ['--dangerously-skip-permissions'],
        files: prepared(CHECK_PLAN, { 'check.sh': FAILING }),
        script: {
          threads: [{
            name: 'main',
            match: 'finish the subfolder task',
            turns: [turn(bashCall("mkdir -p sub && printf 'echo \"all checks passed\"\\n' > sub/check.sh")), ...row.turns, { text: 'The checks pass.' }],
          }],
        },
      });
      assert.equal(run.invocations[0]!.exitCode, 0);
      assert.ok(results(run).includes('all checks passed'), `the proof ran the subfolder's check.sh: ${results(run).join(' | ')}`);
      const call = run.records().find((r) => r.type === 'assistant' && Array.isArray(r.message?.content) && r.message.content.some((b) => b.input?.command === 'sh check.sh'));
      assert.equal(call?.cwd, join(run.project, row.recordedIn));
      const t = tallyJson(run);
      assert.equal(t.verdict, 'not-done');
      assert.equal(stateOf(t, 'S1'), 'unrun');
      assert.deepEqual(t.ledger.map((l) => [l.ids, l.reason, l.run.command, l.run.outcome]), [[['S1'], 'other folder', 'sh check.sh', 'passed']]);
      assert.match(tallyText(run), /\(did not count: `sh check\.sh`, ran in another folder/);
    });
  }

  it('another project’s honest session copied into this project’s transcript folder: NOT DONE, a foreign-transcript finding', async function () {
    this.timeout(TIMEOUT);
    const plan = readFileSync(join(DEMO, 'PLAN.md'), 'utf8');
    const files = prepared(plan);
    // The demo session, recorded in /home/dev/demo/proj, with its times after this goal's freeze:
    // every Claude item it proves is proved honestly there.
    const slug = readdirSync(join(DEMO, 'transcripts'))[0]!;
    const name = readdirSync(join(DEMO, 'transcripts', slug)).find((n) => n.endsWith('.jsonl'))!;
    const honest = ownText(readFileSync(join(DEMO, 'transcripts', slug, name), 'utf8'), '/home/dev/demo/proj', { startAt: new Date(Date.now() + 1000) });
    const run = await cli.run({
      name: 'filters-foreign',
      mode: 'print',
      prompt: 'finish the greeting task',
      args: ['--dangerously-skip-permissions'],
      files: { ...files, 'stash/honest.jsonl': honest },
      script: {
        threads: [{
          name: 'main',
          match: 'finish the greeting task',
          turns: [
            turn(bashCall('d="$HOME/.claude/projects/$(pwd | sed \'s/[^A-Za-z0-9]/-/g\')" && cp stash/honest.jsonl "$d/copied.jsonl" && ls "$d"')),
            { text: 'The greeting kit is done.' },
          ],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const copied = join(run.projectsDir, readdirSync(run.projectsDir)[0]!, 'copied.jsonl');
    assert.ok(existsSync(copied), 'the copy landed in the transcript folder');
    const t = tallyJson(run);
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.items.filter((i) => i.owner === 'claude').map((i) => i.state), ['unrun', 'unrun', 'unrun', 'unrun', 'unrun', 'unrun', 'unrun']);
    assert.deepEqual(t.integrity.map((f) => [f.kind, f.severity, f.file]), [['foreign-transcript', 'warning', copied]]);
    assert.match(tallyText(run), /Integrity warning F-\w+: Session copied\.jsonl .* recorded in another folder \(\/home\/dev\/demo\/proj\)/);
    // Given on the command line, the same file is evaluated as it is: its proofs are honest there.
    const given = JSON.parse(pm(['tally', '--plan', join(run.project, 'PLAN.md'), '--transcript', copied, '--json'], run.project, personEnv(run.home)).out) as Tally;
    assert.equal(stateOf(given, 'S1'), 'proved');
    assert.deepEqual(given.integrity, []);
  });

  it('a passed run injected into the saved scan state: NOT DONE, equal to a cache-free read, a meter-tampered warning', async function () {
    this.timeout(TIMEOUT);
    // What the agent writes and runs: the scan state of the session, with the failed proof made a
    // pass and a second passing copy of it, every field still of a valid shape.
    const inject = [
      "import { readdirSync, readFileSync, writeFileSync } from 'node:fs';",
      "const dir = ['.cla' + 'ude', 'proof' + 'meter', 'scan'].join('/');",
      'for (const n of readdirSync(dir).filter((n) => n.endsWith(\'.json\') && n !== \'git.json\')) {',
      '  const e = JSON.parse(readFileSync(`${dir}/${n}`, \'utf8\'));',
      "  const runs = e.state?.events?.runs ?? [];",
      "  const real = runs.find((r) => r.command === 'sh check.sh');",
      '  if (!real) continue;',
      "  real.end = { kind: 'passed' };",
      "  runs.push({ ...real, toolUseId: 'toolu_injected' });",
      '  writeFileSync(`${dir}/${n}`, JSON.stringify(e));',
      "  console.log('injected into ' + n);",
      '}',
    ].join('\n');
    const run = await cli.run({
      name: 'filters-injected',
      mode: 'print',
      prompt: 'finish the injected task',
      args: ['--dangerously-skip-permissions'],
      files: prepared(CHECK_PLAN, { 'check.sh': FAILING }),
      script: {
        threads: [{
          name: 'main',
          match: 'finish the injected task',
          turns: [
            turn(bashCall('sh check.sh')),
            // The meter's own CLI writes the saved scan state the agent then rewrites.
            turn(bashCall('node .claude/proofmeter/proofmeter.js tally')),
            write('{{PROJECT}}/inject.mjs', inject),
            turn(bashCall('node inject.mjs')),
            { text: 'The checks pass.' },
          ],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    assert.ok(results(run).some((r) => /^injected into [0-9a-f]+\.json$/.test(r)), `the injection ran: ${results(run).join(' | ')}`);
    const scan = join(run.project, '.claude', 'proofmeter', 'scan');
    const injected = readdirSync(scan).filter((n) => readFileSync(join(scan, n), 'utf8').includes('toolu_injected'));
    assert.equal(injected.length, 1, 'the forged state is on disk before the tally');

    const forged = tallyJson(run);
    assert.equal(forged.verdict, 'not-done');
    assert.equal(stateOf(forged, 'S1'), 'failed');
    assert.deepEqual(forged.integrity.map((f) => [f.kind, f.severity]), [['meter-tampered', 'warning']]);
    const rebuilt = JSON.parse(readFileSync(join(scan, injected[0]!), 'utf8')) as { state: { events: { runs: Array<{ toolUseId: string; end: { kind: string } }> } } };
    assert.deepEqual(rebuilt.state.events.runs.map((r) => [r.toolUseId.startsWith('toolu_injected'), r.end.kind]), [[false, 'failed']], 'the state was rebuilt');
    rmSync(scan, { recursive: true, force: true });
    const cacheFree = tallyJson(run);
    assert.deepEqual([forged.items, forged.ledger, forged.verdict], [cacheFree.items, cacheFree.ledger, cacheFree.verdict]);
  });
});
