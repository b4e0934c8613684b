// Hand-built histories with fixed ids for the rule's edge tests (build.ts numbers its ids across
// tests, which would move the estimates these tests pin).
import type { Message } from '../../../src/core/proxy/messages';
import { hashChain, PrefixCache } from '../../../src/core/proxy/prefixCache';
import { decide, DEFAULT_RULE, type Decision, type RuleOptions } from '../../../src/core/proxy/rule';
import { request, sha256 } from './build';

export const HEAD: Message = { role: 'user', content: 'Fix the failing parser test and keep the public API unchanged.' };

/** One tool turn; `words` lengthens the assistant's visible text, which later compactions carry. */
export function turn(i: number, resultChars: number, words = ''): Message[] {
  return [
    { role: 'assistant', content: [{ type: 'text', text: `Looking at part ${i}.${words}` }, { type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `cat file${i}.txt` } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: 'r'.repeat(resultChars) }] },
  ];
}

export const turns = (from: number, to: number, resultChars = 1000, words = ''): Message[] =>
  Array.from({ length: to - from }, (_, k) => turn(from + k, resultChars, words)).flat();

export function decideOn(messages: Message[], threshold: number, opts: Partial<RuleOptions> = {}, cache = new PrefixCache(), force = false): Decision {
  return decide(request(messages), { threshold, opts: { ...DEFAULT_RULE, ...opts }, chain: hashChain(messages, sha256), cache, force });
}

/** The decision's numbers, without its messages and summary. */
export function figures(d: Decision) {
  const { action, reason, estBefore, estAfter, threshold, headTokens, summarizedTurns, keptTurns, pass, over, cut, headSent } = d;
  return { action, reason, estBefore, estAfter, threshold, headTokens, summarizedTurns, keptTurns, pass, over, cut, headSent };
}

/** The summary's second line, which names how many turns it replaced. */
export const replacedLine = (d: Decision): string => (d.summary ?? '').split('\n')[1]!.replace(/ of this conversation.*/, '');
