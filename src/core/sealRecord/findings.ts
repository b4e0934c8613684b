// The seal check's findings: `meter-tampered` for the meter's own files and the seal, and
// `hooks-disarmed` for the settings that arm its gates. Both are errors: they keep the verdict
// NOT DONE and the stop gate closed until the person looks (proofmeter doctor).
import { findingId, type Finding } from '../findings/finding';
import type { SettingsLevel } from './record';

export const RECOVER = 'Run `proofmeter doctor` in your own terminal to see what changed; after reviewing it, `proofmeter doctor --reseal` accepts it (or `proofmeter install` / `proofmeter doctor --restore` puts the meter back).';

/** A goal with no seal at all: nothing to restore, so the person checks it and seals it, or freezes the plan again. */
export const UNSEALED_RECOVER = 'Check its items against your plan (`proofmeter doctor` in your own terminal), then run `proofmeter doctor --reseal` to seal it, or `proofmeter adopt <plan>` to freeze your plan again.';

export type TamperSubject = 'goal' | 'seal' | 'runner' | 'guard' | 'receipt' | 'node';

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

/** The kinds the seal check produces: a status line or view shows them as a tamper state, not a count. */
export const SEAL_KINDS: ReadonlySet<Finding['kind']> = new Set(['meter-tampered', 'hooks-disarmed']);
