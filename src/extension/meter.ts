// The meter of one workspace folder: watches the files the tally is made of, recomputes it
// (coalesced, incremental) and tells the status bar and the webviews when what they show changed.
// Nothing is read or watched beyond goal.json until a goal exists or a view asks for the state.
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import * as vscode from 'vscode';
import { GIT_NOT_READ, isGitUnknown, type GitFacts, type GitInput } from '../core/tally/gitFacts';
import type { Tally } from '../core/tally/tally';
import type { ViewState } from '../protocol';
import { readGitFactsAsync } from '../workspace/git';
import { withChecksAsync, workspaceChecks } from '../workspace/gitPast';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { goalPath, STATE_DIR } from '../workspace/goalState';
import { settingsFiles } from '../workspace/settingsFiles';
import { projectTranscriptDir } from '../workspace/transcriptFiles';
import { Coalescer } from './coalesce';
import type { Log } from './log';
import { StateWatch } from './stateWatch';
import { readWorkspace, tallyOf, TranscriptCache, type SourceResult } from './tallySource';
import { ContextSource } from './contextSource';
import { tallyInVsCode } from './remedies';
import { sealView } from './sealView';
import type { SessionContextView } from '../protocolContext';

type GateHealth = ViewState['gates'][number];

export interface RefreshStats {
  count: number;
  lastReason: string;
  lastMs: number;
  lastBytesRead: number;
  lastAt: number;
}

/** How long the remote's answer about a push is reused (gitPast.ts keys it on HEAD and the tracking ref). */
const REMOTE_MAX_AGE_MS = 30_000;

/** The goal file as a glob, which takes forward slashes on every platform. */
const GOAL_FILE_PATTERN = `${METER_STATE_DIR}/goal.json`;

export class Meter implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly liveDisposables: vscode.Disposable[] = [];
  private readonly cache = new TranscriptCache();
  /** undefined: not read yet, stale, or git failed last time (asked again next compute). */
  private git: GitFacts | null | undefined;
  /** Bumped whenever git may have changed, so a read started before that is not kept. */
  private gitGen = 0;
  /** The git facts the last tally used. */
  private lastGit: GitFacts | null = null;
  private result: SourceResult | null = null;
  private tallyNow: Tally | null = null;
  private readonly contextSource = new ContextSource();
  private contextNow: SessionContextView[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private inFlight = 0;
  private fault: string | null = null;
  private gates: GateHealth[] = [];
  private live = false;
  private disposed = false;
  /** One delayed re-read after a tamper state: a freeze in progress writes goal and seal copies in turn. */
  private tamperRecheck: ReturnType<typeof setTimeout> | null = null;
  private computed = false;
  private lastKey = '';
  private state: ViewState;
  private readonly reasons = new Set<string>();
  private readonly coalescer: Coalescer;
  private readonly changed = new vscode.EventEmitter<ViewState>();
  /** Fires when what the views show changed (never for a recompute that changed nothing). */
  readonly onDidChange = this.changed.event;
  private planWatch: { path: string; watcher: vscode.Disposable } | null = null;
  private transcriptWatch: { dir: string; watcher: vscode.Disposable } | null = null;
  private gitWatch: { root: string; watcher: vscode.Disposable } | null = null;
  private dirPoll: ReturnType<typeof setInterval> | undefined;
  readonly stats: RefreshStats = { count: 0, lastReason: '', lastMs: 0, lastBytesRead: 0, lastAt: 0 };

  constructor(
    readonly folder: vscode.WorkspaceFolder,
    private readonly log: Log,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.coalescer = new Coalescer(() => void this.refresh());
    this.state = this.makeState();
    const goalWatcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, GOAL_FILE_PATTERN));
    // VS Code's watcher alone missed goal.json in a state folder made after the window opened.
    const stateWatch = new StateWatch(this.cwd, METER_STATE_DIR.split('/'), (why) => this.goalChanged(why));
    this.disposables.push(
      stateWatch,
      goalWatcher,
      goalWatcher.onDidCreate(() => this.goalChanged('goal created')),
      goalWatcher.onDidChange(() => this.goalChanged('goal changed')),
      goalWatcher.onDidDelete(() => this.goalChanged('goal deleted')),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.invalidateGit();
        this.setUpGitWatch();
        this.schedule('workspace trusted');
      }),
    );
    if (this.hasGoal()) this.ensureLive('activation: goal found');
  }

  get cwd(): string {
    return this.folder.uri.fsPath;
  }

  get trusted(): boolean {
    return vscode.workspace.isTrusted;
  }

  get transcriptDir(): string {
    return projectTranscriptDir(this.cwd, this.env);
  }

  hasGoal(): boolean {
    return existsSync(goalPath(this.cwd));
  }

  /** The last state computed (an empty one before the first compute, which this starts). */
  current(): ViewState {
    if (!this.computed && !this.inFlight) void this.refresh('first use');
    return this.state;
  }

  /** The last state, without starting a compute (the empty one before any). */
  idleState(): ViewState {
    return this.state;
  }

  /** The state, computed first when nothing was computed yet. */
  async ensureComputed(): Promise<ViewState> {
    return this.computed ? this.state : this.refresh('first use');
  }

  /** True once a state was computed from the files. */
  get ready(): boolean {
    return this.computed;
  }

  tally(): Tally | null {
    return this.state.tally;
  }

  gitFacts(): GitFacts | null {
    return this.trusted ? (this.lastGit ?? null) : null;
  }

  planPath(): string | null {
    return this.result?.planPath ?? null;
  }

  /** Main transcript files of the last compute. */
  sessions(): string[] {
    return this.result?.sessions ?? [];
  }

  /** A view or the status bar needs the state: start watching everything and compute soon. */
  ensureLive(reason: string): void {
    if (this.disposed) return;
    if (!this.live) {
      this.live = true;
      this.log.info(`watching ${this.cwd} (${reason})`);
      this.setUpLiveWatchers();
    }
    this.schedule(reason);
  }

  schedule(reason: string): void {
    this.reasons.add(reason);
    this.coalescer.schedule();
  }

  /**
   * Recomputes (after any compute in flight). fromScratch drops every cached transcript state and
   * the git facts. Resolves with the state, which the views got too if it changed.
   */
  refresh(reason?: string, opts: { fromScratch?: boolean } = {}): Promise<ViewState> {
    if (reason) this.reasons.add(reason);
    this.coalescer.cancel();
    this.inFlight++;
    const p = this.chain.then(() => this.compute(opts)).finally(() => this.inFlight--);
    this.chain = p.catch(() => this.state);
    return p;
  }

  private invalidateGit(): void {
    this.git = undefined;
    this.gitGen++;
  }

  private async compute(opts: { fromScratch?: boolean }): Promise<ViewState> {
    const why = [...this.reasons].join(', ') || 'refresh';
    this.reasons.clear();
    const t0 = performance.now();
    if (opts.fromScratch) {
      this.cache.clear();
      this.invalidateGit();
    }
    this.cache.resetCounters();
    // git runs in its own process while the transcripts are read here.
    let gitRead: Promise<GitInput> = Promise.resolve(null);
    if (this.trusted) {
      if (this.git !== undefined) gitRead = Promise.resolve(this.git);
      else {
        const gen = this.gitGen;
        gitRead = readGitFactsAsync(this.cwd).then((g) => {
          // A failure is not kept: nothing in .git may change to clear it (git installed, a timeout).
          if (gen === this.gitGen && !isGitUnknown(g)) this.git = g;
          return g;
        });
      }
    }
    let tally: Tally | null = null;
    try {
      this.result = readWorkspace({ cwd: this.cwd, env: this.env, cache: this.cache });
      // What git's status does not show (edits a flag or a new ignore rule hides, the push as the
      // remote answers it) is read after the transcripts, whose edits it looks at (gitPast.ts); the
      // remote's answer is reused for a while, as the status line does, and asked again at once
      // when HEAD or the tracking ref moves.
      const git = this.trusted ? await withChecksAsync(gitRead, workspaceChecks(this.cwd, this.env, this.result.inputs?.transcripts ?? [], REMOTE_MAX_AGE_MS), this.env) : await gitRead;
      this.lastGit = isGitUnknown(git) ? null : git;
      // Untrusted: git was not read, and commit and push must not read as done.
      tally = this.result.inputs ? tallyOf(this.result.inputs, this.trusted ? git : GIT_NOT_READ, this.result.protection, { cwd: this.cwd, env: this.env }) : null;
      this.fault = null;
    } catch (e) {
      this.result = null;
      this.fault = firstLine((e as Error).message);
      this.log.warn(`cannot compute the tally: ${this.fault}`);
    }
    this.contextNow = this.contextSource.read(this.cwd, this.env, opts.fromScratch === true);
    this.computed = true;
    if (this.disposed) return this.state; // the folder went away while this ran
    // A reader between a freeze's writes (goal.json, then the seal's copies, one outside the
    // watched folder) sees a transient mismatch; read once more shortly, so a legitimate adopt
    // never sticks as "tampered" and a real one stays.
    if (tally?.integrity.some((f) => f.kind === 'meter-tampered') && !this.tamperRecheck) {
      this.tamperRecheck = setTimeout(() => {
        this.tamperRecheck = null;
        if (!this.disposed) this.schedule('re-check a tamper state');
      }, 400);
    }
    const ms = performance.now() - t0;
    Object.assign(this.stats, { count: this.stats.count + 1, lastReason: why, lastMs: ms, lastBytesRead: this.cache.bytesRead, lastAt: Date.now() });
    if (this.live) this.updateWatchTargets();
    return this.publish(tally, `in ${ms.toFixed(1)} ms, ${this.cache.bytesRead} bytes read (${why})`);
  }

  private publish(tally: Tally | null, note: string): ViewState {
    // Every view shows the tally in VS Code's words: a remedy names the command, not the CLI.
    this.tallyNow = tally && tallyInVsCode(tally);
    const next = this.makeState();
    const key = stateKey(next);
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.state = next;
      this.log.info(`tally ${tally ? `${tally.headline.done}/${tally.headline.total}` : 'none'}${this.fault ? ' (fault)' : ''} ${note}`);
      this.changed.fire(next);
    }
    return this.state;
  }

  setGates(gates: GateHealth[]): void {
    this.gates = gates;
    if (this.computed) this.publish(this.tallyNow, '(gates)');
  }

  /** True for a file a webview may ask to open: a transcript of this workspace. */
  isTranscriptFile(file: string): boolean {
    const abs = resolve(file);
    const dir = resolve(this.transcriptDir);
    return abs.startsWith(dir + sep) && abs.endsWith('.jsonl');
  }

  private goalChanged(reason: string): void {
    if (this.hasGoal()) this.ensureLive(reason);
    else this.schedule(reason);
  }

  private makeState(): ViewState {
    return {
      tally: this.tallyNow,
      fault: this.fault,
      gates: this.gates,
      seal: sealView(this.tallyNow),
      // No seal file is "not checked", never "no findings" (the seal's own findings cover a copy that went).
      sealed: this.tallyNow !== null && existsSync(join(this.cwd, STATE_DIR, 'seal.json')),
      trusted: this.trusted,
      updatedAt: new Date().toISOString(),
      context: this.contextNow,
    };
  }

  private setUpLiveWatchers(): void {
    // Any change in the work tree may change what git reports as uncommitted.
    const tree = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.folder, '**/*'));
    const onTree = (uri: vscode.Uri): void => {
      const rel = relative(this.cwd, uri.fsPath);
      if (rel.startsWith('.git' + sep) || rel === '.git') return; // the git watcher covers .git
      this.invalidateGit();
      this.schedule('work tree changed');
    };
    this.liveDisposables.push(tree, tree.onDidCreate(onTree), tree.onDidChange(onTree), tree.onDidDelete(onTree));
    // The protection shown also comes from the user's and the managed settings, outside the work
    // tree (the project's own .claude/settings*.json are in it, so the watcher above sees them).
    for (const f of settingsFiles(this.cwd, this.env)) {
      if (f.level === 'project' || f.level === 'local') continue;
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dirname(f.path)), basename(f.path)));
      const on = (): void => this.schedule(`${f.level} settings changed`);
      this.liveDisposables.push(w, w.onDidCreate(on), w.onDidChange(on), w.onDidDelete(on));
    }
    this.setUpGitWatch();
    this.updateWatchTargets();
  }

  private setUpGitWatch(): void {
    if (!this.live || !this.trusted || this.disposed) return;
    const root = this.git?.root ?? this.cwd;
    if (this.gitWatch?.root === root) return;
    this.gitWatch?.watcher.dispose();
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(root), '.git/{HEAD,index,packed-refs,refs/**}'));
    const on = (): void => {
      this.invalidateGit();
      this.schedule('git changed');
    };
    this.gitWatch = { root, watcher: vscode.Disposable.from(w, w.onDidCreate(on), w.onDidChange(on), w.onDidDelete(on)) };
  }

  /** The plan and transcript folder can move (a new goal, a folder that appears later). */
  private updateWatchTargets(): void {
    const plan = this.result?.planPath ?? null;
    if ((this.planWatch?.path ?? null) !== plan) {
      this.planWatch?.watcher.dispose();
      this.planWatch = null;
      if (plan) {
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dirname(plan)), basename(plan)));
        const on = (): void => this.schedule('plan changed');
        this.planWatch = { path: plan, watcher: vscode.Disposable.from(w, w.onDidCreate(on), w.onDidChange(on), w.onDidDelete(on)) };
      }
    }
    // The transcript folder lies outside the workspace (~/.claude/projects/<slug>), so it gets a
    // watcher of its own; while it does not exist yet, its appearance is polled for.
    const dir = this.transcriptDir;
    if (this.transcriptWatch?.dir !== dir) {
      this.transcriptWatch?.watcher.dispose();
      this.transcriptWatch = null;
      if (existsSync(dir)) {
        if (this.dirPoll) clearInterval(this.dirPoll);
        this.dirPoll = undefined;
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), '**/*.jsonl'));
        const on = (): void => this.schedule('transcript appended');
        this.transcriptWatch = { dir, watcher: vscode.Disposable.from(w, w.onDidCreate(on), w.onDidChange(on), w.onDidDelete(on)) };
        this.log.info(`watching transcripts in ${dir}`);
      } else if (!this.dirPoll) {
        this.dirPoll = setInterval(() => {
          if (existsSync(this.transcriptDir)) this.schedule('transcript folder appeared');
        }, 3000);
      }
    }
    if (this.trusted && this.git && this.gitWatch?.root !== this.git.root) this.setUpGitWatch();
  }

  dispose(): void {
    this.disposed = true;
    if (this.tamperRecheck) clearTimeout(this.tamperRecheck);
    this.coalescer.dispose();
    if (this.dirPoll) clearInterval(this.dirPoll);
    this.planWatch?.watcher.dispose();
    this.transcriptWatch?.watcher.dispose();
    this.gitWatch?.watcher.dispose();
    for (const d of [...this.liveDisposables, ...this.disposables]) d.dispose();
    this.changed.dispose();
  }
}

function stateKey(s: ViewState): string {
  return JSON.stringify({ ...s, updatedAt: '' });
}

// The fault the views show: an error's first line, the one that names what went wrong.
function firstLine(s: string): string {
  const line = s.split('\n')[0] ?? s;
  return line.length > 300 ? line.slice(0, 299) + '…' : line;
}
