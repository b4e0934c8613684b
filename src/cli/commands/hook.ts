// `proofmeter hook <gate>`: the runner Claude Code calls, with the hook's JSON on stdin. It always
// exits 0 with its answer as JSON on stdout (see src/hooks/runHook.ts for the fail-safes); an
// unknown gate name exits 1, which Claude Code reports without blocking anything.
import { isHookName, runHook, HOOK_NAMES } from '../../hooks/runHook';
import type { CommandResult, Io } from '../io';

export async function run(args: string[], io: Io): Promise<CommandResult> {
  const name = args[0];
  if (!isHookName(name) || args.length > 1) {
    // Not exit 2: Claude Code reads 2 as "block", and a mistyped entry must not trap a session.
    io.err(`proofmeter hook: expected one of ${HOOK_NAMES.join(', ')}`);
    return { code: 1 };
  }
  const raw = await io.readStdin();
  const answer = await runHook(name, raw, { env: io.env, cwd: io.cwd });
  if (answer.stdout) io.out(answer.stdout);
  if (answer.stderr) io.err(answer.stderr);
  return { code: answer.code };
}
