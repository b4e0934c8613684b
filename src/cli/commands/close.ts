// `proofmeter close V1 [--cwd DIR]`: the person closes one of their own items (the plan gives it to
// them, or to a later event) outside Claude Code. VS Code's Close… action runs it after its
// confirmation; the person may run it in their own terminal too. Only the person: inside the
// agent's shell it is refused in one line (process ancestry, workspace/personOnly.ts). It records the
// closure in closures.json and its receipt beside the seal's outside copy, as `proofmeter accept`
// does (workspace/closures.ts); the tally counts an entry only with that receipt.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { isItemId } from '../../core/findings/closure';
import { readGoal } from '../../workspace/goalState';
import { appendCloseReceipt, recordClosure } from '../../workspace/closures';
import { personOnlyRefusal } from '../../workspace/personOnly';
import { UsageError, type CommandResult, type Io } from '../io';

export function run(args: string[], io: Io): CommandResult {
  const { values, positionals } = parseArgs({ args, options: { cwd: { type: 'string' } }, allowPositionals: true });
  const raw = positionals[0];
  if (!raw || positionals.length > 1) throw new UsageError('usage: proofmeter close V1 [--cwd DIR]');
  if (!isItemId(raw)) throw new UsageError(`proofmeter close: ${raw} is not an item id (letters then digits, as V1)`);
  const cwd = resolve(io.cwd, values.cwd ?? '.');
  const refusal = personOnlyRefusal(cwd, 'item', null, { env: io.env });
  if (refusal) {
    io.err(`proofmeter close: ${refusal}`);
    return { code: 1 };
  }
  const goal = readGoal(cwd);
  if (goal.kind !== 'ok') {
    io.err(`proofmeter close: ${goal.kind === 'bad' ? goal.error : 'this workspace has no goal'}; nothing was closed.`);
    return { code: 1 };
  }
  const item = goal.goal.items.find((i) => i.id.toLowerCase() === raw.toLowerCase());
  if (!item) {
    io.err(`proofmeter close: the goal has no item ${raw}; nothing was closed.`);
    return { code: 1 };
  }
  if (item.owner === 'claude') {
    io.err(`proofmeter close: ${item.id} is Claude's item: its proof decides it, not your word (after a handover, say so in Claude Code). Nothing was closed.`);
    return { code: 1 };
  }
  const at = new Date().toISOString();
  // The receipt first: an entry without it is a finding, a receipt without an entry closes nothing.
  appendCloseReceipt(cwd, io.env, { v: 1, kind: 'close', id: item.id, at });
  recordClosure(cwd, { id: item.id, at });
  io.out(`${item.id} closed by you (${at}).`);
  return { code: 0 };
}
