// Paths a command prints for another to use (`rm -rf "$(cd .claude && pwd)/proofmeter"`,
// `d=$(realpath .cl*); rm -rf $d/proofmeter`): what `cd … && pwd`, `realpath`, `readlink -f` or
// `dirname` print is known only when they run, but the words they are given say where it points.
// A word built on a substitution given the `.claude` folder, or a path in it, may be the meter's.
import { braceExpand } from '../core/shell/braces';
import { emptied } from '../core/shell/emptied';
import { hasShellGlob, partMayMatch } from '../core/shell/globReach';
import { lex } from '../core/shell/lex';
import { parse } from '../core/shell/parse';
import { mentionsProtected } from './protectedPaths';

/**
 * Whether a word holds a substitution (at any depth) whose own words name the `.claude` folder or
 * a path in it, as bash reads them (quotes and escapes removed, braces expanded, an expansion it
 * cannot know possibly empty), a glob that may match it included: what it prints may then lead to
 * the meter's files.
 */
export function printsClaudePath(word: string, dotglob: boolean): boolean {
  // Most words with a substitution (`$(mktemp -d)`) hold no dot, escape, glob or meter name: not parsed.
  return /[$`]/.test(word) && /[.*?[\\]|proofmeter|Hooks/.test(word) && parse(word).subs.some((sub) => namesClaudeFolder(sub, dotglob));
}

function namesClaudeFolder(code: string, dotglob: boolean): boolean {
  if (mentionsProtected(code)) return true;
  const { tokens, subs } = lex(code);
  const spellings = tokens.flatMap((t) => (t.kind === 'word' ? (braceExpand(t) ?? [t.value]) : []));
  const named = spellings.some((w) => [w, emptied(w)].some((s) => s.split('/').some((part) => part === '.claude' || (hasShellGlob(part) && partMayMatch(part, '.claude', dotglob)))));
  return named || subs.some((sub) => namesClaudeFolder(sub, dotglob));
}
