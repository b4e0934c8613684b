// One run as a person reads it, not as JSONL: command, folder, time, exit, why it counted or not,
// and the output the transcript holds for it (an excerpt), with the raw line's place. Kept free of
// the vscode module for the unit tests.
import { readFileSync } from 'node:fs';
import { ledgerReasonText, neverCounts, notCountedRunText } from '../core/tally/notCounted';
import type { Tally } from '../core/tally/tally';

const EXCERPT_CHARS = 2000;

/** The text of the tool_result on a transcript line, when that line holds one. */
export function outputAt(file: string, line: number): string | null {
  let record: unknown;
  try {
    const text = readFileSync(file, 'utf8').split('\n')[line - 1];
    if (!text) return null;
    record = JSON.parse(text);
  } catch {
    return null;
  }
  const content = (record as { message?: { content?: unknown } })?.message?.content;
  if (!Array.isArray(content)) return null;
  const parts: string[] = [];
  for (const c of content) {
    if (!c || typeof c !== 'object' || (c as { type?: unknown }).type !== 'tool_result') continue;
    const body = (c as { content?: unknown }).content;
    if (typeof body === 'string') parts.push(body);
    else if (Array.isArray(body)) for (const b of body) if (b && typeof (b as { text?: unknown }).text === 'string') parts.push((b as { text: string }).text);
  }
  return parts.length ? parts.join('\n') : null;
}

/** Where the run document's "Raw record: FILE, line N" reference stands (0-based line, columns), for its link. */
export function rawRecordSpan(text: string): { line: number; start: number; end: number } | null {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.startsWith('Raw record: '));
  if (i < 0) return null;
  const l = lines[i]!;
  const semi = l.indexOf('; its result');
  return { line: i, start: 'Raw record: '.length, end: semi < 0 ? l.length : semi };
}

export function runText(t: Pick<Tally, 'ledger'>, file: string, line: number): string {
  const entry = t.ledger.find((e) => e.run.file === file && (e.run.line === line || e.run.endLine === line));
  const out: string[] = [];
  if (!entry) {
    out.push(`No run the meter knows of starts at line ${line} of this transcript.`);
  } else {
    const r = entry.run;
    out.push(`Command:   ${r.command}`);
    out.push(`Items:     ${entry.ids.join(', ')}`);
    out.push(`Folder:    ${r.cwd ?? '(not recorded)'}`);
    out.push(`Time:      ${r.time ?? '(not recorded)'}`);
    out.push(`Ran in:    ${entry.source === 'main' ? 'the main session' : 'a subagent'}`);
    out.push(`Exit:      ${r.exit ?? (r.outcome === 'running' ? 'still running' : r.outcome === 'pending' ? 'waiting for its completion notice' : entry.source === 'subagent' ? `none recorded (${r.outcome} in the subagent)` : 'none recorded')}`);
    const counted = entry.reason === 'counted' ? 'yes, it decides its item' : neverCounts(entry.reason) ? `no: ${notCountedRunText(entry.reason, r.outcome)} (${ledgerReasonText(entry.reason)})` : `no: ${ledgerReasonText(entry.reason)}`;
    out.push(`Counted:   ${counted}`);
    const output = outputAt(file, r.endLine ?? r.line);
    out.push('', 'Output (as the transcript holds it):', '');
    if (output === null) out.push('(none on the result line)');
    else out.push(output.length > EXCERPT_CHARS ? `${output.slice(0, EXCERPT_CHARS)}\n… (${output.length - EXCERPT_CHARS} more characters)` : output);
  }
  out.push('', `Raw record: ${file}, line ${line}${entry?.run.endLine && entry.run.endLine !== line ? `; its result at line ${entry.run.endLine}` : ''}`);
  return out.join('\n') + '\n';
}
