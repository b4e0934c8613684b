// The context meter in the extension: the newest sessions of the folder, read incrementally into
// states kept in memory (nothing is written into the workspace), shaped for the views.
import type { SessionContextView } from '../protocolContext';
import { contextCacheDir, ContextMemory, workspaceContexts, type SessionContext } from '../workspace/contextSessions';

/** Sessions shown: the status bar tooltip and the dashboard have room for a few. */
export const SHOWN_SESSIONS = 3;
const SHOWN_COMPACTIONS = 5;

export function contextView(s: SessionContext): SessionContextView {
  return {
    sessionId: s.sessionId,
    file: s.file,
    updatedAt: s.updatedAt,
    model: s.model,
    estimate: s.estimate,
    reported: s.reported,
    calibrated: s.calibrated,
    window: s.window,
    percent: s.percent,
    compactionCount: s.compactionCount,
    compactions: s.compactions.slice(-SHOWN_COMPACTIONS).map((c) => ({
      time: c.time,
      trigger: c.trigger,
      preTokens: c.preTokens,
      postTokens: c.postTokens,
      estimateBefore: c.estimateBefore,
      estimateAfter: c.estimateAfter,
      reportedAfter: c.reportedAfter,
    })),
  };
}

/** A folder's context states, kept between computes so each costs only what was appended. */
export class ContextSource {
  private memory: ContextMemory | null = null;

  /** The folder's newest sessions; a failure costs the context, never the tally. */
  read(cwd: string, env: NodeJS.ProcessEnv, fromScratch = false): SessionContextView[] {
    if (!this.memory || fromScratch) this.memory = new ContextMemory(contextCacheDir(cwd));
    try {
      return workspaceContexts({ cwd, env, limit: SHOWN_SESSIONS }, this.memory.read).map(contextView);
    } catch {
      return [];
    }
  }
}
