// The guard runs before every Bash call and edit, so its cost is paid many times a turn. This
// POSIX sh front answers the common case in a few milliseconds without starting node: a plain Bash
// command that neither names the meter's files nor uses a verb that writes. Everything else (edits,
// quoting, expansions, redirections, writers) goes to the full guard in the runner, so the fast
// path only ever allows what the full guard allows (test/unit/hooks/guardFast.test.ts checks it on
// the guard's own cases). The transcript_path (always under ~/.claude) is not read.

export const GUARD_SCRIPT_REL = '.claude/proofmeter/guard.sh';

export const GUARD_MARKERS = ['proofmeter', 'settings', 'disableAllHooks', '.claude'] as const;

/**
 * Words that can write, delete or hide a command: every verb the full guard reads (bashWrites.ts),
 * the wrappers it looks through, shells and interpreters. A command holding any of them goes to
 * the full guard, which also follows symlinks and parent folders (`rm -rf .`).
 */
export const GUARD_VERBS = [
  'rm', 'rmdir', 'unlink', 'shred', 'mv', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl',
  'tee', 'touch', 'truncate', 'sponge', 'mkfifo', 'cp', 'install', 'ln', 'rsync', 'scp',
  'sed', 'gsed', 'perl', 'ruby', 'yq', 'dd', 'eval', 'find', 'git', 'cd', 'pushd', 'source', '.',
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'python*', 'node', 'nodejs', 'deno', 'bun', 'php',
  'awk', 'gawk', 'mawk', 'osascript', 'lua', 'sudo', 'doas', 'env', 'command', 'builtin', 'exec',
  'nohup', 'nice', 'time', 'timeout', 'stdbuf', 'ionice', 'chronic', 'xargs', 'npx',
] as const;

export const GUARD_SCRIPT = `#!/bin/sh
# Proofmeter guard (PreToolUse Bash|Edit|Write|MultiEdit|NotebookEdit), written by proofmeter install.
# Answers here only for a Bash command that names none of the meter's files, writes nothing the
# full guard would look at, and holds no quoting, escapes, expansions, globs or redirections;
# every other call goes to the full guard in the runner.
LC_ALL=C
export LC_ALL
here=\${0%/*}
payload=$(cat)
full() {
  printf '%s' "$payload" | node "$here/proofmeter.js" hook guard
  exit $?
}
head=\${payload%%'"tool_input"'*}
rest=\${payload#*'"tool_input"'}
case $head in *'"tool_name":"Bash"'*) ;; *) full ;; esac
case $rest in *\\\\*) full ;; esac
command=\${rest#':{"command":"'}
[ "$command" = "$rest" ] && full
command=\${command%%'"'*}
cwd=\${head#*'"cwd":"'}
cwd=\${cwd%%'"'*}
case "$command $cwd" in
  ${GUARD_MARKERS.map((m) => `*${m}*`).join('|')}) full ;;
  *"'"*|*'$'*|*'\`'*|*'*'*|*'?'*|*'['*|*'{'*|*'~'*|*'>'*) full ;;
esac
set -f
IFS=' 	;&|()'
for word in $command; do
  case \${word##*/} in
    ${GUARD_VERBS.join('|')}) full ;;
  esac
done
session=\${head#*'"session_id":"'}
session=\${session%%'"'*}
case $session in
  ''|*[!0-9A-Za-z-]*) session=null ;;
  *) session="\\"$session\\"" ;;
esac
now=$(date -u +%Y-%m-%dT%H:%M:%SZ 2>/dev/null) || now=unknown
printf '{"time":"%s","event":"guard","session":%s,"durationMs":0,"outcome":"allow","inputBytes":%s,"outputBytes":0,"path":"fast"}\\n' "$now" "$session" "\${#payload}" >> "$here/health.jsonl" 2>/dev/null
exit 0
`;
