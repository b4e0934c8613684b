// The seal check's findings: `meter-tampered` for the meter's own files and the seal, and
// `hooks-disarmed` for the settings that arm its gates. Both are errors: they keep the verdict
// NOT DONE and the stop gate closed until the person looks (proofmeter doctor).
import { findingId, type Finding } from '../findings/finding';
import type { SettingsLevel } from './record';

export const RECOVER = 'Run `proofmeter doctor` in your own terminal to see what changed; after reviewing it, `proofmeter doctor --reseal` accepts it (or `proofmeter install` / `proofmeter doctor --restore` puts the meter back).';

/** A goal with no seal at all: nothing to restore, so the person checks it and seals it, or freezes the plan again. */
export const UNSEALED_RECOVER = 'Check its items against your plan (`proofmeter doctor` in your own terminal), then run `proofmeter doctor --reseal` to seal it, or `proofmeter adopt <plan>` to freeze your plan again.';

export type TamperSubject = 'goal' | 'seal' | 'runner' | 'guard' | 'receipt' | 'launcher' | 'node';

/** `subject`: what changed; `fact`: words that stay the same for the same change (a digest, "missing"). */
export function tampered(subject: TamperSubject, fact: string, message: string, file: string | null, action = RECOVER): Finding {
  return {
    id: findingId('meter-tampered', `${subject}\0${fact}`),
    kind: 'meter-tampered',
    severity: 'error',
    message,
    action,
    file,
    line: null,
    evidence: null,
  };
}

export function disarmed(level: SettingsLevel, fact: string, changes: readonly string[], file: string): Finding {
  return {
    id: findingId('hooks-disarmed', `${level}\0${fact}`),
    kind: 'hooks-disarmed',
    severity: 'error',
    message: `${level} settings changed since the goal was sealed: ${changes.join('; ')}.`,
    action: RECOVER,
    file,
    line: null,
    evidence: null,
  };
}

/** The state's one line, in the tally, the status line, the status bar and doctor. */
export const SEALED_ELSEWHERE = 'sealed on another machine: reseal here to count';

export const SEALED_ELSEWHERE_ACTION =
  'Check its items against your plan, then run `proofmeter doctor --reseal` in your own terminal to seal it on this machine (it prints the goal it seals), or `proofmeter adopt <plan>` to freeze your plan again.';

/**
 * A goal that came with the checkout, sealed on another machine: no seal here, and goal.json is
 * git's own blob of HEAD (sealRecord/elsewhere.ts). Not tampering, so a warning, yet nothing here
 * says the person froze it, so it holds the verdict like an error until a reseal
 * (computeTally); no acceptance clears it. `carried`: acceptances that came with it, which do
 * not count here.
 */
export function sealedElsewhere(fact: string, file: string, carried = 0): Finding {
  return {
    id: findingId('sealed-elsewhere', fact),
    kind: 'sealed-elsewhere',
    severity: 'warning',
    message: sealedElsewhereMessage(carried),
    action: SEALED_ELSEWHERE_ACTION,
    file,
    line: null,
    evidence: null,
  };
}

/** The finding's line; `carried` acceptances came with the checkout and are named once, here. */
export function sealedElsewhereMessage(carried: number): string {
  const one = carried === 1;
  const acceptances = carried ? ` The ${carried} acceptance${one ? '' : 's'} in acceptances.json came with it and ${one ? 'does' : 'do'} not count here (nothing on this machine witnessed ${one ? 'it' : 'them'}).` : '';
  return `The frozen goal came with the checkout (goal.json is committed and unchanged at HEAD), and its seal was taken on another machine: nothing counts here until you reseal it.${acceptances}`;
}

/** Whether the findings hold the tally in the sealed-elsewhere state. */
export function isSealedElsewhere(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.kind === 'sealed-elsewhere');
}

/** The kinds the seal check produces: a status line or view shows them as a tamper state, not a count. */
export const SEAL_KINDS: ReadonlySet<Finding['kind']> = new Set(['meter-tampered', 'hooks-disarmed']);
