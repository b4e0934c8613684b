// Transcript lines written from scratch, in the compact form Claude Code writes, for sessions far
// longer than any recording: thousands of Bash calls, each with its own command.

let clock = Date.parse('2026-03-01T00:00:00Z');
/** Strictly increasing record times, so evidence orders the lines as written. */
function tick(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

const base = { sessionId: 'synth-session', cwd: '/home/dev/proj', userType: 'external', entrypoint: 'cli' };

export function call(id: string, command: string, opts: { sidechain?: boolean } = {}): string {
  const content = [{ type: 'tool_use', id, name: 'Bash', input: { command, description: 'synth' } }];
  return JSON.stringify({ isSidechain: opts.sidechain === true, message: { role: 'assistant', content }, type: 'assistant', timestamp: tick(), ...base });
}

export type Outcome = { kind: 'passed' } | { kind: 'failed'; exitCode: number } | { kind: 'background'; taskId: string };

export function result(id: string, outcome: Outcome, opts: { sidechain?: boolean } = {}): string {
  const failed = outcome.kind === 'failed';
  const text = failed ? `Exit code ${outcome.exitCode}` : outcome.kind === 'background' ? `Command running in background with ID: ${outcome.taskId}` : 'ok';
  const toolUseResult = failed
    ? `Error: Exit code ${outcome.exitCode}`
    : { stdout: text, stderr: '', interrupted: false, isImage: false, ...(outcome.kind === 'background' ? { backgroundTaskId: outcome.taskId } : {}) };
  return JSON.stringify({
    isSidechain: opts.sidechain === true,
    type: 'user',
    message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: text, is_error: failed }] },
    toolUseResult,
    timestamp: tick(),
    ...base,
  });
}

/** Claude Code's own completion notice for a background task. */
export function notice(taskId: string, exitCode: number): string {
  const text = `<task-notification>\n<task-id>${taskId}</task-id>\n<status>completed</status>\n<summary>Background command completed (exit code ${exitCode})</summary>\n</task-notification>`;
  return JSON.stringify({ isSidechain: false, type: 'user', origin: { kind: 'task-notification' }, message: { role: 'user', content: text }, timestamp: tick(), ...base });
}

/** A prompt the person typed. */
export function typed(text: string): string {
  return JSON.stringify({ isSidechain: false, type: 'user', promptSource: 'typed', message: { role: 'user', content: text }, timestamp: tick(), ...base });
}

/** A finished Bash run: its call and its result. */
export function ran(id: string, command: string, outcome: Outcome = { kind: 'passed' }, opts: { sidechain?: boolean } = {}): string[] {
  return [call(id, command, opts), result(id, outcome, opts)];
}

/** `count` finished runs of commands that occur nowhere else (a session grepping through its code). */
export function distinctRuns(prefix: string, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(...ran(`toolu_${prefix}${i}`, `rg -n "sym_${prefix}_${i}" src/mod${i % 37}`));
  return out;
}

export const bytesOf = (lines: string[]): Buffer => Buffer.from(lines.map((l) => l + '\n').join(''));
