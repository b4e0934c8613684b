// proofmeter context [--cwd D] [--json] [--limit N] [--transcript T...]: how full each session's
// context is, newest first, with its compactions. Reads only what was appended since the last call
// (entries in .claude/proofmeter/context); given transcripts are read whole and nothing is saved.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { contextText } from '../../core/context/contextText';
import { contextSummary } from '../../core/context/contextView';
import { readContextResumed } from '../../workspace/contextRead';
import { DEFAULT_LIMIT, diskContextReader, workspaceContexts, type SessionContext } from '../../workspace/contextSessions';
import { UsageError, type CommandResult, type Io } from '../io';

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        cwd: { type: 'string' },
        json: { type: 'boolean' },
        limit: { type: 'string' },
        transcript: { type: 'string', multiple: true },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

function given(files: string[], cwd: string): SessionContext[] {
  const out: SessionContext[] = [];
  for (const f of files) {
    const path = resolve(cwd, f);
    const r = readContextResumed(path, null);
    if (!r) throw new UsageError(`cannot read transcript ${path}`);
    out.push({ ...contextSummary(r.saved.state, r.saved.window), file: path, updatedAt: new Date(statSync(path).mtimeMs).toISOString() });
  }
  return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export function run(args: string[], io: Io): CommandResult {
  const v = options(args);
  const cwd = resolve(io.cwd, v.cwd ?? '.');
  const limit = v.limit === undefined ? DEFAULT_LIMIT : Number(v.limit);
  if (!Number.isInteger(limit) || limit < 0) throw new UsageError('--limit takes a whole number of sessions (0 for all)');
  const sessions = v.transcript?.length ? given(v.transcript, io.cwd) : workspaceContexts({ cwd, env: io.env, limit }, diskContextReader(cwd));
  io.out(v.json ? JSON.stringify({ sessions }, null, 2) : contextText(sessions));
  return { code: 0 };
}
