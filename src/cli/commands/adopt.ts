import { parseArgs } from 'node:util';
import { isAbsolute, resolve } from 'node:path';
import { freezePlan } from '../../workspace/freezeGoal';
import { personOnlyRefusal } from '../../workspace/personOnly';
import { readPlanText } from '../../workspace/workspaceTally';
import { UsageError, type CommandResult, type Io } from '../io';

export function run(args: string[], io: Io): CommandResult {
  const { values, positionals } = parseArgs({
    args,
    options: { cwd: { type: 'string' }, 'session-id': { type: 'string' }, 'count-sdk-prompts': { type: 'boolean' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('usage: proofmeter adopt PLAN.md [--cwd DIR]');
  const cwd = resolve(io.cwd, values.cwd ?? '.');
  const refusal = personOnlyRefusal(cwd, 'goal');
  if (refusal) {
    io.err(`proofmeter adopt: ${refusal}`);
    return { code: 1 };
  }
  const planAbs = isAbsolute(file) ? file : resolve(cwd, file);
  const r = freezePlan({
    workspace: cwd,
    stateEnv: io.env,
    planText: readPlanText(planAbs),
    planFile: planAbs,
    frozenBy: 'adopt',
    sessionId: values['session-id'] ?? null,
    now: new Date(),
    countSdkPrompts: values['count-sdk-prompts'] === true ? true : undefined,
  });
  switch (r.kind) {
    case 'refused':
      io.err(`proofmeter adopt: ${file} is not acceptable yet; fix these and adopt again:`);
      for (const f of r.findings) io.err(`  line ${f.line}: ${f.message}`);
      return { code: 1 };
    case 'bad-goal':
      // A goal file we cannot read is left for the person to look at, never overwritten.
      io.err(`proofmeter adopt: ${r.error}; move it aside to adopt a new goal`);
      return { code: 2 };
    case 'same':
      io.out(`${file} is already this workspace's goal (frozen ${r.goal.frozenAt}); nothing changed.`);
      return { code: 0 };
    case 'frozen': {
      const claude = r.goal.items.filter((i) => i.owner === 'claude').length;
      io.out(`Adopted ${r.goal.planPath}: ${r.goal.items.length} items frozen (${claude} Claude's, ${r.goal.items.length - claude} for you or later).`);
      return { code: 0 };
    }
  }
}
