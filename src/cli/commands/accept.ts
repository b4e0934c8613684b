// `proofmeter accept F-1a2b3c4 [--cwd DIR]`: the person accepts an integrity finding outside
// Claude Code. The dashboard's Accept button runs it (after its confirmation); the person may run
// it in their own terminal too. Only the person: inside the agent's shell it is refused in one
// line (process ancestry, workspace/personOnly.ts), and the guard refuses the command before that.
// It records the acceptance in acceptances.json and its witness beside the seal's outside copy
// (workspace/acceptances.ts); the tally counts an entry with source `dashboard` only with that witness.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { acceptanceSchema } from '../../core/findings/acceptance';
import { appendDashboardReceipt, recordAcceptance } from '../../workspace/acceptances';
import { personOnlyRefusal } from '../../workspace/personOnly';
import { UsageError, type CommandResult, type Io } from '../io';

export function run(args: string[], io: Io): CommandResult {
  const { values, positionals } = parseArgs({ args, options: { cwd: { type: 'string' } }, allowPositionals: true });
  const raw = positionals[0];
  if (!raw || positionals.length > 1) throw new UsageError('usage: proofmeter accept F-1a2b3c4 [--cwd DIR]');
  const id = `F-${raw.slice(2).toLowerCase()}`;
  if (!/^F-/i.test(raw) || !acceptanceSchema.shape.id.safeParse(id).success) throw new UsageError(`proofmeter accept: ${raw} is not a finding id (F- and 7 letters or digits)`);
  const cwd = resolve(io.cwd, values.cwd ?? '.');
  const refusal = personOnlyRefusal(cwd, 'finding', null, { env: io.env });
  if (refusal) {
    io.err(`proofmeter accept: ${refusal}`);
    return { code: 1 };
  }
  const at = new Date().toISOString();
  // The witness first: an entry without it is a finding, a witness without an entry counts nothing.
  appendDashboardReceipt(cwd, io.env, { v: 1, kind: 'accept', id, at });
  const r = recordAcceptance(cwd, { id, at, source: 'dashboard', session: null, promptId: null });
  io.out(`${id} ${r === 'already' ? 'was already accepted' : 'accepted'}: it no longer holds the verdict (${at}).`);
  return { code: 0 };
}
