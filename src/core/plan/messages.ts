// The one-line lessons the plan gate shows the coding agent: each says what to write instead.

import type { ExitReading } from '../shell/exitStatus';
import type { ProofRead } from './readProof';

function quote(s: string, max = 60): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return `"${one.length > max ? `${one.slice(0, max - 1)}…` : one}"`;
}

const COMMAND_EXAMPLE = 'Proof: `npm test -- --grep parser`';
const HUMAN_EXAMPLE = 'Proof: human — the person confirms the chart matches the mockup';
const LATER_EXAMPLE = 'Proof: later — the nightly build on main passes';

export function missingProofMessage(
  id: string,
  read: Extract<ProofRead, { status: 'absent' | 'empty' | 'unquoted' | 'unfinished' }>,
): string {
  switch (read.status) {
    case 'absent':
      return `${id} has no proof; end the item with ${COMMAND_EXAMPLE} (a command that passes only when ${id} is done), ${HUMAN_EXAMPLE}, or ${LATER_EXAMPLE}.`;
    case 'empty':
      return `${id}: nothing usable follows Proof:; write the command in backticks, e.g. ${COMMAND_EXAMPLE}, or ${HUMAN_EXAMPLE}.`;
    case 'unquoted':
      return `${id}: the proof ${quote(read.text)} is not a code span; put exactly the command in backticks right after Proof:, e.g. ${COMMAND_EXAMPLE}.`;
    case 'unfinished':
      return `${id}: "Proof: ${read.owner}" must say what closes it after a dash, e.g. ${read.owner === 'human' ? HUMAN_EXAMPLE : LATER_EXAMPLE}.`;
  }
}

export function cutShortMessage(id: string, text: string): string {
  return `${id}: the proof ${quote(text)} is cut short by an unmatched backtick; close the span, e.g. Proof: \`npm test\`, and wrap a command holding a backtick in double backticks: Proof: \`\` grep -q "\`whoami\`" users.txt \`\`.`;
}

export function swallowedMessage(id: string): string {
  return `${id}: an unmatched backtick before Proof: pulls it into a code span; close every backtick pair in the item, e.g. "Update \`plan.md\`. Proof: \`npm test\`".`;
}

export function bareNameMessage(id: string, command: string): string {
  const check = command.trim().endsWith('/') ? `grep -rq "expected text" ${command.trim()}` : `grep -q "expected text" ${command.trim()}`;
  return `${id}: the proof \`${command.trim()}\` only names a file, and a file existing is not a check passing; give a command that checks it, e.g. Proof: \`${check}\`.`;
}

/** A value of the kind a placeholder names, for the example: `<file>` reads as a file, `<ID>` as an id. */
function sampleFor(placeholder: string): string {
  const name = placeholder.slice(1, -1).trim();
  if (/file|path/i.test(name)) return 'src/parser.ts';
  if (/dir|folder/i.test(name)) return 'src/';
  if (/^id$|\bid\b/i.test(name)) return 'S1';
  if (/url/i.test(name)) return 'http://localhost:3000/health';
  return name.replace(/\s+/g, '-').toLowerCase();
}

/**
 * The example fits the finding: a command around its placeholders keeps its words with each slot
 * filled (`cat <file>` → `cat src/parser.ts`); a proof that is only a placeholder gets a whole command.
 */
export function placeholderMessage(id: string, placeholders: readonly string[], kind: 'command' | 'human' | 'later', words = ''): string {
  const names = [...new Set(placeholders)].join(', ');
  let example = kind === 'human' ? HUMAN_EXAMPLE : kind === 'later' ? LATER_EXAMPLE : COMMAND_EXAMPLE;
  const rest = placeholders.reduce((w, p) => w.split(p).join(''), words).replace(/["'\s]/g, '');
  if (kind === 'command' && rest.length > 0) example = `Proof: ${span(placeholders.reduce((w, p) => w.split(p).join(sampleFor(p)), words))}`;
  return `${id}: the proof still holds the placeholder ${names}; write the real value in its place, e.g. ${example}.`;
}

export function missingIdMessage(line: number, text: string, rewritten: string): string {
  return `The item ${quote(text, 40)} on line ${line} has Proof: but no id; write line ${line} as: ${rewritten}`;
}

/** The proof an item without one needs, to be filled in (its angle brackets keep the plan refused until it is). */
export function placeholderProof(check: boolean): string {
  return check ? '`<the command that checks it>`' : '`<a command that fails until this is done>`';
}

export function noIdMessage(line: number, text: string, rewritten: string, check: boolean, proofGiven = false): string {
  const fill = proofGiven ? '' : ` with the ${check ? 'command that checks it' : 'command that fails until it is done'} in the backticks (or Proof: human — what you confirm)`;
  return `The item ${quote(text, 40)} on line ${line} has no id and no proof; write line ${line} as: ${rewritten}${fill}.`;
}

export function duplicateIdMessage(id: string, firstLine: number, suggestion: string): string {
  return `${id} is already used on line ${firstLine}; give this item its own id, e.g. ${suggestion}.`;
}

export function noItemsMessage(taught = 0): string {
  if (taught > 0) return `The plan has no items: every step needs an id and a proof; the ${taught === 1 ? 'line below shows' : `${taught} lines below show`} each item rewritten.`;
  return 'The plan has no items; list each step as "- S1. What to do. Proof: `npm test`" under a heading such as ## Steps or ## Checks.';
}

/** A command as a code span: double backticks when it holds one, on one line. */
function span(command: string): string {
  const one = command.replace(/\s+/g, ' ').trim();
  return one.includes('`') ? `\`\` ${one} \`\`` : `\`${one}\``;
}

export function cannotFailMessage(id: string, command: string, m: Extract<ExitReading, { kind: 'cannot-fail' }>): string {
  const proof = span(command);
  const example = m.fix ? `Proof: ${span(m.fix)}` : COMMAND_EXAMPLE;
  switch (m.how) {
    case 'constant':
      return `${id}: the proof ${proof} exits 0 whatever happened${m.culprit.trim() === command.trim() ? '' : ` (${span(m.culprit)} cannot fail)`}, so it proves nothing; give a command that fails when ${id} is not done, e.g. ${COMMAND_EXAMPLE}.`;
    case 'or-mask':
      return `${id}: the proof ${proof} always exits 0, because ${span(m.culprit)} hides a failure; drop it, e.g. ${example}.`;
    case 'sequence':
      return `${id}: the proof ${proof} exits with its last command, ${span(m.culprit)}, which cannot fail; end with the check, e.g. ${example}.`;
    case 'pipeline':
      return `${id}: the proof ${proof} exits with the status of ${span(m.culprit)}, which hides a failure before it; put set -o pipefail first, e.g. ${example}.`;
    case 'background':
      return `${id}: the proof ${proof} runs in the background and exits 0 at once; run it in the foreground, e.g. ${example}.`;
  }
}

export function existenceOnlyMessage(id: string, command: string, target: string | null, folder: boolean): string {
  const what = target ? `that ${target} exists` : 'that something exists';
  const check = `grep -${folder ? 'r' : ''}q "expected text" ${target ?? 'FILE'}`;
  return `${id}: the proof ${span(command)} only checks ${what}, which passes whatever it holds; a check of its content says more, e.g. Proof: \`${check}\`.`;
}
