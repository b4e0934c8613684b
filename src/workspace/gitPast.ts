// Reads what git's status and tracking refs do not show, for the commit and push stages; the
// decisions are core's (src/core/tally/gitPast.ts, stages.ts). Three holes this closes:
// - `git update-index --assume-unchanged` / `--skip-worktree` make status skip a file. For the
//   paths the session edited, `git ls-files -v` names the flags, and a flagged file counts when its
//   bytes as git would store them (`git hash-object`, through the same filters) are not HEAD's blob.
//   A skip-worktree file missing from the disk is a sparse checkout's, not a change.
// - An ignore rule hides an untracked file from status. For the edited paths, `git check-ignore -v`
//   names the rule (tracked files are never reported: a rule cannot hide them). Build output the
//   session never wrote with Write or Edit is not among the edited paths, so it never counts.
// - A tracking ref is local (`git update-ref refs/remotes/origin/main HEAD`). Push is asked of the
//   remote itself (`git ls-remote`, a short time limit, no prompt), at the URL the seal recorded
//   at the freeze; a remote moved since is core's finding, and an unreachable one "push unverified".
// The edited paths come from the transcripts, so these run after them; git's status still runs
// beside the transcript reading (workspaceTally.ts). Each program is written once as a generator of
// git calls, and driven either blocking (the gates) or not (the status line, the extension).
import type * as ChildProcess from 'node:child_process';
import { lstatSync, readFileSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { gitFailed, isGitUnknown, remoteAnswerSchema, type GitFacts, type GitInput, type HiddenEdit, type Remote, type RemoteAnswer, type RemoteCheck } from '../core/tally/gitFacts';
import { remoteChanges } from '../core/tally/gitPast';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { SMALL_FILE_BYTES, type GitAtFreeze } from '../core/sealRecord/record';
import type { TranscriptEvents } from '../core/types';
import { writeCacheFile } from './cacheDir';
import { failureReason } from './git';
import { STATE_DIR } from './goalState';
import { readJsonFile } from './readJsonFile';
import { readSealCopies } from './sealRecord/copies';
import { sha256 } from './sealRecord/observe';

function childProcess(): typeof ChildProcess {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load needs require (the bundle is CommonJS)
  return require('node:child_process') as typeof ChildProcess;
}

const TIMEOUT_MS = 5000;
/**
 * How long the remote has to answer. An unreachable remote makes push "unverified" (it waits), so
 * a short limit costs nothing but a wait on a slow network; a long one would stall every stop.
 */
export const REMOTE_TIMEOUT_MS = 3000;
const MAX_BUFFER = 64 << 20;

type Ran = { ok: true; out: string; code: number } | { ok: false; why: string };

interface Step {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
  /** Exit codes that are answers, not failures (check-ignore's 1: nothing ignored). */
  okCodes?: number[];
}

type Program<T> = Generator<Step, T, Ran>;

/** A git call that failed where an answer was needed: the read becomes GitUnknown, so the stages wait. */
class GitFault extends Error {}

function need(r: Ran): string {
  if (!r.ok) throw new GitFault(r.why);
  return r.out;
}

function errFields(e: unknown): { status?: unknown; code?: unknown; stdout?: unknown; stderr?: unknown } {
  return e !== null && typeof e === 'object' ? e : {};
}

function runStep(s: Step): Ran {
  try {
    const out = childProcess().execFileSync('git', s.args, { cwd: s.cwd, env: s.env, encoding: 'utf8', input: s.input ?? '', stdio: ['pipe', 'pipe', 'pipe'], timeout: s.timeoutMs ?? TIMEOUT_MS, maxBuffer: MAX_BUFFER });
    return { ok: true, out, code: 0 };
  } catch (e) {
    const f = errFields(e);
    if (typeof f.status === 'number' && s.okCodes?.includes(f.status)) return { ok: true, out: typeof f.stdout === 'string' ? f.stdout : '', code: f.status };
    return { ok: false, why: failureReason(f, typeof f.stderr === 'string' ? f.stderr : '') };
  }
}

function runStepAsync(s: Step): Promise<Ran> {
  return new Promise((done) => {
    const child = childProcess().execFile('git', s.args, { cwd: s.cwd, env: s.env, encoding: 'utf8', timeout: s.timeoutMs ?? TIMEOUT_MS, maxBuffer: MAX_BUFFER }, (err, out, stderr) => {
      if (!err) return done({ ok: true, out, code: 0 });
      if (typeof err.code === 'number' && s.okCodes?.includes(err.code)) return done({ ok: true, out, code: err.code });
      done({ ok: false, why: failureReason(err, stderr) });
    });
    child.stdin?.on('error', () => undefined); // git may exit before reading all of it
    child.stdin?.end(s.input ?? '');
  });
}

function drive<T>(p: Program<T>): T {
  let r = p.next();
  while (!r.done) r = p.next(runStep(r.value));
  return r.value;
}

async function driveAsync<T>(p: Program<T>): Promise<T> {
  let r = p.next();
  while (!r.done) r = p.next(await runStepAsync(r.value));
  return r.value;
}

// ---- git config: remotes, the branch's upstream, the global excludes file -------------------

interface Config {
  remotes: Remote[];
  branchRemote: Map<string, string>;
  branchMerge: Map<string, string>;
  excludesFile: string | null;
}

/** `git config -z --get-regexp` output: "key\nvalue\0" records. Names may hold dots: the key's ends are fixed. */
export function parseConfig(out: string): Config {
  const c: Config = { remotes: [], branchRemote: new Map(), branchMerge: new Map(), excludesFile: null };
  for (const rec of out.split('\0')) {
    const nl = rec.indexOf('\n');
    const key = nl < 0 ? rec : rec.slice(0, nl);
    const value = nl < 0 ? '' : rec.slice(nl + 1);
    let m: RegExpExecArray | null;
    if ((m = /^remote\.(.+)\.url$/.exec(key))) {
      // The first url is the one git fetches from and ls-remote asks.
      if (!c.remotes.some((r) => r.name === m![1])) c.remotes.push({ name: m[1]!, url: value });
    } else if ((m = /^branch\.(.+)\.remote$/.exec(key))) c.branchRemote.set(m[1]!, value);
    else if ((m = /^branch\.(.+)\.merge$/.exec(key))) c.branchMerge.set(m[1]!, value);
    else if (key === 'core.excludesfile') c.excludesFile = value;
  }
  return c;
}

const CONFIG_ARGS = ['config', '-z', '--get-regexp', '^(remote\\..*\\.url|branch\\..*\\.(remote|merge)|core\\.excludesfile)$'];

/**
 * The repository's own config file read as text, for the remotes and the branches: it spares a
 * git process on every tally. null (git is asked instead) for anything this reading does not
 * cover: an include, a quoted or continued value, a file it cannot read (a worktree's .git file).
 * Remotes defined outside the repository's file (the user's ~/.gitconfig) are not seen then; one
 * there cannot make push read done, since the remote asked is the one this file names.
 */
export function parseConfigFile(text: string): Config | null {
  const c: Config = { remotes: [], branchRemote: new Map(), branchMerge: new Map(), excludesFile: null };
  let section = '';
  let sub: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]$/.exec(line);
    if (head) {
      section = head[1]!.toLowerCase();
      sub = head[2] === undefined ? null : head[2].replace(/\\(.)/g, '$1');
      if (section === 'include' || section === 'includeif' || section.includes('.')) return null;
      continue;
    }
    if (line.startsWith('[')) return null;
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv) return null;
    const key = kv[1]!.toLowerCase();
    const value = (kv[2] ?? '').replace(/\s+[#;].*$/, '');
    if (/["\\]/.test(value)) return null;
    if (section === 'remote' && sub !== null && key === 'url' && !c.remotes.some((r) => r.name === sub)) c.remotes.push({ name: sub, url: value });
    else if (section === 'branch' && sub !== null && key === 'remote') c.branchRemote.set(sub, value);
    else if (section === 'branch' && sub !== null && key === 'merge') c.branchMerge.set(sub, value);
  }
  return c;
}

function* readConfig(root: string, env: NodeJS.ProcessEnv, fromFile = false): Program<Config> {
  if (fromFile) {
    try {
      const c = parseConfigFile(readFileSync(join(root, '.git', 'config'), 'utf8'));
      if (c) return c;
    } catch {
      // not a plain .git folder: ask git
    }
  }
  // Exit 1: no key matched (no remote, no excludes file).
  return parseConfig(need(yield { args: CONFIG_ARGS, cwd: root, env, okCodes: [1] }));
}

function home(env: NodeJS.ProcessEnv): string {
  return env.HOME || homedir();
}

/** The global excludes file git reads: core.excludesFile, else $XDG_CONFIG_HOME/git/ignore. */
function excludesFilePath(c: Config, env: NodeJS.ProcessEnv): string {
  if (c.excludesFile) return c.excludesFile.startsWith('~/') ? join(home(env), c.excludesFile.slice(2)) : c.excludesFile;
  return join(env.XDG_CONFIG_HOME || join(home(env), '.config'), 'git', 'ignore');
}

// ---- at the freeze ------------------------------------------------------------------------

function* atFreeze(root: string, branch: string | null, env: NodeJS.ProcessEnv): Program<GitAtFreeze> {
  const c = yield* readConfig(root, env);
  const exclude = resolve(root, need(yield { args: ['rev-parse', '--git-path', 'info/exclude'], cwd: root, env }).trim());
  const excludes = [exclude, resolve(root, excludesFilePath(c, env))].map((path) => {
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // no file is no rule: a rule added to it later is a new one
    }
    return { path, sha256: sha256(text), text: Buffer.byteLength(text) <= SMALL_FILE_BYTES ? text : null };
  });
  return { remotes: { remotes: c.remotes, upstream: branch === null ? null : (c.branchRemote.get(branch) ?? null) }, excludes };
}

/**
 * The remotes and ignore files as they are when the goal is frozen, for the seal (take.ts); null
 * outside a repository or when git gives no answer (then nothing is compared later).
 */
export function gitAtFreeze(workspace: string, env: NodeJS.ProcessEnv): GitAtFreeze | null {
  const top = runStep({ args: ['rev-parse', '--show-toplevel'], cwd: workspace, env: localEnv(env) });
  if (!top.ok) return null;
  const root = top.out.trim();
  const b = runStep({ args: ['symbolic-ref', '-q', '--short', 'HEAD'], cwd: root, env: localEnv(env), okCodes: [1] });
  try {
    return drive(atFreeze(root, b.ok && b.code === 0 ? b.out.trim() || null : null, localEnv(env)));
  } catch (e) {
    if (e instanceof GitFault) return null;
    throw e;
  }
}

/** The caller's environment without the GIT_* variables that point git at another repository or index. */
function localEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !/^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|NAMESPACE|COMMON_DIR|CEILING_DIRECTORIES)$/.test(k)) out[k] = v;
  return out;
}

/**
 * ls-remote's environment: never a prompt (a status line or a hook has no one to answer it), ssh
 * in batch mode with a short connect limit unless the person set their own ssh command.
 */
function remoteEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...localEnv(env),
    GIT_TERMINAL_PROMPT: '0',
    GCM_INTERACTIVE: 'never',
    SSH_ASKPASS_REQUIRE: 'never',
    GIT_ASKPASS: '',
    GIT_SSH_COMMAND: env.GIT_SSH_COMMAND || `ssh -o BatchMode=yes -o ConnectTimeout=${Math.ceil(REMOTE_TIMEOUT_MS / 1000)}`,
  };
}

// ---- hidden edits -------------------------------------------------------------------------

interface Sealed {
  gitHead: string | null;
  git: GitAtFreeze | null;
}

/** The edited paths inside the repository, relative to its root, the meter's own state left out. */
export function editedInRepo(root: string, edited: readonly string[]): string[] {
  const r = root.replace(/\/+$/, '') + '/';
  const out = new Set<string>();
  for (const p of edited) {
    const rel = p.startsWith(r) ? p.slice(r.length) : isAbsolute(p) ? null : p;
    if (rel && !rel.startsWith(`${METER_STATE_DIR}/`) && !rel.includes(`/${METER_STATE_DIR}/`)) out.add(rel);
  }
  return [...out].sort();
}

function lineOf(text: string, pattern: string): boolean {
  return text.split(/\r?\n/).some((l) => l.replace(/\s+$/, '') === pattern);
}

function* ruleAtFreeze(root: string, source: string, pattern: string, sealed: Sealed | null, env: NodeJS.ProcessEnv): Program<boolean> {
  if (!sealed) return false;
  const abs = resolve(root, source.startsWith('~/') ? join(home(env), source.slice(2)) : source);
  const outside = sealed.git?.excludes.find((e) => e.path === abs);
  if (outside) {
    if (outside.text !== null) return lineOf(outside.text, pattern);
    try {
      return sha256(readFileSync(abs, 'utf8')) === outside.sha256;
    } catch {
      return false;
    }
  }
  // A .gitignore in the tree: the rule stood at the freeze when the sealed HEAD's copy holds it.
  if (isAbsolute(source) || !sealed.gitHead) return false;
  const r = yield { args: ['show', `${sealed.gitHead}:./${source}`], cwd: root, env, okCodes: [128] };
  return r.ok && r.code === 0 && lineOf(r.out, pattern);
}

function* flaggedEdits(root: string, head: string | null, edited: string[], env: NodeJS.ProcessEnv): Program<HiddenEdit[]> {
  if (!edited.length) return [];
  const out: HiddenEdit[] = [];
  // Flags: "h path" (lowercase: assume-unchanged), "S path" (skip-worktree), "s path" (both).
  const flagged: Array<{ path: string; by: 'assume-unchanged' | 'skip-worktree' }> = [];
  for (const rec of need(yield { args: ['--literal-pathspecs', 'ls-files', '-v', '-z', '--', ...edited], cwd: root, env }).split('\0')) {
    const tag = rec.slice(0, 1);
    const path = rec.slice(2);
    if (!path) continue;
    if (tag === 'S' || tag === 's') flagged.push({ path, by: 'skip-worktree' });
    else if (tag !== tag.toUpperCase()) flagged.push({ path, by: 'assume-unchanged' });
  }
  if (flagged.length) {
    const present = flagged.filter((f) => exists(join(root, f.path)));
    // Missing: a sparse checkout's skip-worktree file is not there by design; an assume-unchanged one was deleted.
    for (const f of flagged) if (!present.includes(f) && f.by === 'assume-unchanged') out.push({ path: f.path, by: f.by, rule: null, ruleAtFreeze: false });
    if (present.length) {
      const now = need(yield { args: ['hash-object', '--stdin-paths'], cwd: root, env, input: present.map((f) => f.path).join('\n') + '\n' }).trim().split('\n');
      const atHead = new Map<string, string>();
      if (head) {
        for (const rec of need(yield { args: ['ls-tree', '-z', head, '--', ...present.map((f) => f.path)], cwd: root, env }).split('\0')) {
          const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(rec);
          if (m) atHead.set(m[2]!, m[1]!);
        }
      }
      present.forEach((f, i) => {
        if (atHead.get(f.path) !== now[i]) out.push({ path: f.path, by: f.by, rule: null, ruleAtFreeze: false });
      });
    }
  }
  return out;
}

function* ignoredEdits(root: string, edited: string[], sealed: Sealed | null, env: NodeJS.ProcessEnv): Program<HiddenEdit[]> {
  if (!edited.length) return [];
  const out: HiddenEdit[] = [];
  // Ignored and untracked (check-ignore leaves tracked files out): "source\0line\0pattern\0path\0".
  const ig = need(yield { args: ['check-ignore', '-v', '-z', '--stdin'], cwd: root, env, input: edited.join('\0') + '\0', okCodes: [1] }).split('\0');
  for (let i = 0; i + 3 < ig.length; i += 4) {
    const [source, line, pattern, path] = [ig[i]!, ig[i + 1]!, ig[i + 2]!, ig[i + 3]!];
    // A negated rule that matched last means the path is not ignored.
    if (!source || pattern.startsWith('!') || !exists(join(root, path))) continue;
    const at = yield* ruleAtFreeze(root, source, pattern, sealed, env);
    out.push({ path, by: 'ignored', rule: `${source}:${line}:${pattern}`, ruleAtFreeze: at });
  }
  return out;
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

// ---- the remote ---------------------------------------------------------------------------

/** A remote URL that names a local folder relative to the repository is resolved against it. */
function urlToAsk(root: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^[^/]+:/.test(url) || isAbsolute(url)) return url;
  return resolve(root, url);
}

const CACHE_VERSION = 1;
const cacheSchema = z.object({ version: z.literal(CACHE_VERSION), key: z.string(), at: z.number(), answer: remoteAnswerSchema });

/** What makes a saved answer stale besides its age: the URL, the ref, HEAD, and the tracking ref's files (a push or a fetch moves them). */
function cacheKey(root: string, url: string, ref: string, head: string, remote: string): string {
  const m = (p: string) => {
    try {
      return String(statSync(p).mtimeMs);
    } catch {
      return '-';
    }
  };
  const dotGit = join(root, '.git');
  return [url, ref, head, m(join(dotGit, 'refs', 'remotes', remote, ...ref.replace(/^refs\/heads\//, '').split('/'))), m(join(dotGit, 'packed-refs'))].join('\0');
}

export interface RemoteOptions {
  /** Reuse an answer this young; 0 asks the remote every time (the gates, the CLI's tally). */
  maxAgeMs: number;
  cacheDir: string | null;
  now: number;
}

function* askRemote(root: string, url: string, ref: string, head: string, env: NodeJS.ProcessEnv): Program<RemoteAnswer> {
  // Asked from outside the repository, so its config (an `insteadOf` rewrite, a core.sshCommand
  // the agent set) does not decide where the question goes; the person's global config still does.
  const r = yield { args: ['ls-remote', url, ref], cwd: tmpdir(), env: remoteEnv(env), timeoutMs: REMOTE_TIMEOUT_MS };
  if (!r.ok) return { kind: 'unreachable', why: r.why };
  const at = r.out.split('\n').map((l) => l.split('\t')).find((f) => f[1] === ref)?.[0] ?? null;
  if (at === null) return { kind: 'lacks-head', ref, at: null };
  if (at === head) return { kind: 'has-head', ref };
  // The remote moved on past HEAD (someone pushed after): HEAD is in it when it is an ancestor.
  const a = yield { args: ['merge-base', '--is-ancestor', head, at], cwd: root, env, okCodes: [1, 128] };
  return a.ok && a.code === 0 ? { kind: 'has-head', ref } : { kind: 'lacks-head', ref, at };
}

function* remoteCheck(root: string, facts: GitFacts, sealed: Sealed | null, opts: RemoteOptions, env: NodeJS.ProcessEnv): Program<RemoteCheck> {
  // The excludes file is not needed here (check-ignore names its rule's source), so the file will do.
  const c = yield* readConfig(root, env, true);
  const branch = facts.branch ?? null;
  const upstreamRemote = facts.upstream && branch ? (c.branchRemote.get(branch) ?? null) : null;
  const check: RemoteCheck = { recorded: sealed?.git?.remotes ?? null, remotes: c.remotes, upstreamRemote, answer: null };
  const ref = branch ? c.branchMerge.get(branch) : undefined;
  const head = facts.head ?? null;
  // A moved remote is not asked: the answer of another remote than the approved one proves nothing.
  // Nor is one the tracking ref already says lacks commits (ahead): push waits on that alone
  // (stages.ts), and the question would cost every stop of a session that has not pushed yet.
  if (remoteChanges(check).length || !upstreamRemote || !ref || !head || facts.ahead > 0) return check;
  const configured = upstreamRemote === '.' ? root : c.remotes.find((r) => r.name === upstreamRemote)?.url;
  if (!configured) return check;
  const url = urlToAsk(root, configured);
  const key = cacheKey(root, url, ref, head, upstreamRemote);
  const file = opts.cacheDir && opts.maxAgeMs > 0 ? join(opts.cacheDir, 'push.json') : null;
  const saved = file ? readJsonFile(file, cacheSchema) : null;
  if (saved && saved.key === key && opts.now - saved.at >= 0 && opts.now - saved.at < opts.maxAgeMs) return { ...check, answer: saved.answer };
  const answer = yield* askRemote(root, url, ref, head, env);
  if (opts.cacheDir) {
    try {
      writeCacheFile(opts.cacheDir, 'push.json', JSON.stringify({ version: CACHE_VERSION, key, at: opts.now, answer } satisfies z.infer<typeof cacheSchema>));
    } catch {
      // saving only spares the next reader a question
    }
  }
  return { ...check, answer };
}

// ---- entry points -------------------------------------------------------------------------

export interface GitChecks {
  /** Paths the session wrote or edited (Write, Edit, NotebookEdit), absolute or relative to the root. */
  edited: readonly string[];
  /** The seal's record of the freeze; null when there is none to read (a tally of given files). */
  sealed: Sealed | null;
  remote: RemoteOptions;
}

/** The three looks, each a program of its own: independent, so the async path runs them side by side. */
function looks(facts: GitFacts, c: GitChecks, env: NodeJS.ProcessEnv): [Program<HiddenEdit[]>, Program<HiddenEdit[]>, Program<RemoteCheck>] {
  const edited = editedInRepo(facts.root, c.edited);
  return [flaggedEdits(facts.root, facts.head ?? null, edited, env), ignoredEdits(facts.root, edited, c.sealed, env), remoteCheck(facts.root, facts, c.sealed, c.remote, env)];
}

/** git's facts with what its status does not show; a failed look is GitUnknown (the stages wait). */
export function withChecks(git: GitInput, c: GitChecks, env: NodeJS.ProcessEnv = process.env): GitInput {
  if (git === null || isGitUnknown(git)) return git;
  try {
    const [flagged, ignored, remote] = looks(git, c, localEnv(env));
    return { ...git, hidden: [...drive(flagged), ...drive(ignored)], remote: drive(remote) };
  } catch (e) {
    if (e instanceof GitFault) return gitFailed(e.message);
    throw e;
  }
}

export async function withChecksAsync(git: GitInput | Promise<GitInput>, c: GitChecks, env: NodeJS.ProcessEnv = process.env): Promise<GitInput> {
  const g = await git;
  if (g === null || isGitUnknown(g)) return g;
  try {
    // Side by side: the status line waits for the longest look only.
    const [flagged, ignored, remote] = looks(g, c, localEnv(env));
    const [f, i, r] = await Promise.all([driveAsync(flagged), driveAsync(ignored), driveAsync(remote)]);
    return { ...g, hidden: [...f, ...i], remote: r };
  } catch (e) {
    if (e instanceof GitFault) return gitFailed(e.message);
    throw e;
  }
}

/** The seal's record of the freeze for this workspace (the outside copy first, as the seal check reads it). */
export function sealedGit(workspace: string, env: NodeJS.ProcessEnv): Sealed | null {
  const seal = readSealCopies(workspace, env).reference;
  return seal ? { gitHead: seal.content.gitHead, git: seal.content.git ?? null } : null;
}

/** The checks for a workspace's tally: the transcripts' edits, its seal, its cache folder. */
export function workspaceChecks(workspace: string, env: NodeJS.ProcessEnv, transcripts: readonly TranscriptEvents[], remoteMaxAgeMs: number): GitChecks {
  return {
    edited: transcripts.flatMap((t) => t.edits.map((e) => e.path)),
    sealed: sealedGit(workspace, env),
    remote: { maxAgeMs: remoteMaxAgeMs, cacheDir: join(workspace, STATE_DIR, 'scan'), now: Date.now() },
  };
}

/** The same for a tally of given files: no seal, no cache. */
export function givenChecks(transcripts: readonly TranscriptEvents[]): GitChecks {
  return { edited: transcripts.flatMap((t) => t.edits.map((e) => e.path)), sealed: null, remote: { maxAgeMs: 0, cacheDir: null, now: Date.now() } };
}

