// The ways a command sets a variable besides `name=value`, for the guard: an array (`x=(.claude)`),
// `read` from a here-string (`read x <<< .claude`), `printf -v`, `mapfile`/`readarray` and
// `set --`. A path spelled through any of them (`rm -rf ${x[0]}`) is then read as the value it has.
// A value the guard cannot know makes the variable unknown, never a value it does not hold.
import { stripPrefix } from '../core/shell/verbs';
import { operands } from './bashWords';
import { expand, setElements, setVariable, type BashScope } from './bashScope';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Sets the variables a command sets, given its words and the text it is fed on standard input
 * (here-strings and here-documents). Returns whether the command was one of these setters.
 */
export function setsVariables(words: readonly string[], stdin: readonly string[], scope: BashScope): boolean {
  const [verb = '', ...args] = stripPrefix(words);
  if (verb === 'read') return readInto(args, stdin, scope);
  if (verb === 'mapfile' || verb === 'readarray') return mapInto(args, stdin, scope);
  if (verb === 'printf' && args[0] === '-v') return printInto(args.slice(1), scope);
  if (verb === 'set' && args.includes('--')) return setPositional(args.slice(args.indexOf('--') + 1), scope);
  return false;
}

/** `read a b <<< "x y z"`: each name a word, the last the rest of the line; `read -a arr` fills an array. */
function readInto(args: readonly string[], stdin: readonly string[], scope: BashScope): boolean {
  const array = args.indexOf('-a') >= 0 ? args[args.indexOf('-a') + 1] : undefined;
  const names = operands(args.filter((a, k) => !(k > 0 && args[k - 1] === '-a'))).filter((a) => IDENTIFIER.test(a));
  if (stdin.length === 0) return false;
  const line = expand(stdin[0]!.split('\n')[0]!, scope);
  const fields = /[$`]/.test(line) ? null : line.trim().split(/\s+/).filter(Boolean);
  if (array !== undefined && IDENTIFIER.test(array)) setElements(array, fields, scope);
  (names.length || array !== undefined ? names : ['REPLY']).forEach((name, k, all) => {
    // A line known only when it runs may put any of its words in any name: each holds it whole, as
    // written, and setVariable decides what it keeps.
    const value = fields === null ? line : k === all.length - 1 ? fields.slice(k).join(' ') : (fields[k] ?? '');
    setVariable(name, value, scope);
  });
  return true;
}

/** `mapfile -t arr <<< text`: one element a line, each known or not on its own (setVariable decides what it keeps). */
function mapInto(args: readonly string[], stdin: readonly string[], scope: BashScope): boolean {
  const name = operands(args.filter((a, k) => !(k > 0 && /^-[dnOsuCc]$/.test(args[k - 1]!)))).find((a) => IDENTIFIER.test(a)) ?? 'MAPFILE';
  const text = stdin.length ? expand(stdin.join('\n'), scope) : null;
  setElements(name, text === null ? null : text.replace(/\n$/, '').split('\n'), scope);
  return true;
}

/** `printf -v name FORMAT args…`: only `%s` and plain text are read; any other format makes it unknown. */
function printInto(args: readonly string[], scope: BashScope): boolean {
  const [name, format, ...values] = args.map((a) => expand(a, scope));
  if (name === undefined || !IDENTIFIER.test(name)) return true;
  // Values known only when it runs are filled in as written, and setVariable decides what it keeps.
  const known = format !== undefined && !/[$`\\]/.test(format) && !format.replace(/%[s%]/g, '').includes('%');
  setVariable(name, known ? printed(format, values) : undefined, scope);
  return true;
}

/** The format filled with the values as printf fills it: the format again for values left over. */
function printed(format: string, values: readonly string[]): string {
  const slots = (format.match(/%s/g) ?? []).length;
  let out = '';
  let next = 0;
  do {
    out += format.replace(/%(s|%)/g, (_, c: string) => (c === '%' ? '%' : (values[next++] ?? '')));
  } while (slots > 0 && next < values.length);
  return out;
}

function setPositional(values: readonly string[], scope: BashScope): boolean {
  values.forEach((v, k) => setVariable(String(k + 1), expand(v, scope), scope));
  return true;
}
