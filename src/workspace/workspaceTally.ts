// Assembles a tally from files: the plan, the goal state, the transcripts and git.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { parsePlanText } from './planParser';
import { UserError } from '../core/userError';
import { computeTally, type Tally, type TallyInput } from '../core/tally/tally';
import { scanKeepOf, type ScanKeep } from '../core/transcript/keep';
import type { ParsedPlan, TranscriptEvents } from '../core/types';
import { readGitFacts, readGitFactsAsync } from './git';
import { readGitFactsCached } from './gitCache';
import { givenChecks, withChecks, withChecksAsync, workspaceChecks } from './gitPast';
import { readGoal, STATE_DIR } from './goalState';
import { witness } from '../core/evidence/witness';
import { witnessWorkspace } from './witnessSessions';
import { readReruns } from './verifyState';
import { reverifiedTally } from './reverifiedStore';
import { readTranscriptCached } from './scanCache';
import { forgedCacheFindings, ownSessions, workspaceRoots } from './ownSessions';
import { readPlanCached } from './planCache';
import { findingsForFrozen } from '../core/plan/frozenFindings';
import { planChangedFindings } from '../core/findings/planChanged';
import { witnessedAcceptances } from './acceptances';
import { listSessions, projectTranscriptDir, sessionTranscriptOf, subagentFiles } from './transcriptFiles';
import { checkSeal } from './sealRecord/check';
import { goalToCount } from './sealRecord/goal';
import { contentFindings } from './sealRecord/content';
import { listDismissed, softenPlanNamed } from '../core/findings/planNamed';
import { witnessedClosures } from './closures';
import { carriedKeysAtHead } from './sealRecord/elsewhere';
import { isSealedElsewhere, sealedElsewhereMessage } from '../core/sealRecord/findings';

/** A plan file's text; a file that cannot be read is a one-line UserError. */
export function readPlanText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read plan ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export function readPlanFile(path: string): ParsedPlan {
  return parsePlanText(readPlanText(path));
}

/**
 * Main transcripts plus their subagent files (read only to explain why those runs did not count).
 * `keep`: the proofs of the list being evaluated, so only their runs are kept (see scanKeepOf).
 */
export function readTranscripts(mainFiles: string[], cacheDir: string | null = null, keep: ScanKeep | null = null): TranscriptEvents[] {
  const out: TranscriptEvents[] = [];
  for (const f of mainFiles) {
    // A file that cannot be read is counted and reported; the others still count.
    out.push(readTranscriptCached(f, 'main', cacheDir, keep).events);
    for (const s of subagentFiles(f)) out.push(readTranscriptCached(s, 'subagent', cacheDir, keep).events);
  }
  return out;
}

export interface GivenSources {
  plan: string;
  transcripts: string[];
  cwd: string;
  home?: string;
  /** false for a folder whose git state is not the goal's own (the bundled demo). */
  readGit?: boolean;
}

/** Evaluates a plan as approved against the given transcripts. */
export function tallyGiven(src: GivenSources): Tally {
  const plan = readPlanFile(src.plan);
  const home = src.home ?? homedir();
  // No receipts for given files; notices that disagree are still caught (witness.ts).
  const given = witness(readTranscripts(src.transcripts, null, scanKeepOf(plan.items, home)), new Map());
  return computeTally({
    goal: { title: plan.title, planPath: src.plan, frozenBy: 'given', frozenAt: null },
    items: plan.items,
    findings: plan.findings,
    added: [],
    transcripts: given.transcripts,
    git: src.readGit === false ? null : withChecks(readGitFacts(src.cwd), givenChecks(given.transcripts)),
    home,
    countSdkPrompts: false,
    integrity: given.findings,
  });
}

export interface WorkspaceSources {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** The workspace's adopted goal against this workspace's sessions since the goal was frozen. */
export function tallyWorkspace(src: WorkspaceSources): Tally {
  const inputs = workspaceInputs(src);
  // The gates and the CLI ask the remote every time (age 0): a push is read from the remote itself (gitPast.ts).
  const git = withChecks(readGitFacts(src.cwd, src.env), workspaceChecks(src.cwd, src.env ?? process.env, inputs.transcripts, 0), src.env);
  return reverifiedTally(src.cwd, src.env ?? process.env, inputs.items, computeTally({ ...inputs, git }));
}

/**
 * How long the status line reuses the remote's answer about a push. A commit, a push or a fetch
 * moves HEAD or the tracking ref, and either asks again at once (gitPast.ts's cache key); the age
 * only bounds how late a push made by someone else, elsewhere, shows.
 */
const REMOTE_MAX_AGE_MS = 60_000;

/**
 * tallyWorkspace, with git asked in parallel with the transcript reading. With gitMaxAgeMs (the
 * status line), git facts saved less than that long ago are reused while .git is unchanged.
 */
export async function tallyWorkspaceAsync(src: WorkspaceSources, gitMaxAgeMs = 0): Promise<Tally> {
  const git = gitMaxAgeMs > 0 ? readGitFactsCached(src.cwd, join(src.cwd, STATE_DIR, 'scan'), gitMaxAgeMs, Date.now(), src.env) : readGitFactsAsync(src.cwd, src.env);
  const inputs = workspaceInputs(src);
  // The edits the checks look at come from the transcripts, so they follow them; the remote's
  // answer is reused for REMOTE_MAX_AGE_MS where git's facts are (the status line).
  const checked = withChecksAsync(git, workspaceChecks(src.cwd, src.env ?? process.env, inputs.transcripts, gitMaxAgeMs > 0 ? REMOTE_MAX_AGE_MS : 0), src.env);
  const cache = gitMaxAgeMs > 0 ? { dir: join(src.cwd, STATE_DIR, 'scan'), maxAgeMs: gitMaxAgeMs } : undefined;
  return reverifiedTally(src.cwd, src.env ?? process.env, inputs.items, computeTally({ ...inputs, git: await checked }), cache);
}

function workspaceInputs(src: WorkspaceSources): Omit<TallyInput, 'git'> {
  const cacheDir = join(src.cwd, STATE_DIR, 'scan');
  const found = gatherWorkspace(src, {
    readPlan: (path) => readPlanCached(path, cacheDir),
    readTranscripts: (files, keep) => readTranscripts(files, cacheDir, keep),
  });
  if (found.kind === 'goal') return found.inputs;
  return {
    goal: { title: null, planPath: null, frozenBy: null, frozenAt: null },
    items: [],
    findings: [],
    added: [],
    transcripts: [],
    home: found.home,
    countSdkPrompts: false,
  };
}

/** How a caller reads plans and transcripts: the CLI through its saved caches, the extension in memory. */
export interface WorkspaceReaders {
  readPlan(path: string): ParsedPlan;
  /** `keep`: the frozen list's proofs, whose runs the scan keeps. */
  readTranscripts(mainFiles: string[], keep: ScanKeep): TranscriptEvents[];
}

export type Gathered =
  | { kind: 'none'; home: string; transcriptDir: string }
  | { kind: 'goal'; inputs: Omit<TallyInput, 'git'>; planPath: string; transcriptDir: string; sessions: string[]; home: string };

/**
 * The tally's inputs but git, for the workspace's adopted goal against this workspace's sessions
 * since the goal was frozen. Throws UserError for a goal file it cannot read.
 */
export function gatherWorkspace(src: WorkspaceSources, readers: WorkspaceReaders): Gathered {
  const env = src.env ?? process.env;
  const home = env.HOME || homedir();
  const transcriptDir = projectTranscriptDir(src.cwd, env);
  // The seal first: a goal missing, corrupt or changed outside a freeze is never counted (sealRecord/).
  const seal = checkSeal(src.cwd, env);
  const goalRead = readGoal(src.cwd);
  const goal = goalToCount(goalRead, seal);
  if (!goal && goalRead.kind === 'bad') throw new UserError(goalRead.error);
  if (!goal) return { kind: 'none', home, transcriptDir };
  const planAbs = isAbsolute(goal.planPath) ? goal.planPath : join(src.cwd, goal.planPath);
  let current: ParsedPlan | null;
  try {
    current = readers.readPlan(planAbs);
  } catch {
    current = null; // the frozen list still stands when the plan file is gone
  }
  const frozenKeys = new Set(goal.items.map((i) => i.key));
  const added = current ? current.items.filter((i) => !frozenKeys.has(i.key)) : [];
  const since = Date.parse(goal.frozenAt);
  // Sessions last written before the goal was frozen cannot hold evidence for it.
  const sessions = listSessions(transcriptDir, sessionTranscriptOf(env))
    .filter((s) => !(s.mtimeMs < since - 1000))
    .map((s) => s.path);
  const roots = workspaceRoots(src.cwd);
  const read = readers.readTranscripts(sessions, scanKeepOf(goal.items, home));
  // Only the workspace's own sessions are evidence; one copied in from another project is reported.
  const own = ownSessions(read, sessions, roots);
  // A pass, notice or words count only with the receipt Claude Code's hook wrote (witness.ts).
  const witnessed = witnessedInputs(src.cwd, own.kept);
  // An acceptance counts only with its witness; a forged entry is a finding (acceptanceWitness.ts).
  // Entries that came with a checkout sealed elsewhere do not count here, and are no forgery (elsewhere.ts).
  const elsewhere = isSealedElsewhere(seal.findings);
  const carried = new Set([...(seal.seal?.carriedAcceptances ?? []), ...(elsewhere ? carriedKeysAtHead(src.cwd, env) : [])]);
  // The person's closures of their own items count only with their receipts (core/findings/closure.ts).
  const closures = witnessedClosures(src.cwd, env);
  const acceptances = witnessedAcceptances(src.cwd, env, goal.countSdkPrompts, carried);
  const sealFindings = elsewhere && acceptances.carried ? seal.findings.map((f) => (f.kind === 'sealed-elsewhere' ? { ...f, message: sealedElsewhereMessage(acceptances.carried) } : f)) : seal.findings;
  return {
    kind: 'goal',
    inputs: {
      goal: { title: goal.title, planPath: relative(src.cwd, planAbs) || goal.planPath, frozenBy: goal.frozenBy, frozenAt: goal.frozenAt },
      items: goal.items,
      findings: current ? findingsForFrozen(current, frozenKeys) : [],
      added,
      transcripts: witnessed.transcripts,
      projectRoots: roots,
      // A change to a file the approved plan names is info; a warning the person dismissed is listed as info (planNamed.ts).
      integrity: listDismissed(
        [...sealFindings, ...(seal.seal ? softenPlanNamed(contentFindings(src.cwd, seal.seal, env), [goal.title ?? '', ...goal.items.map((i) => i.text)]) : []), ...own.findings, ...forgedCacheFindings(read), ...(witnessed.integrity ?? []), ...planChangedFindings(goal.items, current?.items ?? null, relative(src.cwd, planAbs) || goal.planPath), ...acceptances.findings],
        new Set(acceptances.accepted.map((a) => a.id)),
      ).concat(closures.findings),
      closed: closures.closed,
      accepted: acceptances.accepted,
      home,
      countSdkPrompts: goal.countSdkPrompts,
      // The verifier's re-runs: they can take a proof back, never give one.
      reruns: readReruns(src.cwd),
    },
    planPath: planAbs,
    transcriptDir,
    sessions,
    home,
  };
}

function witnessedInputs(workspace: string, read: TranscriptEvents[]): Pick<TallyInput, 'transcripts' | 'integrity'> {
  const w = witnessWorkspace(workspace, read);
  return { transcripts: w.transcripts, integrity: w.findings };
}
