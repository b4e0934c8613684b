// The guard runs before every Bash call and edit, so its cost is paid many times a turn. This
// POSIX sh front answers the common case in a few milliseconds without starting node: a plain Bash
// command that neither names the meter's files nor uses a verb that writes. Everything else (edits,
// quoting, expansions, redirections, writers) goes to the full guard in the runner, so the fast
// path only ever allows what the full guard allows (test/unit/hooks/guardFast.test.ts checks it on
// the guard's own cases). The transcript_path (always under ~/.claude) is not read.

import { METER_STATE_DIR } from '../meterStateDir';
import { FRONT_VERBS } from '../shell/verbs';
import { KERNEL_MARKER_NAME } from './kernelMarker';
import { KERNEL_FRONT, KERNEL_FRONT_DOC } from './guardKernelFront';

export const GUARD_SCRIPT_REL = `${METER_STATE_DIR}/guard.sh`;

export const GUARD_MARKERS = ['proofmeter', 'settings', 'disableAllHooks', '.claude'] as const;

/**
 * Words that can write, delete or hide a command, from the shared shell reading (core/shell/verbs.ts):
 * every verb the full guard reads, the wrappers it looks through, shells, interpreters and `hook`.
 * A command holding any of them goes to the full guard, which also follows symlinks and parent
 * folders (`rm -rf .`).
 */
export const GUARD_VERBS = FRONT_VERBS;

/**
 * What the sh front reads with its pattern expansions: a payload, the part of it before
 * `tool_input`, a word of the command. In dash their cost grows with the square of the text they
 * scan (a payload whose tool_input came after 400 KB took 157 s), so anything larger goes to the
 * runner at once; at these sizes the front answers in a few milliseconds. A Bash call's payload is
 * some 300 to 800 bytes plus its command, and a command this long mostly holds quoting anyway.
 */
export const GUARD_FRONT_MAX_PAYLOAD = 4 * 1024;
export const GUARD_FRONT_MAX_HEAD = 2 * 1024;
export const GUARD_FRONT_MAX_WORD = 256;

export const GUARD_SCRIPT = `#!/bin/sh
# Proofmeter guard (PreToolUse Bash|Edit|Write|MultiEdit|NotebookEdit), written by proofmeter install.
# Without the session's kernel marker it answers here only for a Bash command that names none of
# the meter's files, writes nothing the full guard would look at, and holds no quoting, escapes,
# expansions, globs or redirections; every other call goes to the full guard in the runner.
${KERNEL_FRONT_DOC}LC_ALL=C
export LC_ALL
kernel=
here=\${0%/*}
payload=$(cat)
full() {
  printf '%s' "$payload" | sh "$here/hook.sh" hook guard
  exit $?
}
# \${x#*pattern} costs the square of how far in the pattern is found (dash tries every prefix):
# tool_input after 400 KB took minutes. Past these sizes the runner answers at once.
[ \${#payload} -gt ${GUARD_FRONT_MAX_PAYLOAD} ] && full
head=\${payload%%'"tool_input"'*}
[ \${#head} -gt ${GUARD_FRONT_MAX_HEAD} ] && full
rest=\${payload#*'"tool_input"'}
case $head in *'"tool_name":"Bash"'*) ;; *) full ;; esac
session=\${head#*'"session_id":"'}
session=\${session%%'"'*}
case $session in
  ''|*[!0-9A-Za-z-]*) session=null ;;
  *) [ -e "$here/${KERNEL_MARKER_NAME}/$session" ] && kernel=1; session="\\"$session\\"" ;;
esac
fast() {
  now=$(date -u +%Y-%m-%dT%H:%M:%SZ 2>/dev/null) || now=unknown
  printf '{"time":"%s","event":"guard","session":%s,"durationMs":0,"outcome":"%s","inputBytes":%s,"outputBytes":%s,"path":"fast"}\\n' "$now" "$session" "$1" "\${#payload}" "$2" >> "$here/health.jsonl" 2>/dev/null
  exit 0
}
${KERNEL_FRONT}case $rest in *\\\\*) full ;; esac
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
  [ \${#word} -gt ${GUARD_FRONT_MAX_WORD} ] && full
  case \${word##*/} in
    ${GUARD_VERBS.join('|')}) full ;;
  esac
done
fast allow 0
`;
