// The programs a proof starts, by the name its commands are written with: the words a shell looks
// up on PATH (or runs by path). Builtins, reserved words, assignments and wrappers are not programs
// to find, and a command word built by an expansion cannot be read without running it.
import { isPlainWord, parse, simpleCommands } from '../shell/parse';
import { stripPrefix } from '../shell/verbs';

/** Shell builtins and reserved words: bash runs them itself, so no PATH lookup can miss them. */
const BUILTINS = new Set([
  ...'alias bg bind break builtin caller cd command compgen complete continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait'.split(' '),
  ...'if then else elif fi case esac for select while until do done in function time { } [[ ]] ! [ .'.split(' '),
]);

/** The program names a proof runs, in order, once each: `npm test && ./check.sh` gives npm and ./check.sh. */
export function proofPrograms(command: string): string[] {
  const out: string[] = [];
  const visit = (src: string): void => {
    const script = parse(src);
    for (const c of simpleCommands(script.list)) {
      const rest = stripPrefix(c.words.map((w) => w.value));
      const head = c.words[c.words.length - rest.length];
      if (head && isPlainWord(head) && !BUILTINS.has(head.value) && !out.includes(head.value)) out.push(head.value);
    }
    for (const sub of script.subs) visit(sub);
  };
  visit(command);
  return out;
}
