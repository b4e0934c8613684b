// One tool reader run alone on a workspace held in memory, with what it does written down as text:
// the commands it hands back (`cwd $ text (via)`), the files it adds (`role path parts <- via`) and
// its notes. The resolver's own recursion is left out, so each case shows the reader's part only.
import { DepSet } from '../../../src/core/seal/deps';
import type { Ctx, ToolReader } from '../../../src/core/seal/context';
import { memoryView } from '../../../src/core/seal/view';
import type { Files } from './helpers';

export interface ToolRecord {
  runs: string[];
  deps: string[];
  notes: string[];
}

export function recordTool(tool: ToolReader, files: Files, args: string[], cwd = '.', via = 'the proof'): ToolRecord {
  const out = new DepSet();
  const runs: string[] = [];
  const ctx: Ctx = {
    view: memoryView(files),
    out,
    run: (text, at, by) => {
      runs.push(`${at} $ ${text} (${by})`);
    },
    script: (path, interpreter, words, at, by) => {
      runs.push(`${at} script ${path} ${interpreter ?? '-'} [${words.join(' ')}] (${by})`);
    },
  };
  tool(ctx, args, cwd, via);
  return { runs, deps: out.list().map((d) => `${d.role} ${d.path}${d.parts ? ' ' + d.parts.join(',') : ''} <- ${d.via}`), notes: [...out.unresolved] };
}

/** A package.json with these scripts. */
export const pkgJson = (scripts: Record<string, string>): string => JSON.stringify({ name: 'x', scripts }, null, 2);
