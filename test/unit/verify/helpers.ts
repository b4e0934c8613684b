// Set-up for the verifier's tests: git workspaces with their own HOME, goals frozen with a given
// environment, and sessions whose transcripts prove given commands. A session is derived from
// the recorded lab/main transcript (Claude Code 2.1.332): its start, then its passing Bash call
// and clean result repeated once per command, timed now and run in the workspace.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freezePlan } from '../../../src/workspace/freezeGoal';
import { projectSlug } from '../../../src/workspace/transcriptFiles';
import { blocksOf, isBashUse, readRecords, toolUseOf } from '../helpers/derive';
import { labTranscript } from '../helpers/fixtures';
import { workspace, type Workspace } from '../hooks/helpers';

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The one file every proof of these tests that should pass reads (`grep hi greet.txt`). */
export const GREET = { 'greet.txt': 'hi\n' };

/** A workspace that is a git repository with the given files (and greet.txt) committed. */
export function gitWorkspace(files: Record<string, string>): Workspace {
  const w = workspace();
  for (const [name, text] of Object.entries({ ...GREET, ...files })) {
    mkdirSync(join(w.ws, name, '..'), { recursive: true });
    writeFileSync(join(w.ws, name), text);
  }
  git(w.ws, 'init', '-q', '-b', 'main');
  git(w.ws, 'add', '-A');
  git(w.ws, 'commit', '-q', '--allow-empty', '-m', 'start');
  return w;
}

/** Freezes a plan as `proofmeter adopt` would, with `env` as the freezer's environment. */
export function adopt(w: Workspace, planText: string, env: NodeJS.ProcessEnv = w.env): void {
  writeFileSync(join(w.ws, 'PLAN.md'), planText);
  const r = freezePlan({ workspace: w.ws, planText, planFile: join(w.ws, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(Date.now() - 1000), env });
  if (r.kind !== 'frozen') throw new Error(`not frozen: ${r.kind}`);
  // The plan is committed work, so only what a test changes is uncommitted.
  if (existsSync(join(w.ws, '.git'))) {
    git(w.ws, 'add', 'PLAN.md');
    git(w.ws, 'commit', '-q', '--allow-empty', '-m', 'plan');
  }
}

const PROVED = 'echo hello-from-bash; echo to-stderr >&2';

/** A session of the workspace whose main thread ran each command once, each with a clean exit. */
export function sessionProving(w: Workspace, commands: string[], name = 'session.jsonl', startMs = Date.now() - 500): string {
  const records = readRecords(labTranscript('main'));
  const call = records.findIndex(isBashUse(PROVED));
  if (call < 0 || records[call + 1]?.type !== 'user') throw new Error('lab/main has changed: no passing Bash call followed by its result');
  const out = records.slice(0, call);
  commands.forEach((command, i) => {
    const use = structuredClone(records[call]!);
    const result = structuredClone(records[call + 1]!);
    const id = `toolu_verify_${i}_${Math.random().toString(16).slice(2, 10)}`;
    const block = toolUseOf(use);
    block.id = id;
    block.input = { ...block.input, command };
    use.uuid = `${id}-use`;
    const answer = blocksOf(result)[0];
    if (!answer) throw new Error('lab/main has changed: the Bash result has no content block');
    answer.tool_use_id = id;
    result.uuid = `${id}-result`;
    result.parentUuid = use.uuid;
    out.push(use, result);
  });
  // By default in the past, so a re-run started now is newer, and after the freeze a second ago.
  const t0 = startMs;
  out.forEach((r, i) => {
    if (typeof r.timestamp === 'string') r.timestamp = new Date(t0 + i).toISOString();
    if (typeof r.cwd === 'string') r.cwd = w.ws;
  });
  const dir = join(w.home, '.claude', 'projects', projectSlug(w.ws));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, out.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const now = new Date();
  utimesSync(file, now, now);
  return file;
}
