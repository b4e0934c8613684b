// Doctor's verdict as VS Code shows it, from `proofmeter doctor --json`, the same report the
// dashboard's hook health is read from, so the two cannot disagree. The CLI's own rule decides:
// every hook gate armed (the status line is shown but is not a gate) and the seal not tampered.
// Warnings come first, and the verdict names the one thing to do next.
import { z } from 'zod';
import { doctorHeadline } from '../core/doctorHeadline';
import { RUNNER_REL } from '../core/install/entries';
import { SEALED_ELSEWHERE } from '../core/sealRecord/findings';

const reportSchema = z
  .object({
    runner: z.object({ present: z.boolean(), runs: z.boolean().optional(), detail: z.string() }).passthrough().optional(),
    gates: z.array(z.object({ hook: z.string(), label: z.string(), armed: z.boolean(), why: z.string().nullable().optional() }).passthrough()),
    reasons: z.array(z.object({ seen: z.boolean(), text: z.string() })).optional(),
    seal: z.object({ state: z.string() }).passthrough().optional(),
    standing: z.object({ stopFaults: z.object({ inARow: z.number(), last: z.string().nullable() }) }).passthrough().optional(),
  })
  .passthrough();

export type DoctorReport = z.infer<typeof reportSchema>;

/** The report, or null for output that is not one (another CLI version, a crash). */
export function parseDoctorReport(stdout: string): DoctorReport | null {
  try {
    const r = reportSchema.safeParse(JSON.parse(stdout));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export const STATUS_LINE_HOOK = 'statusline';

export interface DoctorVerdict {
  ok: boolean;
  armed: number;
  gates: number;
  /** Warnings first, then the count: one line for the notification. */
  message: string;
  warnings: string[];
  /** The one thing to do: install the hooks, reseal a goal sealed on another machine, read the report, or nothing. */
  action: 'install' | 'reseal' | 'report' | null;
}

export function gateCount(gates: ReadonlyArray<{ armed: boolean; statusLine?: boolean }>): { armed: number; total: number } {
  const hooks = gates.filter((g) => !g.statusLine);
  return { armed: hooks.filter((g) => g.armed).length, total: hooks.length };
}

export function doctorVerdict(r: DoctorReport): DoctorVerdict {
  const hooks = r.gates.filter((g) => g.hook !== STATUS_LINE_HOOK);
  const unarmed = hooks.filter((g) => !g.armed);
  const armed = hooks.length - unarmed.length;
  const warnings: string[] = [];
  if (r.seal?.state === 'tampered') warnings.push('The seal is broken: something the gates depend on changed outside the meter (see the report).');
  const elsewhere = r.seal?.state === 'sealed-elsewhere';
  if (elsewhere) warnings.push(`The goal was ${SEALED_ELSEWHERE} (it came with the checkout; not tampering).`);
  if (r.runner && !r.runner.present) warnings.push(`The hook runner ${RUNNER_REL} is ${r.runner.detail}.`);
  const stopFaults = r.standing?.stopFaults.inARow ?? 0;
  if (stopFaults) warnings.push(`The stop gate faulted ${stopFaults} time${stopFaults === 1 ? '' : 's'} in a row: each stop was blocked until Claude Code's cap let one through (the incidents are in the report).`);
  for (const reason of r.reasons ?? []) if (reason.seen) warnings.push(reason.text);
  const ok = unarmed.length === 0 && r.seal?.state !== 'tampered' && stopFaults === 0;
  const count = doctorHeadline({ armed, total: hooks.length, sealState: r.seal?.state ?? null, runnerPresent: r.runner?.present ?? true, stopFaults });
  let action: DoctorVerdict['action'] = null;
  let todo = '';
  if (unarmed.length) {
    action = 'install';
    todo = unarmed.length === hooks.length ? ' To do: install the hooks.' : ` To do: install the hooks again (${unarmed[0]!.label.replace(/ \[.*$/, '')} is not armed).`;
  } else if (elsewhere) {
    action = 'reseal';
    todo = ' To do: reseal for this machine (proofmeter doctor --reseal).';
  } else if (warnings.length) {
    action = 'report';
    todo = ' To do: read the report.';
  }
  const first = warnings.length ? `${warnings[0]}${warnings.length > 1 ? ` (and ${warnings.length - 1} more warning${warnings.length > 2 ? 's' : ''})` : ''} ` : '';
  return { ok, armed, gates: hooks.length, message: `${first}${count}${todo}`, warnings, action };
}
