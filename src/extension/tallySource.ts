// Where the extension's tally comes from: the same files the CLI reads (goal.json, the plan, the
// workspace's transcripts, git), gathered by src/workspace/workspaceTally.ts's gatherWorkspace,
// with three differences the extension needs:
//  - transcripts are read incrementally: each file's scanner state is kept, and an append costs
//    only the appended bytes (the engine's scanner resumes from its own state);
//  - git can be left unread (Restricted Mode: `git status` runs a repository's own fsmonitor and
//    other config, so an untrusted folder must not get it), and is read apart, without blocking;
//  - nothing is written into the workspace (the CLI keeps its scan cache in .claude/proofmeter/scan;
//    the extension keeps its own in memory).
// The protection in force is added as `proofmeter tally` adds it, so the two stay equal.
// No engine logic lives here: parsing, evidence and the tally are the engine's (src/core). A host
// test checks that a fresh tally from here deep-equals tallyWorkspace's for the fixture workspace.
import type { Protection } from '../core/install/protection';
import { computeTally, type Tally, type TallyInput } from '../core/tally/tally';
import { reverifiedTally } from '../workspace/reverifiedStore';
import type { GitInput } from '../core/tally/gitFacts';
import type { ScanKeep } from '../core/transcript/keep';
import type { TranscriptEvents, TranscriptSource } from '../core/types';
import { protectionNow } from '../workspace/protectionNow';
import { readTranscriptResumed, type SavedScan } from '../workspace/scanCache';
import { subagentFiles } from '../workspace/transcriptFiles';
import { gatherWorkspace, readPlanFile } from '../workspace/workspaceTally';

/** Scanner states per transcript file, so a re-read costs only what was appended. */
export class TranscriptCache {
  private readonly files = new Map<string, SavedScan>();
  /** Bytes read by the last `read` calls since `resetCounters` (for the log and the benchmark). */
  bytesRead = 0;
  filesReread = 0;

  clear(): void {
    this.files.clear();
  }

  resetCounters(): void {
    this.bytesRead = 0;
    this.filesReread = 0;
  }

  /** The file's events, or null when it cannot be read (gone between listing and reading). */
  read(path: string, source: TranscriptSource, keep: ScanKeep | null = null): TranscriptEvents | null {
    const prev = this.files.get(path) ?? null;
    // The same checks as the CLI's saved scans: a file that shrank, was replaced or was rewritten
    // is read again from its start.
    const { state, saved, from } = readTranscriptResumed(path, source, prev, keep);
    if (!saved) {
      this.files.delete(path);
      return null;
    }
    this.bytesRead += Math.max(0, state.offset + state.pendingBytes - from);
    if (from === 0) this.filesReread++;
    this.files.set(path, saved);
    return state.events;
  }

  /** Main transcripts plus their subagent files, as readTranscripts gives them. */
  readAll(mainFiles: string[], keep: ScanKeep | null = null): TranscriptEvents[] {
    const out: TranscriptEvents[] = [];
    for (const f of mainFiles) {
      const main = this.read(f, 'main', keep);
      if (!main) continue;
      out.push(main);
      for (const s of subagentFiles(f)) {
        const sub = this.read(s, 'subagent', keep);
        if (sub) out.push(sub);
      }
    }
    return out;
  }
}

export interface SourceOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  cache: TranscriptCache;
}

export interface SourceResult {
  /** The tally's inputs but git; null when the workspace has no goal. */
  inputs: Omit<TallyInput, 'git'> | null;
  /** The plan file the goal names (absolute), when there is a goal. */
  planPath: string | null;
  transcriptDir: string;
  /** Main transcript files read. */
  sessions: string[];
  /** What keeps the agent off the meter's files now, from the settings of every level and the platform. */
  protection: Protection;
}

/** The workspace's goal and its sessions; throws UserError for a goal file it cannot read. */
export function readWorkspace(opts: SourceOptions): SourceResult {
  const found = gatherWorkspace(
    { cwd: opts.cwd, env: opts.env },
    { readPlan: readPlanFile, readTranscripts: (files, keep) => opts.cache.readAll(files, keep) },
  );
  // Settings files and PATH only: nothing runs, so Restricted Mode reads it too.
  const protection = protectionNow(opts.cwd, opts.env);
  if (found.kind === 'none') return { inputs: null, planPath: null, transcriptDir: found.transcriptDir, sessions: [], protection };
  return { inputs: found.inputs, planPath: found.planPath, transcriptDir: found.transcriptDir, sessions: found.sessions, protection };
}

/**
 * The tally of what readWorkspace gathered, with the git facts (GitUnknown: not read or failed) and
 * the protection (null leaves it out, as a tally of given files has none).
 */
export function tallyOf(inputs: Omit<TallyInput, 'git'>, git: GitInput, protection: Protection | null, workspace: { cwd: string; env: NodeJS.ProcessEnv } | null = null): Tally {
  const counted = computeTally({ ...inputs, git });
  // A workspace's goal waits on the stop gate's re-run, as the CLI's tally does (reverifiedStore.ts).
  const t = workspace ? reverifiedTally(workspace.cwd, workspace.env, inputs.items, counted) : counted;
  return protection ? { ...t, protection } : t;
}
