// The guard's sh front when the session's kernel marker is there (kernelMarker.ts): Claude Code's
// sandbox keeps the agent's shell off the meter's files, so the front answers every Bash command
// here except the few the runner's three kernel rules (hooks/guardKernel.ts) may refuse. It hands
// on a command that may carry a git policy (hook skipping, force push, reset --hard) or names the
// meter's files or the runner's `hook`, read from the command's words with quotes and escapes
// taken out, so a spelling the runner reads as one of those never stays here. A call that asks to
// leave the sandbox while a goal is frozen is refused here without node.

/**
 * The refusal of `dangerouslyDisableSandbox` while a goal is frozen. The runner gives the same
 * words (hooks/guardKernel.ts). No quotes, backslashes, backquotes or `%`: it sits in a sh
 * single-quoted string, a printf argument and JSON as it is.
 */
export const SANDBOX_REASON =
  'Proofmeter guard: this command asks to run outside the sandbox (dangerouslyDisableSandbox) while a goal is frozen, and outside it nothing keeps the command off the meter files. Run it inside the sandbox; if it needs something the sandbox withholds (a network host, a folder outside the workspace), ask the person to allow that in the sandbox settings.';

/** Text that sends a command to the runner under the kernel: the meter's files and switches by name. */
export const KERNEL_MARKERS = ['.claude', 'proofmeter', 'disableAllHooks', 'allowManagedHooksOnly'] as const;

export const KERNEL_FRONT_DOC = `# With it (the kernel protects the session) it answers every Bash command but one that asks to leave
# the sandbox while a goal is frozen (refused here), may carry a git policy, or names the meter's
# files or a runner's hook (the runner's three kernel rules read those).
`;

// In the script's text: \${ is sh's, and every backslash is doubled for this template.
export const KERNEL_FRONT = `if [ -n "$kernel" ]; then
  case $rest in *dangerouslyDisableSandbox*)
    if [ -e "$here/goal.json" ]; then
      case $rest in
        *'"dangerouslyDisableSandbox":true'*)
          deny='{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${SANDBOX_REASON}"}}'
          printf '%s' "$deny"
          fast deny \${#deny} ;;
        *'"dangerouslyDisableSandbox":false'*) ;;
        *) full ;;
      esac
    fi ;;
  esac
  cmd=\${rest#':{"command":"'}
  [ "$cmd" = "$rest" ] && full
  # Inside a JSON string a quote is always escaped, so the first '","' ends the command or follows it.
  cmd=\${cmd%%'","'*}
  # $'...' decodes escapes into any text: the runner reads what it spells.
  case $cmd in *"\\$'"*) full ;; esac
  # The words as the shell splits them: JSON escapes and quotes out, a tab or newline a blank.
  case $cmd in *\\\\*|*"'"*) cmd=$(printf '%s\\n' "$cmd" | sed 's/\\\\\\\\//g; s/\\\\[ntr]/ /g; s/[\\\\"'"'"']//g') ;; esac
  case $cmd in ${KERNEL_MARKERS.map((m) => `*${m}*`).join('|')}) full ;; esac
  set -f
  IFS=' 	;&|()<>\`'
  git= sub= long= short=
  for w in $cmd; do
    case $w in
      hook) full ;;
      git|*/git) git=1 ;;
      commit|push) sub=1 ;;
      *no-verify*|*[hH][oO][oO][kK][sS][pP][aA][tT][hH]*|--force*|--mirror*|--hard*|+*) long=1 ;;
      -[nf]*|-[!-]*[nf]*) short=1 ;;
    esac
  done
  if [ -n "$git" ]; then
    [ -n "$long" ] && full
    # -n skips the hooks of a commit, -f forces a push; elsewhere (git log -n 5) they are harmless.
    [ -n "$sub" ] && [ -n "$short" ] && full
  fi
  fast allow 0
fi
`;
