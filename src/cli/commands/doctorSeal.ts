// The seal's part of `proofmeter doctor`: what the check finds and the ways back, and the two
// ways back that change the gate, which only the person may take: --reseal (accept the change
// after reviewing it: the whole seal is taken again) and --restore (put the sealed goal back).
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { writeFileAtomic } from '../../workspace/atomicWrite';
import { goalPath } from '../../workspace/goalState';
import { personOnlyRefusal } from '../../workspace/personOnly';
import { checkSeal } from '../../workspace/sealRecord/check';
import { readSealCopies } from '../../workspace/sealRecord/copies';
import { takeSeal } from '../../workspace/sealRecord/take';
import type { Finding } from '../../core/findings/finding';
import type { CommandResult, Io } from '../io';

export interface SealReport {
  state: 'unsealed' | 'intact' | 'tampered';
  takenAt: string | null;
  takenBy: string | null;
  copies: { inside: { path: string; state: string }; outside: { path: string; state: string } };
  findings: Finding[];
}

export function sealReport(workspace: string, env: NodeJS.ProcessEnv): SealReport {
  const check = checkSeal(workspace, env);
  const copies = readSealCopies(workspace, env);
  const errors = check.findings.filter((f) => f.severity === 'error');
  return {
    state: errors.length ? 'tampered' : check.sealed ? 'intact' : 'unsealed',
    takenAt: check.seal?.takenAt ?? null,
    takenBy: check.seal?.takenBy ?? null,
    copies: { inside: { path: copies.inside.path, state: copies.inside.state }, outside: { path: copies.outside.path, state: copies.outside.state } },
    findings: check.findings,
  };
}

export function sealText(r: SealReport): string[] {
  const out: string[] = [];
  if (r.state === 'unsealed') {
    out.push('Seal: none (no goal is frozen here; `proofmeter adopt` seals the goal it freezes).');
    return out;
  }
  if (r.takenAt === null && r.copies.inside.state === 'absent' && r.copies.outside.state === 'absent') {
    // A goal with no seal at all: nothing to restore from; the person checks it and seals it.
    out.push(`Seal: MISSING: goal.json is there, and neither copy of the seal exists (${r.copies.inside.path}, ${r.copies.outside.path}).`);
    for (const f of r.findings) out.push(`  ${f.kind} ${f.id}: ${f.message}`);
    out.push('  The stop gate stays closed and the tally NOT DONE until this is cleared. To recover, in your own terminal:');
    out.push("    proofmeter doctor --reseal   seals the goal as it is now, after you checked its items against your plan");
    out.push('    proofmeter adopt <plan>      freezes your plan again, sealed');
    return out;
  }
  out.push(`Seal: ${r.state === 'intact' ? 'intact' : 'BROKEN'}, taken ${r.takenAt ?? '?'} by ${r.takenBy ?? '?'}; copies ${r.copies.inside.path} (${r.copies.inside.state}) and ${r.copies.outside.path} (${r.copies.outside.state}).`);
  for (const f of r.findings) out.push(`  ${f.kind} ${f.id}: ${f.message}`);
  if (r.state === 'tampered') {
    out.push('  The stop gate stays closed and the tally NOT DONE until this is cleared. To recover, in your own terminal:');
    out.push('    proofmeter install           puts the runner, guard and receipt script back and seals them as installed');
    out.push('    proofmeter doctor --restore  writes the goal back as it was sealed (when goal.json is missing or changed)');
    out.push('    proofmeter doctor --reseal   accepts everything as it is now, after you reviewed the change');
  }
  return out;
}

function refused(workspace: string, io: Io, what: string): CommandResult | null {
  const refusal = personOnlyRefusal(workspace, 'seal');
  if (!refusal) return null;
  io.err(`proofmeter doctor ${what}: ${refusal}`);
  return { code: 1 };
}

export function reseal(workspace: string, io: Io): CommandResult {
  const no = refused(workspace, io, '--reseal');
  if (no) return no;
  const before = checkSeal(workspace, io.env);
  const seal = takeSeal(workspace, { by: 'reseal', parts: ['goal', 'meter', 'settings', 'content'], env: io.env, now: new Date() });
  io.out(`Resealed ${workspace} (${before.findings.length} finding${before.findings.length === 1 ? '' : 's'} accepted): goal ${seal.goal ? 'sealed' : 'none'}, runner ${seal.meter.runner ? 'sealed' : 'none'}, ${seal.settings.filter((s) => s.state !== 'absent').length} settings file(s).`);
  return { code: 0 };
}

export function restore(workspace: string, io: Io): CommandResult {
  const no = refused(workspace, io, '--restore');
  if (no) return no;
  const seal = readSealCopies(workspace, io.env).reference;
  if (!seal?.goal?.text) {
    io.err('proofmeter doctor --restore: the seal holds no goal text to restore; adopt the plan again or run proofmeter doctor --reseal.');
    return { code: 1 };
  }
  writeFileAtomic(goalPath(workspace), seal.goal.text);
  const left = checkSeal(workspace, io.env).findings;
  io.out(`Restored ${METER_STATE_DIR}/goal.json as sealed ${seal.takenAt}.${left.length ? ` ${left.length} other finding(s) remain: see proofmeter doctor.` : ' The seal is intact again.'}`);
  return { code: 0 };
}
