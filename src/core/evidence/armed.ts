// When a session's transcript is held to its receipts. Decided from facts the meter keeps itself,
// so that deleting the receipts folder takes nothing back: the arming record install writes with
// the receipt entries (armed.json), the entries being in the settings now, and the receipts.

export interface Arming {
  /** When install first wrote the receipt entries (ISO); null when there is no record of it. */
  since: string | null;
  /** The receipt entries are in the workspace's settings now. */
  installed: boolean;
}

export interface SessionFacts {
  /** Any receipt exists for the session: its hooks were recording, so everything in it needs one. */
  hasReceipts: boolean;
  /** The transcript file's modification time, when known. */
  mtimeMs: number | null;
  /** The newest record time among the session's events (ISO), when any has one. */
  latestTime: string | null;
}

/**
 * A session is armed when its hooks were recording receipts, or when the receipt entries are
 * installed and the session was written to after they were. A missing record with the entries in
 * place arms every session: losing the record makes the meter stricter, never looser. A session
 * written only before the entries (or after they were uninstalled) is not held to receipts.
 */
export function isArmed(arming: Arming, s: SessionFacts): boolean {
  if (s.hasReceipts) return true;
  if (!arming.installed) return false;
  if (arming.since === null) return true;
  const since = Date.parse(arming.since);
  if (Number.isNaN(since)) return true;
  if (s.mtimeMs !== null && s.mtimeMs >= since) return true;
  return s.latestTime !== null && Date.parse(s.latestTime) >= since;
}
