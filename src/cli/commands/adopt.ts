import { parseArgs } from 'node:util';
import { isAbsolute, relative, resolve } from 'node:path';
import { readGoal, writeGoal } from '../../workspace/goalState';
import { readPlanFile } from '../../workspace/workspaceTally';
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
  const planAbs = isAbsolute(file) ? file : resolve(cwd, file);
  const plan = readPlanFile(planAbs);
  if (plan.findings.length) {
    io.err(`proofmeter adopt: ${file} is not acceptable yet; fix these and adopt again:`);
    for (const f of plan.findings) io.err(`  line ${f.line}: ${f.message}`);
    return { code: 1 };
  }
  // A goal file we cannot read is left for the person to look at, never overwritten.
  const existing = readGoal(cwd);
  if (existing.kind === 'bad') {
    io.err(`proofmeter adopt: ${existing.error}; move it aside to adopt a new goal`);
    return { code: 2 };
  }
  const rel = relative(cwd, planAbs);
  writeGoal(cwd, {
    version: 1,
    planPath: rel.startsWith('..') ? planAbs : rel,
    title: plan.title,
    frozenBy: 'adopt',
    frozenAt: new Date().toISOString(),
    sessionId: values['session-id'] ?? null,
    countSdkPrompts: values['count-sdk-prompts'] === true,
    items: plan.items,
  });
  const claude = plan.items.filter((i) => i.owner === 'claude').length;
  io.out(`Adopted ${rel}: ${plan.items.length} items frozen (${claude} Claude's, ${plan.items.length - claude} for you or later).`);
  return { code: 0 };
}
