// The seal's part of `proofmeter doctor`: what the check finds and the ways back, and the two
// ways back that change the gate, which only the person may take: --reseal (accept the change
// after reviewing it: the whole seal is taken again) and --restore (put the sealed goal back).
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { writeFileAtomic } from '../../workspace/atomicWrite';
import { goalPath, readGoal } from '../../workspace/goalState';
import { personOnlyRefusal } from '../../workspace/personOnly';
import { checkSeal } from '../../workspace/sealRecord/check';
import { readSealCopies } from '../../workspace/sealRecord/copies';
import { takeSeal } from '../../workspace/sealRecord/take';
import type { Finding } from '../../core/findings/finding';
import { isSealedElsewhere, SEALED_ELSEWHERE } from '../../core/sealRecord/findings';
import { carriedKeysAtHead } from '../../workspace/sealRecord/elsewhere';
import { currentDigest } from '../../workspace/sealRecord/observe';
import type { CommandResult, Io } from '../io';

export interface SealReport {
  /** sealed-elsewhere: the goal came with the checkout and was sealed on another machine (sealRecord/elsewhere.ts). */
  state: 'unsealed' | 'intact' | 'tampered' | 'sealed-elsewhere';
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
    state: errors.length ? 'tampered' : isSealedElsewhere(check.findings) ? 'sealed-elsewhere' : check.sealed ? 'intact' : 'unsealed',
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
  if (r.state === 'sealed-elsewhere') {
    out.push(`Seal: ${SEALED_ELSEWHERE}. goal.json came with the checkout (committed, unchanged at HEAD), and no copy of its seal is on this machine (${r.copies.inside.path}, ${r.copies.outside.path}).`);
    for (const f of r.findings) out.push(`  ${f.kind} ${f.id}: ${f.message}`);
    out.push('  Not tampering, but nothing counts and the tally stays NOT DONE until you reseal here. In your own terminal:');
    out.push('    proofmeter doctor --reseal --preview   shows what it would seal, and seals nothing');
    out.push('    proofmeter doctor --reseal             seals the goal as it is now, after you checked its items against your plan');
    out.push('    proofmeter adopt <plan>                freezes your plan again, sealed');
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

/** What a reseal takes: the goal as it is now (the seal keeps its bytes), and the acceptances that came with a checkout sealed elsewhere. */
export interface ResealPlan {
  workspace: string;
  /** The seal's state before: what the reseal clears. */
  state: SealReport['state'];
  findings: Finding[];
  goal: { title: string | null; planPath: string; items: number; frozenBy: string; frozenAt: string; sha256: string } | null;
  /** Keys (acceptanceKey) of the acceptances.json entries at HEAD: they stay in the file and do not count here. */
  carriedAcceptances: string[];
}

export function resealPlan(workspace: string, env: NodeJS.ProcessEnv): ResealPlan {
  const report = sealReport(workspace, env);
  const read = readGoal(workspace);
  const digest = currentDigest(goalPath(workspace));
  const goal =
    read.kind === 'ok' && digest
      ? { title: read.goal.title, planPath: read.goal.planPath, items: read.goal.items.length, frozenBy: read.goal.frozenBy, frozenAt: read.goal.frozenAt, sha256: digest.sha256 }
      : null;
  return { workspace, state: report.state, findings: report.findings, goal, carriedAcceptances: report.state === 'sealed-elsewhere' ? carriedKeysAtHead(workspace, env) : [] };
}

/** One line on the goal a reseal takes: its title, digest, item count and plan file. */
function goalLine(g: ResealPlan['goal']): string {
  if (!g) return 'goal: none (no readable goal.json; the goal part of the seal is taken empty)';
  return `goal "${g.title ?? '(untitled plan)'}" (goal.json SHA-256 ${g.sha256.slice(0, 12)}), ${g.items} item${g.items === 1 ? '' : 's'}, plan ${g.planPath || '(none)'}, frozen by ${g.frozenBy} ${g.frozenAt}`;
}

function carriedLine(n: number): string | null {
  return n ? `${n} acceptance${n === 1 ? '' : 's'} in acceptances.json came with the checkout: ${n === 1 ? 'it stays' : 'they stay'} in the file and ${n === 1 ? 'does' : 'do'} not count here; accept those findings again here if they still apply.` : null;
}

/** `doctor --reseal --preview`: what --reseal would take, and nothing written. Anyone may look. */
export function resealPreview(workspace: string, io: Io, json: boolean): CommandResult {
  const p = resealPlan(workspace, io.env);
  if (json) {
    io.out(JSON.stringify(p, null, 2));
    return { code: 0 };
  }
  const out = [`--reseal would seal ${workspace} as it is now (seal state: ${p.state}${p.findings.length ? `, ${p.findings.length} finding${p.findings.length === 1 ? '' : 's'} it would accept` : ''}):`, `  ${goalLine(p.goal)}`];
  for (const f of p.findings) out.push(`  accepts ${f.kind} ${f.id}: ${f.message}`);
  const carried = carriedLine(p.carriedAcceptances.length);
  if (carried) out.push(`  ${carried}`);
  out.push('Nothing was sealed. Run `proofmeter doctor --reseal` in your own terminal to seal it.');
  io.out(out.join('\n'));
  return { code: 0 };
}

export function reseal(workspace: string, io: Io): CommandResult {
  const no = refused(workspace, io, '--reseal');
  if (no) return no;
  const plan = resealPlan(workspace, io.env);
  const before = plan.findings;
  const seal = takeSeal(workspace, { by: 'reseal', parts: ['goal', 'meter', 'settings', 'content'], env: io.env, now: new Date(), carriedAcceptances: plan.carriedAcceptances });
  const lines = [
    `Resealed ${workspace} (${before.length} finding${before.length === 1 ? '' : 's'} accepted): goal ${seal.goal ? 'sealed' : 'none'}, runner ${seal.meter.runner ? 'sealed' : 'none'}, ${seal.settings.filter((s) => s.state !== 'absent').length} settings file(s).`,
    `  ${goalLine(seal.goal ? plan.goal : null)}`,
  ];
  if (plan.state === 'sealed-elsewhere') lines.push('  It was sealed on another machine; it is sealed on this one now, and counts here.');
  const carried = carriedLine(plan.carriedAcceptances.length);
  if (carried) lines.push(`  ${carried}`);
  io.out(lines.join('\n'));
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
