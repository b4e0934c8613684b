// Holds a workspace's transcripts to their receipts (core/evidence/witness.ts): reads whether
// receipts are armed, each session's receipts, and when each session's files were last written.
import { statSync } from 'node:fs';
import { isArmed } from '../core/evidence/armed';
import { latestTime, sessionKeyOf, witness, type SessionReceipts, type Witnessed } from '../core/evidence/witness';
import type { TranscriptEvents } from '../core/types';
import { readArming } from './receiptArming';
import { readReceipts } from './receiptStore';

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

const newer = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export function witnessWorkspace(workspace: string, transcripts: readonly TranscriptEvents[]): Witnessed {
  const arming = readArming(workspace);
  const bySession = new Map<string, TranscriptEvents[]>();
  for (const t of transcripts) {
    const key = sessionKeyOf(t);
    const xs = bySession.get(key);
    if (xs) xs.push(t);
    else bySession.set(key, [t]);
  }
  const sessions = new Map<string, SessionReceipts>();
  for (const [key, files] of bySession) {
    const read = readReceipts(workspace, key);
    const mtimes = files.map((t) => mtimeOf(t.file)).filter((m): m is number => m !== null);
    const armed = isArmed(arming, {
      hasReceipts: read.exists,
      mtimeMs: mtimes.length ? Math.max(...mtimes) : null,
      latestTime: files.map(latestTime).reduce(newer, null),
    });
    sessions.set(key, { armed, receipts: read.receipts });
  }
  return witness(transcripts, sessions);
}
