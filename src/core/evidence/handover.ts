// Reads `proofmeter handover <ID> --why "<reason>"` from a Bash command. Claude hands an item over
// when nothing it can run will close it; from then on the person's words may close it.

export interface Handover {
  id: string;
  why: string;
}

const RUNNER = /(^|\/)proofmeter(\.c?js)?$/;

export function parseHandover(command: string): Handover | null {
  if (!command.includes('handover')) return null;
  const words = shellWords(command.trim());
  if (!words) return null;
  const at = words.findIndex((w) => RUNNER.test(w));
  if (at < 0 || words[at + 1] !== 'handover') return null;
  // Only a command that is the handover itself: no pipes, chains or redirections around it.
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

/** Splits simple shell words; returns null for anything with operators, so those never count. */
function shellWords(s: string): string[] | null {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let has = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < s.length) cur += s[++i];
      else cur += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === ' ' || c === '\t') {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else if (/[;&|<>`$()\n]/.test(c)) {
      return null;
    } else {
      cur += c;
    }
  }
  if (quote) return null;
  if (has || cur) out.push(cur);
  return out;
}
