// Which language a script is in, by its #! line, else by its extension: the resolver reads a shell
// script's commands and sweeps a node or python script's literals, and the classifier reads a
// change to each by what it is.
import { SHELLS, verbName } from '../shell/verbs';

export type Interpreter = 'sh' | 'node' | 'python';

export function interpreterOf(path: string, text: string): Interpreter | null {
  const bang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(text);
  const prog = bang ? verbName(bang[1]!.endsWith('/env') ? bang[2] ?? '' : bang[1]!) : '';
  if (SHELLS.has(prog)) return 'sh';
  if (/^(node|nodejs|bun|deno|tsx|ts-node)$/.test(prog)) return 'node';
  if (/^python[\d.]*$/.test(prog)) return 'python';
  if (/\.(sh|bash|zsh)$/.test(path)) return 'sh';
  if (/\.[cm]?[jt]sx?$/.test(path)) return 'node';
  if (/\.py$/.test(path)) return 'python';
  return null;
}
