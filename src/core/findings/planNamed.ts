// Two ways a warning stops reading as one. A change to a file the approved plan's own text names
// (a script it asked for, the config it said to edit) is what the person asked for: the seal still
// lists it, as info, so the change stays visible without a warning the person cannot act on. And a
// warning the person dismissed (recorded like an accepted error: `proofmeter accept`, witnessed, so
// the agent cannot) is listed as info too. Errors are never softened: they hold the verdict until
// the person accepts them.
import type { Finding, FindingKind } from './finding';

/** The kinds of warning a plan's words can ask for: a checker or a gate's config that changed or is new. */
const PLAN_CAN_ASK: ReadonlySet<FindingKind> = new Set(['checker-changed', 'gate-config-changed']);

/** Characters that may stand on either side of a path in prose: not part of a path. */
const EDGE = String.raw`[\s\`'"()[\]{}<>,;:!?*]`;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function namesAsWord(text: string, word: string): boolean {
  // A full stop may end the sentence after the name ("edit build.sh."), so it closes a name too.
  return new RegExp(`(?:^|${EDGE})(?:\\./)?${escape(word)}(?=$|${EDGE}|\\.(?:\\s|$))`).test(text);
}

/**
 * Whether the texts name the file: its workspace-relative path, or its base name when that has an
 * extension (`build.sh`, `package.json`), as a word of its own. A bare name without an extension
 * (`Makefile` aside, which is how it is always written) is too common a word to count.
 */
export function planNamesFile(texts: readonly string[], file: string): boolean {
  const path = file.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!path) return false;
  const base = path.slice(path.lastIndexOf('/') + 1);
  const baseCounts = base !== path && (/\.[A-Za-z0-9]+$/.test(base) || base === 'Makefile');
  return texts.some((t) => namesAsWord(t, path) || (baseCounts && namesAsWord(t, base)));
}

/** The findings, with each warning about a file the plan's texts name turned into info that says so. */
export function softenPlanNamed(findings: readonly Finding[], planTexts: readonly string[]): Finding[] {
  return findings.map((f) =>
    f.severity === 'warning' && f.file !== null && PLAN_CAN_ASK.has(f.kind) && planNamesFile(planTexts, f.file)
      ? { ...f, severity: 'info', action: `the approved plan names ${f.file}; check the change is the one it asked for (git diff -- ${f.file})` }
      : f,
  );
}

/** The findings, with each warning the person dismissed (accepted) listed as info. */
export function listDismissed(findings: readonly Finding[], accepted: ReadonlySet<string>): Finding[] {
  return findings.map((f) => (f.severity === 'warning' && accepted.has(f.id) ? { ...f, severity: 'info' } : f));
}
