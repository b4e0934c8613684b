// A plan file read as Markdown: its items, their proofs, and the findings that refuse a plan.
// Structure comes from a CommonMark parser, never from regexes over raw lines, so a proof's code
// span means exactly what Markdown says it means.

import { fromMarkdown } from 'mdast-util-from-markdown';
import type { ListItem, Nodes, Paragraph } from 'mdast';
import type { Owner, ParsedPlan, PlanFinding, PlanItem, Proof } from '../types';
import { type Flat, flatten, foldSpace, plainText } from './inlineText';
import { isCheckList, itemKey } from './itemKey';
import {
  bareNameMessage,
  cutShortMessage,
  duplicateIdMessage,
  missingIdMessage,
  missingProofMessage,
  noIdMessage,
  noItemsMessage,
  placeholderProof,
  placeholderMessage,
  swallowedMessage,
} from './messages';
import { findPlaceholders, isBareName } from './proofRules';
import { judgeShape } from './proofShape';
import { mentionsProof, proseOnly, readProof } from './readProof';

// Letters then digits, then `.`, `:` or `)` not glued to more word characters (`V1.2 notes` is
// prose), or a dash (`S3 — Update docs`, `S3 - Update docs`), or a space (`**S1** Create it`).
const ITEM_ID = /^\s*([A-Za-z]+)(\d+)(?:([.:)])(?![\p{L}\p{N}_])|\s*([—–])|\s+(-)(?=\s)|(\s)(?=\S))/u;

/**
 * The item's id, as people and models write it. An id followed by only a space is one when it is
 * bold or the item has a proof: "- H2 headings are bigger" in a plan's prose is not an item.
 */
function idOf(first: Flat | undefined, bold: boolean, hasProof: boolean): { letters: string; number: number; id: string } | null {
  if (!first) return null;
  const m = ITEM_ID.exec(proseOnly(first));
  if (!m) return null;
  if (m[6] !== undefined && !bold && !hasProof) return null;
  return { letters: m[1]!, number: Number(m[2]), id: `${m[1]}${m[2]}` };
}

/** A source line with `**ID.**` put after its list marker: the line as the finding asks for it. */
function withId(source: string, id: string, proof: string | null): string {
  // The `>` of a blockquote stay in front of the marker; `s`, as `.` stops at U+2028 and U+2029,
  // which Markdown does not end a line at. A marker may end its line (the item's text starts on
  // the next one): the id then follows it alone.
  const m = /^((?:\s*>)*\s*(?:[-*+]|\d+[.)])(?:\s+|$))(.*)$/s.exec(source);
  const marker = m ? m[1]!.trimStart().replace(/(\S)$/, '$1 ') : '- ';
  const rest = (m ? m[2]! : source.trim()).replace(/\s+$/, '');
  const stop = rest === '' || /[.!?]$/.test(rest) ? '' : '.';
  return `${marker}**${id}.**${rest === '' ? '' : ` ${rest}`}${proof ? `${stop} Proof: ${proof}` : ''}`;
}

interface Draft {
  item: PlanItem;
  findings: PlanFinding[];
  warnings: PlanFinding[];
}

function judgeItem(id: string, list: string, text: string, line: number, paragraphs: Flat[]): Draft {
  const findings: PlanFinding[] = [];
  const warnings: PlanFinding[] = [];
  const refuse = (rule: PlanFinding['rule'], message: string, fix?: PlanFinding['fix']): void => {
    findings.push(fix ? { id, rule, line, message, fix } : { id, rule, line, message });
  };
  // Text that failed to be a proof may still carry a template's `<command>`: say so now, not next round.
  const refusePlaceholders = (words: string, kind: Proof['kind'] = 'command'): void => {
    const placeholders = findPlaceholders(words);
    if (placeholders.length > 0) refuse('placeholder', placeholderMessage(id, placeholders, kind, words));
  };
  const read = readProof(paragraphs);
  let owner: Owner = 'claude';
  let proof: PlanItem['proof'] = null;

  switch (read.status) {
    case 'ok': {
      const words = read.proof.kind === 'command' ? read.proof.command : read.proof.kind === 'human' ? read.proof.what : read.proof.event;
      owner = read.proof.kind === 'command' ? 'claude' : read.proof.kind;
      refusePlaceholders(words, read.proof.kind);
      if (read.proof.kind === 'command' && isBareName(read.proof.command)) {
        refuse('bare-name', bareNameMessage(id, read.proof.command));
      } else if (read.proof.kind === 'command') {
        const shape = judgeShape(id, read.proof.command);
        if (shape?.severity === 'error') refuse(shape.rule, shape.message, shape.fix);
        else if (shape) warnings.push({ id, rule: shape.rule, line, message: shape.message });
      }
      // A refused proof never counts, so it is not handed on. A proof that cannot fail is kept: it is
      // a command that runs as written, and the refusal already keeps it from the gate and adopt.
      if (findings.every((f) => f.rule === 'cannot-fail')) proof = read.proof;
      break;
    }
    case 'cut-short':
      refuse('cut-short', cutShortMessage(id, read.text));
      refusePlaceholders(read.text);
      break;
    case 'absent':
      if (read.swallowed) refuse('cut-short', swallowedMessage(id));
      else refuse('missing-proof', missingProofMessage(id, read));
      break;
    case 'unfinished':
      owner = read.owner;
      refuse('missing-proof', missingProofMessage(id, read));
      break;
    case 'unquoted':
      refuse('missing-proof', missingProofMessage(id, read));
      refusePlaceholders(read.text);
      break;
    default:
      refuse('missing-proof', missingProofMessage(id, read));
  }
  return { item: { id, list, text, key: itemKey(list, text), owner, proof, line }, findings, warnings };
}

export function parsePlan(markdown: string): ParsedPlan {
  const tree = fromMarkdown(markdown.replace(/^\uFEFF/, ''));
  let title: string | null = null;
  let list = '';
  const items: PlanItem[] = [];
  const findings: PlanFinding[] = [];
  const warnings: PlanFinding[] = [];
  const firstLineOf = new Map<string, number>();
  const duplicates: { finding: PlanFinding; firstLine: number; letters: string }[] = [];
  const highest = new Map<string, number>();
  // The line endings Markdown knows (CommonMark: LF, CRLF and a lone CR), so the lines match the parser's line numbers.
  const sourceLines = markdown.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  // Items without an id: their messages wait for every id, so each gets the next free one.
  const idless: { finding: PlanFinding | null; line: number; text: string; list: string; topLevel: boolean }[] = [];
  let depth = 0;

  const visitItem = (node: ListItem): void => {
    const own = node.children.filter((c): c is Paragraph => c.type === 'paragraph');
    const paragraphs = own.map((p) => flatten(p.children));
    const text = foldSpace(paragraphs.map((p) => p.text).join(' '));
    const line = node.position?.start.line ?? 0;
    const firstNode = node.children[0];
    const first = firstNode?.type === 'paragraph' ? paragraphs[0] : undefined;
    const bold = firstNode?.type === 'paragraph' && firstNode.children[0]?.type === 'strong';
    const parsed = idOf(first, bold, mentionsProof(paragraphs));

    if (!parsed) {
      // Bullets with neither id nor Proof: are ordinary prose lists (unless the plan has no item at all).
      const finding: PlanFinding | null = mentionsProof(paragraphs) ? { id: null, rule: 'missing-id', line, message: '' } : null;
      if (finding) findings.push(finding);
      idless.push({ finding, line, text, list, topLevel: depth === 1 });
      return;
    }
    const { id, letters, number } = parsed;
    const draft = judgeItem(id, list, text, line, paragraphs);
    items.push(draft.item);

    const upper = letters.toUpperCase();
    highest.set(upper, Math.max(highest.get(upper) ?? 0, number));
    // Ids differing only in case would be read as the same item by a person, so they clash too.
    const seen = firstLineOf.get(id.toUpperCase());
    if (seen === undefined) {
      firstLineOf.set(id.toUpperCase(), line);
    } else {
      const finding: PlanFinding = { id, rule: 'duplicate-id', line, message: '' };
      findings.push(finding);
      duplicates.push({ finding, firstLine: seen, letters });
    }
    findings.push(...draft.findings);
    warnings.push(...draft.warnings);
  };

  const visit = (node: Nodes): void => {
    if (node.type === 'heading') {
      list = foldSpace(plainText(node));
      title ??= list;
      return;
    }
    if (node.type === 'listItem') {
      depth++;
      visitItem(node);
    }
    if ('children' in node) for (const child of node.children) visit(child);
    if (node.type === 'listItem') depth--;
  };
  visit(tree);

  // Each item without an id is shown rewritten with the next free id of its list's kind (S for
  // steps, V for checks, or the letters the list already uses) and the kind of proof it needs.
  const lettersOf = (l: string): string => items.find((i) => i.list === l)?.id.replace(/\d+$/, '') ?? (isCheckList(l) ? 'V' : 'S');
  const nextId = (letters: string): string => {
    const n = (highest.get(letters.toUpperCase()) ?? 0) + 1;
    highest.set(letters.toUpperCase(), n);
    return `${letters}${n}`;
  };
  const teachAll = items.length === 0;
  for (const c of idless) {
    if (!c.finding && !(teachAll && c.topLevel && c.text)) continue;
    const id = nextId(lettersOf(c.list));
    const source = sourceLines[c.line - 1] ?? c.text;
    if (c.finding) c.finding.message = missingIdMessage(c.line, c.text, withId(source, id, null));
    else {
      // "Run `npm test`" names its own proof.
      const named = /^(?:run|execute)\b/i.test(c.text) ? /`([^`]+)`/.exec(source)?.[1] : undefined;
      const proof = named ? `\`${named}\`` : placeholderProof(isCheckList(c.list));
      findings.push({ id: null, rule: 'missing-id', line: c.line, message: noIdMessage(c.line, c.text, withId(source, id, proof), isCheckList(c.list), !!named) });
    }
  }

  // Suggest the next free number only once every id in the plan is known.
  for (const d of duplicates) {
    const next = (highest.get(d.letters.toUpperCase()) ?? 0) + 1;
    highest.set(d.letters.toUpperCase(), next);
    d.finding.message = duplicateIdMessage(d.finding.id ?? '', d.firstLine, `${d.letters}${next}`);
    if (d.finding.id) d.finding.fix = { from: d.finding.id, to: `${d.letters}${next}` };
  }
  if (items.length === 0) {
    const taught = findings.length;
    findings.unshift({ id: null, rule: 'no-items', line: 1, message: noItemsMessage(taught) });
  }
  return { title, items, findings, warnings };
}
