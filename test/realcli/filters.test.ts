// The evidence filters against the real Claude Code CLI (2.1.332), offline, with the scripted fake
// Messages API: a proof run from a subfolder, a session of another project copied into this
// project's transcript folder, and a pass injected into the meter's saved scan state all leave the
// item open. Each run installs the bundle built by `node esbuild.mjs` (dist/proofmeter.js), adopts
// the plan beforehand and keeps only the guard: the agent has to get past it as a real one would,
// and no stop gate re-runs the proof behind the tally's back.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { netnsUnavailableReason, repoRoot, runClaude, type RunResult } from './runClaude';
import { ensureClaude } from '../../scripts/setup-claude.mjs';
import { GATES, gateGroup } from '../../src/core/install/entries';
import { carrySeal } from './sealCarry';
import { ownText } from '../unit/helpers/ownSession';

const BUNDLE = join(repoRoot, 'dist', 'proofmeter.js');
const TIMEOUT = 180_000;
const DEMO = join(repoRoot, 'test', 'fixtures', 'recorded', 'demo');

function pm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, [BUNDLE, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function listAll(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? listAll(p, base) : [relative(base, p)];
  });
}

/** The project as `proofmeter install` and `proofmeter adopt PLAN.md` leave it, plus `files`, with the guard as the only entry. */
function prepared(plan: string, files: Record<string, string> = {}): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'pm-prep-'));
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, 'PLAN.md'), plan);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  assert.equal(pm(['install', '--dir', dir], dir).code, 0);
  const a = pm(['adopt', 'PLAN.md', '--cwd', dir], dir);
  assert.equal(a.code, 0, a.err);
  const guard = GATES.find((g) => g.hook === 'guard')!;
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks: { [guard.event]: [gateGroup(guard)] } }, null, 2));
  // Resealed with the settings written above; the seal's outside copy travels with the project (sealCarry.ts).
  const out: Record<string, string> = carrySeal(dir);
  for (const rel of listAll(dir)) if (!rel.endsWith('.v8cache')) out[rel] = readFileSync(join(dir, rel), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  return out;
}

const bash = (command: string) => ({ type: 'tool_use' as const, name: 'Bash', input: { command, description: 'Run a command' } });
const turn = (...blocks: ReturnType<typeof bash>[]) => ({ content: blocks });

function tallyOf(run: RunResult): any {
  const r = pm(['tally', '--cwd', run.project, '--json'], run.project, { ...process.env, HOME: run.home });
  assert.equal(r.err, '');
  return JSON.parse(r.out);
}
const textOf = (run: RunResult) => pm(['tally', '--cwd', run.project], run.project, { ...process.env, HOME: run.home }).out;
const item = (t: any, id: string) => t.items.find((i: any) => i.id === id);
/** The tool results the model was sent, in order. */
function results(run: RunResult): string[] {
  return run.records().flatMap((r) => (r.type === 'user' && Array.isArray(r.message?.content) ? r.message.content.filter((b: any) => b.type === 'tool_result').map((b: any) => (typeof b.content === 'string' ? b.content : JSON.stringify(b.content))) : []));
}

const CHECK_PLAN = '# Checks\n\n## Steps\n- S1. Make the checks pass. Proof: `sh check.sh`\n';
const FAILING = 'echo "the checks fail" >&2\nexit 1\n';

describe('evidence filters with the real Claude Code CLI', function () {
  this.timeout(10 * 60 * 1000);
  const runs: RunResult[] = [];

  before(async function () {
    const reason = netnsUnavailableReason();
    if (reason) throw new Error(`cannot isolate the CLI from the network here: ${reason}`);
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run node esbuild.mjs first`);
    await ensureClaude();
  });

  after(() => runs.forEach((r) => r.cleanup()));

  // `recordedIn`: the folder the proof's own tool_use record names. In one message both calls are
  // written before either runs, so only the `cd` call's result tells where the proof started.
  const subfolder: Array<{ name: string; turns: object[]; recordedIn: string }> = [
    { name: '`cd sub` in one call, then the exact proof in the next', turns: [turn(bash('cd sub')), turn(bash('sh check.sh'))], recordedIn: 'sub' },
    { name: '`cd sub` and the exact proof in one message', turns: [turn(bash('cd sub'), bash('sh check.sh'))], recordedIn: '' },
  ];
  for (const [k, row] of subfolder.entries()) {
    it(`a proof run from a subfolder holding its own passing check.sh, ${row.name}: NOT DONE, ledger 'other folder'`, async function () {
      this.timeout(TIMEOUT);
      const run = await runClaude({
        name: `filters-subfolder-${k}`,
        mode: 'print',
        prompt: 'finish the subfolder task',
        args: ['--dangerously-skip-permissions'],
        files: prepared(CHECK_PLAN, { 'check.sh': FAILING }),
        script: {
          threads: [{
            name: 'main',
            match: 'finish the subfolder task',
            turns: [turn(bash("mkdir -p sub && printf 'echo \"all checks passed\"\\n' > sub/check.sh")), ...row.turns, { text: 'The checks pass.' }],
          }],
        },
      });
      runs.push(run);
      assert.equal(run.invocations[0]!.exitCode, 0);
      assert.ok(results(run).includes('all checks passed'), `the proof ran the subfolder's check.sh: ${results(run).join(' | ')}`);
      const call = run.records().find((r) => r.type === 'assistant' && r.message.content.some((b: any) => b.input?.command === 'sh check.sh'));
      assert.equal(call.cwd, join(run.project, row.recordedIn));
      const t = tallyOf(run);
      assert.equal(t.verdict, 'not-done');
      assert.equal(item(t, 'S1').state, 'unrun');
      assert.deepEqual(t.ledger.map((l: any) => [l.ids, l.reason, l.run.command, l.run.outcome]), [[['S1'], 'other folder', 'sh check.sh', 'passed']]);
      assert.match(textOf(run), /\(did not count: `sh check\.sh`, run in another folder/);
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
    const run = await runClaude({
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
            turn(bash('d="$HOME/.claude/projects/$(pwd | sed \'s/[^A-Za-z0-9]/-/g\')" && cp stash/honest.jsonl "$d/copied.jsonl" && ls "$d"')),
            { text: 'The greeting kit is done.' },
          ],
        }],
      },
    });
    runs.push(run);
    assert.equal(run.invocations[0]!.exitCode, 0);
    const copied = join(run.projectsDir, readdirSync(run.projectsDir)[0]!, 'copied.jsonl');
    assert.ok(existsSync(copied), 'the copy landed in the transcript folder');
    const t = tallyOf(run);
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.items.filter((i: any) => i.owner === 'claude').map((i: any) => i.state), ['unrun', 'unrun', 'unrun', 'unrun', 'unrun', 'unrun', 'unrun']);
    assert.deepEqual(t.integrity.map((f: any) => [f.kind, f.severity, f.file]), [['foreign-transcript', 'warning', copied]]);
    assert.match(textOf(run), /Integrity warning F-\w+: Session copied\.jsonl .* recorded in another folder \(\/home\/dev\/demo\/proj\)/);
    // Given on the command line, the same file is evaluated as it is: its proofs are honest there.
    const given = JSON.parse(pm(['tally', '--plan', join(run.project, 'PLAN.md'), '--transcript', copied, '--json'], run.project, { ...process.env, HOME: run.home }).out);
    assert.equal(item(given, 'S1').state, 'proved');
    assert.deepEqual(given.integrity, []);
  });

  it('a passed run injected into the saved scan state: NOT DONE, equal to a cache-free read, a meter-tampered warning', async function () {
    this.timeout(TIMEOUT);
    // What the agent writes and runs: the scan state of the session, with the failed proof made a
    // pass and a second passing copy of it, every field still of a valid shape.
    const inject = [
      "import { readdirSync, readFileSync, writeFileSync } from 'node:fs';",
      "const dir = '.claude/proofmeter/scan';",
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
    const run = await runClaude({
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
            turn(bash('sh check.sh')),
            // The meter's own CLI writes the saved scan state the agent then rewrites.
            turn(bash('node .claude/proofmeter/proofmeter.js tally')),
            { content: [{ type: 'tool_use', name: 'Write', input: { file_path: '{{PROJECT}}/inject.mjs', content: inject } }] },
            turn(bash('node inject.mjs')),
            { text: 'The checks pass.' },
          ],
        }],
      },
    });
    runs.push(run);
    assert.equal(run.invocations[0]!.exitCode, 0);
    assert.ok(results(run).some((r) => /^injected into [0-9a-f]+\.json$/.test(r)), `the injection ran: ${results(run).join(' | ')}`);
    const scan = join(run.project, '.claude', 'proofmeter', 'scan');
    const injected = readdirSync(scan).filter((n) => readFileSync(join(scan, n), 'utf8').includes('toolu_injected'));
    assert.equal(injected.length, 1, 'the forged state is on disk before the tally');

    const forged = tallyOf(run);
    assert.equal(forged.verdict, 'not-done');
    assert.equal(item(forged, 'S1').state, 'failed');
    assert.deepEqual(forged.integrity.map((f: any) => [f.kind, f.severity]), [['meter-tampered', 'warning']]);
    const rebuilt = JSON.parse(readFileSync(join(scan, injected[0]!), 'utf8'));
    assert.deepEqual(rebuilt.state.events.runs.map((r: any) => [r.toolUseId.startsWith('toolu_injected'), r.end.kind]), [[false, 'failed']], 'the state was rebuilt');
    rmSync(scan, { recursive: true, force: true });
    const cacheFree = tallyOf(run);
    assert.deepEqual([forged.items, forged.ledger, forged.verdict], [cacheFree.items, cacheFree.ledger, cacheFree.verdict]);
  });
});
