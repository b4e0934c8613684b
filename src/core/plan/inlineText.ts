// Markdown inline content flattened to plain text, remembering which stretches were code spans.
// Proof reading needs both views: the text as a person reads it, and where each code span sits.

import type { Nodes, PhrasingContent } from 'mdast';

export interface Segment {
  /** 'text' is prose (markers dropped); 'code' a code span; 'html' raw inline HTML such as `<file>`. */
  kind: 'text' | 'code' | 'html';
  value: string;
  /** Offset of this segment in the flattened string. */
  start: number;
}

export interface Flat {
  text: string;
  segments: Segment[];
}

// CommonMark turns line endings inside a code span into spaces; mdast keeps them raw.
function codeValue(value: string): string {
  return value.replace(/\r\n|\r|\n/g, ' ');
}

export function flatten(nodes: readonly PhrasingContent[]): Flat {
  const segments: Segment[] = [];
  let text = '';
  const push = (kind: Segment['kind'], value: string): void => {
    if (value === '') return;
    segments.push({ kind, value, start: text.length });
    text += value;
  };
  const walk = (node: PhrasingContent): void => {
    switch (node.type) {
      case 'text':
        push('text', node.value);
        return;
      case 'inlineCode':
        push('code', codeValue(node.value));
        return;
      case 'html':
        push('html', node.value);
        return;
      case 'break':
        push('text', '\n');
        return;
      case 'image':
        push('text', node.alt ?? '');
        return;
      default:
        if ('children' in node) for (const child of node.children) walk(child);
    }
  };
  for (const node of nodes) walk(node);
  return { text, segments };
}

/** Plain text of any node, for headings. */
export function plainText(node: Nodes): string {
  if ('value' in node) {
    return node.type === 'inlineCode' ? codeValue(node.value) : node.value;
  }
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if ('children' in node) return node.children.map((c) => plainText(c as Nodes)).join('');
  return '';
}

export function foldSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
