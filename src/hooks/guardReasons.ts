// The guard's one line per refusal: what the command would do, why an agent may not, and what to
// do instead. The allowance id is added by the guard itself (guardAllowance.ts).
import { resolve } from 'node:path';
import type { BashFinding } from './bashWrites';
import { heldIn, type Protected } from './protectedPaths';
import { gateChangeReason } from './gateChangeReason';
import { UNREADABLE } from './hiddenCode';
import { UNNAMED, UNSEEN } from './scriptsMadeHere';

const STATE_WHY = "the meter's own state (the frozen goal, the runner, its records)";
const SETTINGS_WHY = "the meter's hook entries";

const GIT_WHY: Record<string, string> = {
  'no-verify': "skips the repository's hooks, which check the work before it is committed or pushed. Commit or push without it and fix what the hooks report",
  'force-push': "rewrites the remote's history. Push without --force: pull and rebase or merge first",
  'reset-hard': 'throws away uncommitted work, tracked files in .claude/ included. Undo one file with `git restore PATH` (outside .claude/), or keep your work with `git stash push -- PATH`',
};

function holdsExample(how: string): string {
  if (how.startsWith('git clean')) return '`git clean -fd -e .claude`';
  if (how.startsWith('git stash')) return '`git stash push -- src/`';
  if (how.startsWith('git')) return `\`${how.replace(/ --$/, '')} -- src/\``;
  return "`rm -rf build/`, `find . -name '*.pyc' -delete`";
}

/**
 * One line per refusal. Given the protected paths, a folder that is not the meter's but holds its
 * files (the workspace, `.claude`) is named as the folder that holds them, not as the meter's state.
 */
export function bashReason(f: BashFinding, prot?: Protected): string {
  const holds = prot && (f.kind === 'state' || f.kind === 'settings') ? heldIn(resolve(prot.workspace, f.target), prot) : null;
  if (holds !== null) {
    return `Proofmeter guard: this command would remove ${f.target} (${f.how}), which holds ${holds}, ${f.kind === 'state' ? STATE_WHY : `a settings file that holds ${SETTINGS_WHY}`}. An agent may not change its own gate. Name the paths you mean inside it, leaving .claude/ out (for example ${holdsExample(f.how)}).`;
  }
  switch (f.kind) {
    case 'gate-change':
      return gateChangeReason(f.target);
    case 'git':
      return `Proofmeter guard: \`${f.target}\` ${GIT_WHY[f.how] ?? 'is refused'}.`;
    case 'claude-dir':
      return `Proofmeter guard: \`${f.how}\` here would replace or remove files in .claude/ (the meter's settings and state). Name the paths you mean, outside .claude/ (for example \`${f.how.startsWith('git clean') ? 'git clean -fd -e .claude' : f.how.startsWith('git stash') ? 'git stash push -- src/' : `${f.how.replace(/ --$/, '')} -- src/`}\`).`;
    case 'records':
      return `Proofmeter guard: this command would change ${f.target} (${f.how}), Claude Code's own session records, which the meter reads as evidence. Leave them to Claude Code; read them if you need to.`;
    case 'managed':
      return `Proofmeter guard: this command would change ${f.target} (${f.how}), the organisation's managed settings. An agent may not change them; ask the person.`;
    case 'state':
      // The guard cannot say what such a command changes, only that it cannot read it.
      if (f.how === UNREADABLE) return `Proofmeter guard: this command hands a shell text decoded or rewritten on the way (base64, tr, printf escapes, a program's output); the guard cannot read what it would change, so it is refused. Run the command as written instead.`;
      if (f.how === UNNAMED) return `Proofmeter guard: this command runs a script whose name it makes only as it runs (a variable or a substitution), which would run text the guard cannot read first, so it is refused. Name the script's path in the command, and the guard reads it first.`;
      if (f.how === UNSEEN) return `Proofmeter guard: this command runs a script it writes or fetches itself, which would run text the guard cannot read first, so it is refused. Write the script in one command and run it in the next, and the guard reads it first.`;
    // falls through
    case 'settings': {
      const what = f.kind === 'state' ? STATE_WHY : `a settings file that holds ${SETTINGS_WHY}`;
      return `Proofmeter guard: this command would change ${f.target} (${f.how}), ${what}. An agent may not change its own gate. Read the state with \`proofmeter tally\`; to change other settings use the Edit tool, which lets through edits that leave hooks, env, disableAllHooks, sandbox and permissions alone; otherwise ask the person.`;
    }
  }
}

export function stateEditReason(shown: string): string {
  return `Proofmeter guard: ${shown} is ${STATE_WHY}; an agent may not change its own gate. Read it with \`proofmeter tally\`, or ask the person.`;
}

export function settingsEditReason(shown: string, changes: readonly string[]): string {
  return `Proofmeter guard: this edit of ${shown} would change what arms the gates (${changes.join(', ').replace(/\bit /g, '')}); an agent may not disarm its own gate. Edits that leave hooks, env, disableAllHooks, sandbox and permissions alone are allowed; otherwise ask the person.`;
}

export function otherEditReason(kind: 'managed' | 'records', shown: string): string {
  return kind === 'managed'
    ? `Proofmeter guard: ${shown} is the organisation's managed settings; an agent may not change them. Ask the person.`
    : `Proofmeter guard: ${shown} is one of Claude Code's own session records, which the meter reads as evidence; leave it to Claude Code.`;
}
