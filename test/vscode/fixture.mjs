// Builds a fixture workspace at test time: a git repository with the recorded demo's plan adopted
// through the CLI's own `proofmeter adopt` (dist/proofmeter.js), its recorded Claude Code session
// (test/fixtures/recorded/demo) placed where Claude
// Code keeps it (<home>/.claude/projects/<slug>/), two uncommitted files and one unpushed commit.
// Also appends runs to a transcript the way Claude Code writes them (a Bash tool_use record, then
// its tool_result), cloned from the recording so the shape stays real.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, appendFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// (import.meta.url is missing when the host suite bundles this file as CommonJS; it only needs
// appendBashRun then.)
export const ROOT = typeof import.meta.url === 'string' ? resolve(dirname(fileURLToPath(import.meta.url)), '..', '..') : process.cwd();
/** The recorded demo session (a real Claude Code run) and the plan it worked on. */
export const DEMO = join(ROOT, 'test', 'fixtures', 'recorded', 'demo');
export const FIXTURE_PLAN = join(DEMO, 'PLAN.md');

/**
 * A recorded session's transcript folder (<slug>/ with the main .jsonl and its subagents): the demo
 * by default, or another recording under test/fixtures/ ('lab/main', 'recorded/ctrlb', ...).
 */
export function recordedSession(name = 'recorded/demo') {
  const root = join(ROOT, 'test', 'fixtures', ...name.split('/'), 'transcripts');
  const slug = existsSync(root) ? readdirSync(root)[0] : undefined;
  if (!slug) throw new Error(`no recorded transcript in ${root}`);
  const dir = join(root, slug);
  const main = readdirSync(dir).find((n) => n.endsWith('.jsonl'));
  if (!main) throw new Error(`no main transcript in ${dir}`);
  return { dir, main: join(dir, main) };
}

export function projectSlug(cwd) {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}

function git(cwd, ...args) {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GIT_AUTHOR_NAME: 'Fixture', GIT_AUTHOR_EMAIL: 'fixture@example.invalid', GIT_COMMITTER_NAME: 'Fixture', GIT_COMMITTER_EMAIL: 'fixture@example.invalid' },
  });
}

/**
 * Makes <root>/<name>: the workspace, its bare "origin" beside it, and the transcript under
 * <home>. Needs dist/proofmeter.js (npm run build). Returns the paths.
 */
export function makeFixture({ root, name, home, cli = join(ROOT, 'dist', 'proofmeter.js'), session = 'recorded/demo' }) {
  const ws = join(root, name);
  const origin = join(root, `${name}-origin.git`);
  mkdirSync(ws, { recursive: true });
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, 'PLAN.md'), readFileSync(FIXTURE_PLAN));
  writeFileSync(join(ws, 'README.md'), '# Greeting kit\n\nA fixture workspace for the Proofmeter VS Code tests.\n');
  writeFileSync(join(ws, 'src', 'greet.sh'), '#!/bin/sh\necho hello > greet.txt\n');
  // Freeze the plan by the CLI's own adopt command: the same code path as `proofmeter adopt`.
  execFileSync(process.execPath, [cli, 'adopt', 'PLAN.md', '--cwd', ws], { encoding: 'utf8', env: { ...process.env, HOME: home } });
  // The meter's scan cache (written by the CLI and hooks) is not the project's to commit.
  writeFileSync(join(ws, '.claude', 'proofmeter', '.gitignore'), 'scan/\nhealth*.jsonl\nincidents/\n');

  git(root, 'init', '-q', '--bare', origin);
  git(ws, 'init', '-q', '-b', 'main');
  git(ws, 'add', '-A');
  git(ws, 'commit', '-q', '-m', 'Plan and goal');
  git(ws, 'remote', 'add', 'origin', origin);
  git(ws, 'push', '-q', '-u', 'origin', 'main');
  writeFileSync(join(ws, 'src', 'greet.sh'), '#!/bin/sh\necho hello > greet.txt\necho goodbye >> greet.txt\n');
  git(ws, 'commit', '-q', '-am', 'Add the farewell line');
  // Two uncommitted: one changed, one new.
  writeFileSync(join(ws, 'README.md'), '# Greeting kit\n\nA fixture workspace for the Proofmeter VS Code tests.\n\nWork in progress.\n');
  writeFileSync(join(ws, 'greet.txt'), 'hello\ngoodbye\n');

  // The recorded session, where Claude Code keeps this folder's transcripts (copied after the
  // adopt, so its time is not before the goal's).
  const rec = recordedSession(session);
  const tdir = join(home, '.claude', 'projects', projectSlug(ws));
  mkdirSync(tdir, { recursive: true });
  cpSync(rec.dir, tdir, { recursive: true });
  // The meter counts only this workspace's own sessions, from after the freeze: the recording's
  // cwd becomes this workspace and its times start now (after the adopt above).
  for (const file of jsonlFiles(tdir)) writeFileSync(file, ownSession(readFileSync(file, 'utf8'), ws, Date.now() + 1));
  const transcript = join(tdir, rec.main.slice(rec.dir.length + 1));
  return { ws, origin, home, transcriptDir: tdir, transcript };
}

function jsonlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? jsonlFiles(join(dir, d.name)) : d.name.endsWith('.jsonl') ? [join(dir, d.name)] : []));
}

/** A recorded transcript as a session of `ws` starting at `startMs`: cwd moved, times shifted by one delta. */
function ownSession(text, ws, startMs) {
  const first = /"cwd":"([^"]*)"/.exec(text)?.[1];
  const out = first === undefined ? text : text.split(`"cwd":"${first}`).join(`"cwd":"${ws}`);
  const t0 = /"timestamp":"([^"]+)"/.exec(out)?.[1];
  if (t0 === undefined) return out;
  const delta = startMs - Date.parse(t0);
  return out.replace(/"timestamp":"([^"]+)"/g, (_m, t) => `"timestamp":"${new Date(Date.parse(t) + delta).toISOString()}"`);
}

/** A folder as a new user has it: the demo's plan and nothing else (no .claude/, no git). */
export function makeFreshFolder({ root, name }) {
  const ws = join(root, name);
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'PLAN.md'), readFileSync(FIXTURE_PLAN));
  return { ws };
}

/**
 * Appends one Bash run of `command` to a transcript as Claude Code writes it: the assistant's
 * tool_use record, then the user record with its tool_result. exit 0 gives a clean result; any other
 * code an error result saying so.
 */
export function appendBashRun(transcript, command, { exit = 0, output = 'ok' } = {}) {
  const records = readFileSync(transcript, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const useIdx = records.findIndex((r) => r.type === 'assistant' && r.message?.content?.some?.((c) => c.type === 'tool_use' && c.name === 'Bash'));
  if (useIdx < 0) throw new Error(`${transcript} has no Bash tool_use to copy`);
  const use = records[useIdx];
  const oldId = use.message.content.find((c) => c.type === 'tool_use').id;
  const res = records.find((r) => r.type === 'user' && r.message?.content?.some?.((c) => c.type === 'tool_result' && c.tool_use_id === oldId));
  if (!res) throw new Error(`${transcript} has no tool_result for ${oldId}`);
  const last = records[records.length - 1];
  const id = 'toolu_' + randomBytes(12).toString('hex');
  const now = Date.now();
  const useRec = structuredClone(use);
  useRec.uuid = randomUUID();
  useRec.parentUuid = last?.uuid ?? null;
  useRec.timestamp = new Date(now).toISOString();
  useRec.message.id = 'msg_' + randomBytes(12).toString('hex');
  useRec.message.content = [{ type: 'tool_use', id, name: 'Bash', input: { command, description: 'Run it' } }];
  const resRec = structuredClone(res);
  resRec.uuid = randomUUID();
  resRec.parentUuid = useRec.uuid;
  resRec.sourceToolAssistantUUID = useRec.uuid;
  resRec.timestamp = new Date(now + 50).toISOString();
  const text = exit === 0 ? output : `Exit code ${exit}\n${output}`;
  resRec.message.content = [{ tool_use_id: id, type: 'tool_result', content: text, is_error: exit !== 0 }];
  resRec.toolUseResult = exit === 0 ? { stdout: output, stderr: '', interrupted: false, isImage: false, noOutputExpected: false } : `Error: Exit code ${exit}\n${output}`;
  appendFileSync(transcript, JSON.stringify(useRec) + '\n' + JSON.stringify(resRec) + '\n');
  return id;
}
