// Claude runs this in the main session to hand over an item nothing it can run will close. The
// meter reads the run from the transcript; this command checks the request and says what follows.
import { parseArgs } from 'node:util';
import { readGoal } from '../../workspace/goalState';
import { UsageError, type CommandResult, type Io } from '../io';

export function run(args: string[], io: Io): CommandResult {
  const { values, positionals } = parseArgs({ args, options: { why: { type: 'string' }, cwd: { type: 'string' } }, allowPositionals: true });
  const id = positionals[0];
  if (!id || positionals.length > 1 || !values.why?.trim()) {
    throw new UsageError('usage: proofmeter handover ID --why "why nothing Claude can run will close it"');
  }
  const goal = readGoal(values.cwd ?? io.env.CLAUDE_PROJECT_DIR ?? io.cwd);
  if (goal.kind !== 'ok') {
    io.err(`proofmeter handover: ${goal.kind === 'bad' ? goal.error : 'no adopted goal in this workspace'}`);
    return { code: 1 };
  }
  const item = goal.goal.items.find((i) => i.id.toLowerCase() === id.toLowerCase());
  if (!item) {
    io.err(`proofmeter handover: ${id} is not an item of the goal (${goal.goal.items.map((i) => i.id).join(' ')})`);
    return { code: 1 };
  }
  if (item.owner !== 'claude') {
    io.err(`proofmeter handover: ${item.id} already belongs to ${item.owner === 'human' ? 'the person' : 'a later event'}`);
    return { code: 1 };
  }
  io.out(`${item.id} handed over. It stays open in Claude's count until the person's own words name ${item.id}.`);
  return { code: 0 };
}
