// `npm start`: the tally and status line of a session recorded from the real Claude Code CLI (the
// `demo` fixture of this repository). Its plan is evaluated as approved against that transcript.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { statusLine, tallyText } from '../../core/tally/format';
import { tallyGiven } from '../../workspace/workspaceTally';
import type { CommandResult, Io } from '../io';

const DEMO = join('test', 'fixtures', 'recorded', 'demo');

function demoDir(): string | null {
  // The bundle runs from dist/; in a source checkout the fixture is one folder up.
  for (const root of [resolve(__dirname, '..'), resolve(__dirname, '..', '..', '..')]) {
    if (existsSync(join(root, DEMO, 'PLAN.md'))) return join(root, DEMO);
  }
  return null;
}

export function run(_args: string[], io: Io): CommandResult {
  const dir = demoDir();
  if (!dir) {
    io.err('proofmeter demo: the demo session ships with the source repository (test/fixtures/recorded/demo)');
    return { code: 2 };
  }
  const slugDir = join(dir, 'transcripts', readdirSync(join(dir, 'transcripts'))[0] ?? '');
  const transcripts = readdirSync(slugDir)
    .filter((n) => n.endsWith('.jsonl'))
    .map((n) => join(slugDir, n));
  const tally = tallyGiven({ plan: join(dir, 'PLAN.md'), transcripts, cwd: dir, home: '/home/dev/demo/home', readGit: false });
  const shown = (p: string) => relative(process.cwd(), p) || p;
  io.out(`Demo: ${shown(join(dir, 'PLAN.md'))} against a session recorded from Claude Code 2.1.332`);
  io.out(`      (${transcripts.map(shown).join(', ')})\n`);
  io.out(tallyText(tally));
  io.out('');
  io.out('Status line: ' + statusLine(tally));
  return { code: 0 };
}
