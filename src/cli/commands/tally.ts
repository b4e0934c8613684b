import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { tallyText } from '../../core/tally/format';
import { protectionNow } from '../../workspace/protectionNow';
import { tallyGiven, tallyWorkspace } from '../../workspace/workspaceTally';
import { UsageError, type CommandResult, type Io } from '../io';

export function run(args: string[], io: Io): CommandResult {
  const { values } = parseArgs({
    args,
    options: {
      plan: { type: 'string' },
      transcript: { type: 'string', multiple: true },
      cwd: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: false,
  });
  const cwd = resolve(io.cwd, values.cwd ?? '.');
  const transcripts = values.transcript ?? [];
  if (Boolean(values.plan) !== transcripts.length > 0) {
    throw new UsageError('--plan and --transcript go together: proofmeter tally --plan PLAN.md --transcript SESSION.jsonl');
  }
  const tally = values.plan
    ? tallyGiven({ plan: resolve(io.cwd, values.plan), transcripts: transcripts.map((t) => resolve(io.cwd, t)), cwd, home: io.env.HOME })
    : { ...tallyWorkspace({ cwd, env: io.env }), protection: protectionNow(cwd, io.env) };
  io.out(values.json ? JSON.stringify(tally, null, 2) : tallyText(tally));
  return { code: 0 };
}
