// Words that refuse close nothing: the person's words close an item only when the sentence that
// names its id affirms it. A sentence that negates (not, isn't, never, no, nicht, pas, nunca, não,
// не, ない, 不 ...) or asks (ends in ? ？ ؟ ;, opens with ¿, or ends in か 吗 까) leaves every id
// in it open. The rule is per sentence, not per clause: "S1 is done but S2 is not" closes neither,
// because splitting clauses would let "S2, S3: not done" close S2. A false "open" costs the person
// one more plain sentence; a false "closed" would be a pass nobody gave.
import { idTokens } from './namesId';

export type Stance = 'affirms' | 'negates' | 'asks';

// Always a boundary: ! ? and their full-width and Arabic forms, the ideographic full stop, the
// Greek question mark (U+037E), line breaks. A full stop or semicolon ends a sentence only before
// a space or the end, so "v1.2" and "notes.md" stay inside their sentence.
const HARD_END = /[!?！？。؟\u037e\n]/;
const SOFT_END = /[.;；]/;

/** The sentences of a text, each with its closing marks. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const hard = HARD_END.test(ch);
    if (!hard && !(SOFT_END.test(ch) && (i + 1 === text.length || /\s/.test(text[i + 1]!)))) continue;
    // Marks that follow ("?!", "...") belong to the same sentence.
    let end = i + 1;
    while (end < text.length && (HARD_END.test(text[end]!) || SOFT_END.test(text[end]!)) && text[end] !== '\n') end++;
    const s = text.slice(start, end).trim();
    if (s) out.push(s);
    start = end;
    i = end - 1;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

// Whole words, compared lower-cased. English (plus n't, below), German, French, Spanish,
// Portuguese, Italian, Dutch, Russian/Ukrainian, Greek, Arabic, Hindi, Korean.
const NEGATION_WORDS = new Set([
  'not', 'no', 'never', 'cannot', 'nor', 'neither', 'nope',
  'nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'nie', 'niemals', 'nein',
  'pas', 'non', 'ne', 'jamais', 'aucun', 'aucune',
  'nunca', 'jamás', 'tampoco', 'ningún', 'ninguno', 'ninguna',
  'não', 'nenhum', 'nenhuma',
  'nessun', 'nessuno', 'nessuna',
  'niet', 'geen', 'nooit',
  'нет', 'не', 'ни', 'никогда', 'ні',
  'δεν', 'μην', 'όχι',
  'لا', 'ليس', 'لم', 'لن',
  'नहीं', 'मत',
  '안', '못',
]);
// Scripts written without spaces between words: a negating morpheme anywhere in the sentence.
const NEGATION_MORPHEMES = /ない|ません|まだ|いいえ|未|不|没|沒|别|別|않|아니/;
// Phrases that say yes with a "no" in them.
const AFFIRMING_IDIOMS = /\bno (problems?|issues?|objections?|complaints|worries|concerns)\b/gi;
const CONTRACTED_NOT = /n['’]t$/;

function negates(sentence: string): boolean {
  const s = sentence.replace(AFFIRMING_IDIOMS, ' ');
  if (NEGATION_MORPHEMES.test(s)) return true;
  // French elision: n'est, n'a.
  return s.toLowerCase().split(/[^\p{L}\p{M}'’]+/u).some((w) => NEGATION_WORDS.has(w) || CONTRACTED_NOT.test(w) || /^n['’]\p{L}/u.test(w));
}

const GREEK = /\p{Script=Greek}/u;

function asks(sentence: string): boolean {
  if (sentence.includes('¿')) return true;
  const body = sentence.replace(/[\s"'”’»)\]]+$/u, '');
  const marks = /[!?！？。؟\u037e.;；]*$/.exec(body)![0];
  if (/[?？؟\u037e]/.test(marks)) return true;
  // In Greek a question ends in a semicolon (U+037E's canonical form).
  if (marks.includes(';') && GREEK.test(body)) return true;
  // Question particles that end a sentence without a mark: Japanese か, Chinese 吗/嗎, Korean 까.
  return /[か吗嗎까]$/.test(body.slice(0, body.length - marks.length));
}

export function stanceOf(sentence: string): Stance {
  if (asks(sentence)) return 'asks';
  return negates(sentence) ? 'negates' : 'affirms';
}

/** The ids the text affirms, upper-cased and without repeats: those named in a sentence that affirms. */
export function affirmedIds(text: string): string[] {
  const ids = new Set<string>();
  for (const s of sentencesOf(text)) {
    const named = idTokens(s);
    if (named.length && stanceOf(s) === 'affirms') named.forEach((id) => ids.add(id));
  }
  return [...ids];
}
