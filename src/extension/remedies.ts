// The person-only remedies as VS Code names them. The engine's texts (a finding's `action`, the
// protection's remedy) name the CLI, which is right in a terminal; shown in VS Code they name the
// command that does the same here. This table is the one place that maps the two, and it also
// says which remedy a finding that holds the verdict offers as its button. Plain data, no vscode.
import type { Finding } from '../core/findings/finding';
import type { Tally } from '../core/tally/tally';
import type { CommandId } from './commandIds';

export interface RemedyCommand {
  command: CommandId;
  /** The command's title in package.json (its category is Proofmeter); a unit test holds them equal. */
  title: string;
}

export const REMEDY = {
  restore: { command: 'proofmeter.restoreGoal', title: 'Restore Goal' },
  reseal: { command: 'proofmeter.reseal', title: 'Reseal for This Machine' },
  repair: { command: 'proofmeter.installHooks', title: 'Install/Repair Hooks' },
  accept: { command: 'proofmeter.acceptFinding', title: 'Accept Finding…' },
  uninstall: { command: 'proofmeter.uninstallHooks', title: 'Uninstall Hooks' },
  doctor: { command: 'proofmeter.doctor', title: 'Doctor' },
  adopt: { command: 'proofmeter.adoptPlan', title: 'Adopt Plan' },
} as const satisfies Record<string, RemedyCommand>;

export type RemedyKey = keyof typeof REMEDY;
/** The remedies a finding offers as buttons. */
export type BannerKey = 'restore' | 'reseal' | 'repair' | 'accept';

/** How a text names a command: "Proofmeter: Reseal for This Machine", as the Command Palette shows it. */
export function commandName(key: RemedyKey): string {
  return `Proofmeter: ${REMEDY[key].title}`;
}

/** The CLI's words and what VS Code says instead, in order: the longer forms first. */
const REWRITES: ReadonlyArray<readonly [RegExp, () => string]> = [
  [/`?proofmeter doctor --reseal`?/g, () => commandName('reseal')],
  [/`?proofmeter doctor --restore`?/g, () => commandName('restore')],
  [/`?proofmeter install`? \(without --no-sandbox\)/g, () => `${commandName('repair')} (with the sandbox option ticked)`],
  [/`?proofmeter install`?/g, () => commandName('repair')],
  [/`?proofmeter uninstall`?/g, () => commandName('uninstall')],
  [/`?proofmeter accept(?: F-[0-9a-z…]+)?`?/g, () => commandName('accept')],
  [/`?proofmeter adopt(?: <plan>)?`?/g, () => commandName('adopt')],
  [/`?proofmeter doctor`?/g, () => commandName('doctor')],
  // Each of them is a command here; the integrated terminal is not where the person acts.
  [/ in (?:your|their) own terminal/g, () => ''],
];

/** A text from the engine, with every CLI remedy it names turned into the VS Code command. */
export function inVsCode(text: string): string {
  return REWRITES.reduce((s, [re, to]) => s.replace(re, to), text);
}

/** The tally as VS Code shows it: the findings' actions and the protection's remedy name commands. */
export function tallyInVsCode(t: Tally): Tally {
  return {
    ...t,
    integrity: t.integrity.map((f) => ({ ...f, action: inVsCode(f.action) })),
    ...(t.protection ? { protection: { ...t.protection, remedy: t.protection.remedy === null ? null : inVsCode(t.protection.remedy) } } : {}),
  };
}

const SEAL_FILES = /(?:^|[\\/])seal(?:-content)?\.json$/;

/**
 * What the person can do about a finding, the first the one to try: a changed goal is restored
 * (or its change resealed), a goal with no seal here is sealed, a changed meter file or a
 * disarmed settings file is repaired by installing again (or the change resealed), a seal copy
 * is retaken, and any other error is the person's to accept.
 */
export function remediesOf(f: Pick<Finding, 'kind' | 'file' | 'action'>): BannerKey[] {
  if (f.kind === 'sealed-elsewhere') return ['reseal'];
  if (f.kind === 'hooks-disarmed') return ['repair', 'reseal'];
  if (f.kind !== 'meter-tampered') return ['accept'];
  const file = f.file ?? '';
  // A goal with a sealed text to go back to; one with no seal at all is checked and sealed.
  // (the action in the CLI's words, or already in VS Code's: inVsCode may have run)
  if (/(?:^|[\\/])goal\.json$/.test(file)) return /doctor --restore|Restore Goal/.test(f.action) ? ['restore', 'reseal'] : ['reseal'];
  if (SEAL_FILES.test(file)) return ['reseal'];
  return ['repair', 'reseal'];
}
