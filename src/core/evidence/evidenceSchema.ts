// What the evidence says of an item and of a run, as zod enums: the tally's schema and the views
// read these lists, and this file imports nothing heavier than zod so the webview bundle stays small.
import { z } from 'zod';

export const itemStateSchema = z.enum(['proved', 'failed', 'pending', 'unrun', 'handed-over', 'closed', 'open']);
export type ItemState = z.infer<typeof itemStateSchema>;

/** Why a run in the ledger counted or did not. */
export const ledgerReasonSchema = z.enum([
  'counted',
  'subagent',
  'sidechain',
  'different command',
  'before the goal',
  'other folder',
  'pending notice',
  'still running',
  'superseded',
]);
export type LedgerReason = z.infer<typeof ledgerReasonSchema>;

/** The states that close an item: proved by its own run, or closed by the person's words. */
export function isDoneState(state: ItemState): boolean {
  return state === 'proved' || state === 'closed';
}
