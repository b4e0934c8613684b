// What each remedy asks before it acts: the question, the detail that names what will change, the
// action's button and the safe button that is the default (confirm.ts). Plain data from plain data,
// so the unit tests read every word; no vscode, no file reads.
import { METER_STATE_DIR } from '../core/meterStateDir';

export interface Question {
  message: string;
  detail: string;
  /** The button that acts. */
  action: string;
  /** The default button, which changes nothing. */
  keep: string;
}

const MAX_ITEMS = 12;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Restore Goal: goal.json back as it was sealed (the diff is open beside). */
export function restoreQuestion(o: { sealedAt: string; missing: boolean; others: number }): Question {
  const what = o.missing ? `${METER_STATE_DIR}/goal.json is missing; it is written again` : `${METER_STATE_DIR}/goal.json is replaced (the diff shows both)`;
  return {
    message: `Restore the goal as it was sealed ${o.sealedAt}?`,
    detail: [
      `${what} with the goal as you froze it. Nothing else changes.`,
      o.others ? `${plural(o.others, 'other integrity finding')} stay${o.others === 1 ? 's' : ''}: each has its own remedy.` : 'The seal is intact again afterwards.',
    ].join('\n\n'),
    action: 'Restore',
    keep: 'Keep goal.json as It Is',
  };
}

export interface SealedGoalView {
  title: string | null;
  planPath: string | null;
  items: ReadonlyArray<{ id: string; owner: string; proof: string | null }>;
}

/** Reseal for This Machine: what the new seal will hold, and which findings it takes back. */
export function resealQuestion(o: { goal: SealedGoalView | null; findings: ReadonlyArray<{ id: string; kind: string }>; elsewhere: boolean }): Question {
  const lines: string[] = [];
  if (o.goal) {
    lines.push(`It seals this goal on this machine, as it is now: ${o.goal.title ?? 'untitled plan'}${o.goal.planPath ? ` (${o.goal.planPath})` : ''}, ${plural(o.goal.items.length, 'item')}:`);
    for (const i of o.goal.items.slice(0, MAX_ITEMS)) lines.push(`• ${i.id} (${i.owner})${i.proof ? `: ${i.proof}` : ''}`);
    if (o.goal.items.length > MAX_ITEMS) lines.push(`• … and ${o.goal.items.length - MAX_ITEMS} more (the goal file is open beside)`);
    lines.push('', 'It also seals the meter files and the hook settings as they are now.');
  } else lines.push('No goal is frozen here: it seals the meter files and the hook settings as they are now.');
  if (o.elsewhere) lines.push('', 'The goal came with the checkout, sealed on another machine: check its items against your plan first. From then on it counts here.');
  if (o.findings.length) lines.push('', `It takes back ${plural(o.findings.length, 'finding')}: ${o.findings.map((f) => `${f.id} (${f.kind})`).join(', ')}. Reseal only a change you made or reviewed.`);
  return { message: o.elsewhere ? 'Seal the goal on this machine?' : 'Reseal: accept the meter as it is now?', detail: lines.join('\n'), action: 'Reseal', keep: "Don't Reseal" };
}

/** Accept Finding: the finding and what accepting does (the change is open beside when it is a file). */
export function acceptQuestion(o: { id: string; message: string; diffShown: boolean }): Question {
  return {
    message: `Accept finding ${o.id}?`,
    detail: [
      o.message,
      ...(o.diffShown ? ['The change is open beside: the sealed text on the left, the file now on the right.'] : []),
      `An accepted error no longer keeps the verdict NOT DONE. The acceptance is recorded with its time in ${METER_STATE_DIR}/acceptances.json.`,
    ].join('\n\n'),
    action: 'Accept',
    keep: "Don't Accept",
  };
}

export interface UninstallPlace {
  /** `.claude/settings.json` or `.claude/settings.local.json`. */
  file: string;
  /** The meter's hook entries in it. */
  entries: number;
  statusLine: boolean;
  /** The sandbox and permission keys install added there (install.json), dotted. */
  sandbox: string[];
}

/** Uninstall Hooks: every settings entry, file and sandbox key it takes out, and what it keeps. */
export function uninstallQuestion(places: readonly UninstallPlace[], files: readonly string[]): Question {
  const lines = ['It removes:'];
  if (!places.length) lines.push('• no Proofmeter entries were found in .claude/settings.json or settings.local.json; it checks the project settings');
  for (const p of places) {
    const parts = [plural(p.entries, 'hook entry', 'hook entries'), ...(p.statusLine ? ['the status line'] : [])];
    lines.push(`• from ${p.file}: ${parts.join(' and ')}; your other settings are kept, the file as it was is backed up`);
    if (p.sandbox.length) lines.push(`• from ${p.file}, the sandbox settings install added: ${p.sandbox.join(', ')}`);
  }
  for (const f of files) lines.push(`• ${f}`);
  lines.push('', `The goal and the records in ${METER_STATE_DIR}/ are kept. Without the hooks nothing keeps Claude at the goal or counts its proofs.`);
  return { message: 'Uninstall the Proofmeter hooks?', detail: lines.join('\n'), action: 'Uninstall', keep: 'Keep Hooks' };
}
