// `npm start`: the tally and status line of a session recorded from a real Claude Code run, shipped
// in demo/ beside the CLI bundle. The plan is evaluated as approved against that transcript.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { statusLine, tallyText } from '../../core/tally/format';
import { tallyGiven } from '../../workspace/workspaceTally';
import type { CommandResult, Io } from '../io';

export function demoDir(): string {
  const candidates = [resolve(__dirname, '..', 'demo'), resolve(__dirname, '..', '..', '..', 'demo')];
  return candidates.find((d) => existsSync(join(d, 'PLAN.md'))) ?? candidates[0]!;
}

export function run(_args: string[], io: Io): CommandResult {
  const dir = demoDir();
  const transcripts = readdirSync(dir).filter((n) => n.endsWith('.jsonl')).map((n) => join(dir, n));
  const tally = tallyGiven({ plan: join(dir, 'PLAN.md'), transcripts, cwd: dir, home: '/home/dev/demo/home', readGit: false });
  io.out(`Demo: ${join('demo', 'PLAN.md')} against a recorded Claude Code session (${transcripts.length} transcript)\n`);
  io.out(tallyText(tally));
  io.out('');
  io.out('Status line: ' + statusLine(tally));
  return { code: 0 };
}
