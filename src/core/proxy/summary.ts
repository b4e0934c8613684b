// The mechanical summary of older turns: words kept, short tool results kept, long ones left out
// (the agent can read the file or run the command again), each tool call one line. No model writes
// it, so it cannot paraphrase an error away; it can only leave a long result out, and says so.
import { blocksOf, str, type Block, type Message } from './messages';

export const SUMMARY_HEADER = '[proofmeter proxy: summary of earlier turns]';

export interface SummaryLimits {
  /** Tool results longer than this are left out (the line says how long they were). */
  resultMaxChars: number;
  /** Each tool call becomes one line cut at this length. */
  signatureMaxChars: number;
  /** False in the harshest pass: only calls and short results remain. */
  keepText: boolean;
}

export const SIGNATURE_MAX_CHARS = 150;

// Text Claude Code itself adds to user messages (reminders, hook output) is not the person's words.
const CLIENT_TEXT = /^\s*<system-reminder>[\s\S]*<\/system-reminder>\s*$/;

function isWords(b: Block, role: string): boolean {
  if (role === 'system') return false;
  return b.type === 'text' && str(b.text).trim() !== '' && !CLIENT_TEXT.test(str(b.text)) && !str(b.text).startsWith(SUMMARY_HEADER);
}

function resultText(content: unknown): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 };
  if (!Array.isArray(content)) return { text: '', images: 0 };
  let text = '';
  let images = 0;
  for (const b of content as Block[]) {
    if (b?.type === 'text') text += (text ? '\n' : '') + str(b.text);
    else if (b?.type === 'image') images++;
  }
  return { text, images };
}

/** Keys in sorted order at every level, so the same call always reads the same. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return '[' + v.map(canonicalJson).join(',') + ']';
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return '{' + Object.keys(o).sort().map((k) => JSON.stringify(k) + ':' + canonicalJson(o[k])).join(',') + '}';
  }
  return JSON.stringify(v) ?? 'null';
}

function cut(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, Math.max(0, max - 1)) + '…';
}

/** The summary lines of some messages. */
export function turnLines(messages: Message[], limits: SummaryLimits): string[] {
  const lines: string[] = [];
  for (const m of messages) {
    for (const b of blocksOf(m)) {
      if (isWords(b, m.role)) {
        if (limits.keepText) lines.push(`${m.role}: ${str(b.text)}`);
      } else if (b.type === 'tool_use' || b.type === 'server_tool_use') {
        lines.push(cut(`call ${str(b.name)} ${canonicalJson(b.input ?? {})}`, limits.signatureMaxChars));
      } else if (b.type === 'tool_result') {
        const { text, images } = resultText(b.content);
        const err = b.is_error === true ? ' (error)' : '';
        const pics = images ? ` [${images} image${images > 1 ? 's' : ''} left out]` : '';
        if (text.length <= limits.resultMaxChars) lines.push(`result${err}: ${text}${pics}`);
        else lines.push(`result${err}: left out, ${text.length} characters${pics}`);
      }
      // Thinking, images and other blocks are left out: they are neither words nor results.
    }
  }
  return lines;
}

/** The person's words and the assistant's visible replies, oldest first. */
export function wordLines(messages: Message[]): string[] {
  const out: string[] = [];
  for (const m of messages) for (const b of blocksOf(m)) if (isWords(b, m.role)) out.push(`${m.role}: ${str(b.text)}`);
  return out;
}

/** The newest lines that fit in `budget` characters, oldest first; the oldest drop out. */
export function fitNewest(lines: string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const n = lines[i]!.length + 1;
    if (used + n > budget) break;
    used += n;
    kept.push(lines[i]!);
  }
  return kept.reverse();
}

export function summaryText(args: { carried: string[]; lines: string[]; turns: number; resultMaxChars: number }): string {
  const parts = [
    SUMMARY_HEADER,
    `A local proxy replaced ${args.turns} earlier turn${args.turns === 1 ? '' : 's'} of this conversation with this mechanical summary (no model wrote it). ` +
      `Tool results over ${args.resultMaxChars} characters were left out: read the file or run the command again if you need one.`,
  ];
  if (args.carried.length) parts.push('', 'Words from turns summarized before:', ...args.carried);
  parts.push('', 'Summarized turns:', ...args.lines);
  return parts.join('\n');
}
