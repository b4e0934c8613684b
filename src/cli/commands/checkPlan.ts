import { parseArgs } from 'node:util';
import { isAbsolute, join } from 'node:path';
import { readPlanFile } from '../../workspace/workspaceTally';
import { UsageError, type CommandResult, type Io } from '../io';

export function run(args: string[], io: Io): CommandResult {
  const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('usage: proofmeter check-plan FILE [--json]');
  const plan = readPlanFile(isAbsolute(file) ? file : join(io.cwd, file));
  const ok = plan.findings.length === 0;
  if (values.json) {
    io.out(JSON.stringify({ ok, title: plan.title, items: plan.items, findings: plan.findings, warnings: plan.warnings }, null, 2));
  } else if (ok) {
    const by = (o: string) => plan.items.filter((i) => i.owner === o).length;
    io.out(`${file}: OK, ${plan.items.length} items (${by('claude')} Claude's, ${by('human')} yours, ${by('later')} later)`);
  } else {
    io.out(`${file}: ${plan.findings.length} problem(s)`);
    for (const f of plan.findings) io.out(`  line ${f.line}: ${f.id ?? '-'} [${f.rule}] ${f.message}`);
  }
  // Warnings refuse nothing: they follow the verdict and leave the exit code alone.
  if (!values.json) for (const w of plan.warnings) io.out(`warning: line ${w.line}: ${w.id ?? '-'} [${w.rule}] ${w.message}`);
  return { code: ok ? 0 : 1 };
}
