// `proofmeter context` and the status line's context segment, run in-process on a workspace whose
// transcript folder holds real recordings.
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ContextSource } from '../../../src/extension/contextSource';
import { contextCacheDir } from '../../../src/workspace/contextSessions';
import { projectSlug } from '../../../src/workspace/transcriptFiles';
import { cli } from '../helpers/cli';
import { labTranscript, recordedTranscript } from '../helpers/fixtures';

const compaction = z.object({ trigger: z.string(), preTokens: z.number().nullable(), postTokens: z.number().nullable(), estimateBefore: z.number() }).passthrough();
const listing = z
  .object({
    sessions: z.array(
      z
        .object({
          sessionId: z.string().nullable(),
          file: z.string(),
          updatedAt: z.string(),
          model: z.string().nullable(),
          estimate: z.number(),
          reported: z.number().nullable(),
          calibrated: z.number().nullable(),
          window: z.number().nullable(),
          percent: z.number().nullable(),
          compactionCount: z.number(),
          compactions: z.array(compaction),
        })
        .passthrough(),
    ),
  })
  .strict();

describe('proofmeter context and the status line segment', () => {
  const root = mkdtempSync(join(tmpdir(), 'pm-ctx-cli-'));
  const ws = join(root, 'proj');
  const home = join(root, 'home');
  const env = { HOME: home, PATH: process.env.PATH };
  const dir = join(home, '.claude', 'projects', projectSlug(ws));
  const older = join(dir, 'older.jsonl');
  const newer = join(dir, 'newer.jsonl');
  const json = async (args: string[] = []) => listing.parse(JSON.parse((await cli(['context', '--json', ...args], { cwd: ws, env })).out));
  const statusline = async (args: string[], stdin: unknown, extraEnv: NodeJS.ProcessEnv = {}) =>
    (await cli(['statusline', ...args], { cwd: ws, env: { ...env, ...extraEnv }, stdin: JSON.stringify(stdin) })).out;

  before(() => {
    mkdirSync(ws, { recursive: true });
    mkdirSync(dir, { recursive: true });
    copyFileSync(recordedTranscript('demo'), older);
    copyFileSync(labTranscript('main'), newer);
    utimesSync(older, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    utimesSync(newer, new Date('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('lists the sessions newest first, with the compaction of the newer one', async () => {
    const out = await json();
    assert.deepEqual(out.sessions.map((s) => s.file), [newer, older]);
    const [n, o] = out.sessions;
    assert.deepEqual([n!.compactionCount, n!.compactions[0]!.trigger, n!.compactions[0]!.preTokens, n!.compactions[0]!.postTokens], [1, 'manual', 120, 2684]);
    assert.equal(n!.reported, null, 'no request was reported since the compaction');
    assert.deepEqual([o!.compactionCount, o!.reported, o!.sessionId], [0, 100, '5f7bb7e8-492c-4cf3-b7f3-7d62b7f032ec']);
    assert.ok(o!.calibrated !== null && o!.calibrated >= 100);
    assert.deepEqual([o!.window, o!.percent], [null, null]);
  });

  it('--limit 1 gives the newest session only', async () => assert.deepEqual((await json(['--limit', '1'])).sessions.map((s) => s.file), [newer]));

  it('saves an entry per session in the workspace, and a damaged one is rebuilt to the same answer', async () => {
    const first = await json();
    const entries = readdirSync(contextCacheDir(ws)).filter((n) => n.endsWith('.json'));
    assert.equal(entries.length, 2);
    for (const e of entries) writeFileSync(join(contextCacheDir(ws), e), '{"version":1,"state":{"offset":"x"}}');
    assert.deepEqual(await json(), first);
  });

  it('says it in words: estimate, report, window and compactions', async () => {
    const { out, code } = await cli(['context'], { cwd: ws, env });
    assert.equal(code, 0);
    assert.match(out, /f10e432c-90fb-4895-b76a-fccceabde1d3 .*\n {2}estimate ~[\d.]+k · nothing reported yet · window unknown\n {2}compactions: 1 \(manual 120 → 2\.7k at 2026-11-29 22:39:57\)/);
    assert.match(out, /5f7bb7e8-.*\n {2}estimate ~[\d.]+k · reported 100 · calibrated \d+ · window unknown\n {2}compactions: none/);
  });

  it('refuses a --limit that is not a count', async () => assert.equal((await cli(['context', '--limit', 'x'], { cwd: ws, env })).code, 2));

  const usage = { input_tokens: 2000, cache_creation_input_tokens: 8000, cache_read_input_tokens: 40_000, output_tokens: 20 };
  const withWindow = { cwd: ws, transcript_path: newer, context_window: { total_input_tokens: 900_000, context_window_size: 200_000, current_usage: usage, used_percentage: 25, remaining_percentage: 75 } };
  const firstCall = { cwd: ws, transcript_path: older, context_window: { total_input_tokens: 0, context_window_size: 200_000, current_usage: null, used_percentage: null } };

  it('the status line has no context segment unless it is asked for', async () => {
    const line = await statusline([], withWindow);
    assert.ok(!line.includes('ctx'), line);
  });

  const cases: Array<[string, string[], NodeJS.ProcessEnv, unknown, RegExp]> = [
    ["with context_window on stdin: Claude Code's own count of the current request, and the compactions", ['--context'], {}, withWindow, / · ctx 50k\/200k 25% · 1 compacted$/],
    ['turned on by PROOFMETER_STATUSLINE_CONTEXT=1 as well', [], { PROOFMETER_STATUSLINE_CONTEXT: '1' }, withWindow, / · ctx 50k\/200k 25% · 1 compacted$/],
    ['before the first response (current_usage null): the calibrated estimate, marked ~, of the window on stdin', ['--context'], {}, firstCall, / · ctx ~\d+\/200k 0%$/],
    // The window comes from the first case's stdin, remembered with the session.
    ['without context_window: the estimate from the transcript, of the window an earlier call reported', ['--context'], {}, { cwd: ws, transcript_path: newer }, / · ctx ~4\.7k\/200k 2% · 1 compacted$/],
    ['without a transcript path: the newest session of the workspace', ['--context'], {}, { cwd: ws }, / · ctx ~4\.7k\/200k 2% · 1 compacted$/],
  ];
  for (const [what, args, extraEnv, stdin, want] of cases) {
    it(what, async () => {
      const line = await statusline(args, stdin, extraEnv);
      assert.match(line, want);
      assert.match(line, /^proofmeter: no goal/);
    });
  }

  it('a window seen on the status line is the session\'s window in proofmeter context', async () => {
    await statusline(['--context'], firstCall);
    const o = (await json()).sessions.find((s) => s.file === older)!;
    assert.equal(o.window, 200_000);
    assert.equal(o.percent, Math.round((1000 * o.calibrated!) / 200_000) / 10);
  });

  it('the extension reads the same sessions in memory, takes the window the status line saved, and writes nothing', () => {
    const before = readdirSync(contextCacheDir(ws)).map((n) => [n, readFileSync(join(contextCacheDir(ws), n), 'utf8')]);
    const views = new ContextSource().read(ws, env);
    assert.deepEqual(views.map((v) => v.file), [newer, older]);
    assert.equal(views[1]!.window, 200_000);
    assert.deepEqual(readdirSync(contextCacheDir(ws)).map((n) => [n, readFileSync(join(contextCacheDir(ws), n), 'utf8')]), before);
  });
});
