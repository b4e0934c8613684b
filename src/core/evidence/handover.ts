// Reads `proofmeter handover <ID> --why "<reason>"` from a Bash command. Claude hands an item over
// when nothing it can run will close it; from then on the person's words may close it.
import { parse } from '../shell/parse';
import { RUNNER } from '../shell/runner';

export interface Handover {
  id: string;
  why: string;
}

export function parseHandover(command: string): Handover | null {
  if (!command.includes('handover')) return null;
  const words = soleCommand(command);
  if (!words) return null;
  const at = words.findIndex((w) => RUNNER.test(w));
  if (at < 0 || words[at + 1] !== 'handover') return null;
  const prefix = words.slice(0, at);
  if (!prefix.every((w) => w === 'npx' || w === 'node' || /^[A-Z_][A-Z0-9_]*=/.test(w))) return null;
  const rest = words.slice(at + 2);
  const id = rest[0];
  if (!id || !/^[A-Za-z]+\d+$/.test(id)) return null;
  let why = '';
  for (let i = 1; i < rest.length; i++) {
    const w = rest[i]!;
    if (w === '--why' && i + 1 < rest.length) why = rest[++i]!;
    else if (w.startsWith('--why=')) why = w.slice(6);
    else return null;
  }
  return why.trim() ? { id, why: why.trim() } : null;
}

/**
 * The words of a command that is the handover itself and nothing else: one simple command with no
 * pipes, chains, redirections, comments or substitutions, and nothing left unexpanded outside quotes.
 */
function soleCommand(command: string): string[] | null {
  const script = parse(command.trim());
  if (script.unterminated || script.comment || script.subs.length || script.list.length !== 1) return null;
  const ao = script.list[0]!;
  if (ao.background || ao.through !== ao.end || ao.pipelines.length !== 1) return null;
  const p = ao.pipelines[0]!;
  const c = p.commands[0];
  if (p.bang || p.commands.length !== 1 || c?.kind !== 'simple' || c.redirects.length) return null;
  if (c.words.some((w) => w.pieces.some((x) => x.kind === 'text' && x.quote === '' && /[$`]/.test(x.raw)))) return null;
  return c.words.map((w) => w.value);
}
