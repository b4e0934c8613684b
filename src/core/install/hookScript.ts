// The runner's launcher: a POSIX sh script beside the runner that finds a node on the machine it
// runs on. Settings a team commits (`.claude/settings.json`) name this script, never a node path:
// node lives in /usr/bin on one machine, in Homebrew, nvm or Volta on the next, and an entry naming
// the first machine's path failed every hook on the second (the stop gate blocked every stop).
//
// The node it starts, in order: node on PATH (Claude Code's, which only the person's environment
// and the sealed settings' env decide), then the one `proofmeter install` recorded on this machine
// (node-path, kept out of git: VS Code's own binary where no node is on PATH), then the places
// version managers and Homebrew put it, which a GUI-launched editor's PATH often lacks. PATH comes
// first so that a rewritten node-path, a file in the workspace, decides nothing where PATH has node.
//
// A machine without node or without the runner is a teammate who has not set the meter up. They
// get one message per session (at SessionStart) and are gated only when a goal was frozen on their
// machine: a seal copy exists, inside the workspace or in their own state folder (the outside copy,
// sealRecord/paths.ts). Then the guard and the stop gate block, as they would with a broken runner.

import { METER_STATE_DIR } from '../meterStateDir';

export const HOOK_SCRIPT_REL = `${METER_STATE_DIR}/hook.sh`;

/** The node `proofmeter install` found on this machine: `<path>` or `electron <path>` (VS Code's binary). Not committed. */
export const NODE_HINT_NAME = 'node-path';

/** What the launcher prints at SessionStart when it cannot start the runner. */
export const NOT_ACTIVE_MESSAGE = 'Proofmeter is not active on this machine: node or its runner was not found. Install Node.js 18 or later (on PATH), or run `proofmeter install`. Nothing is gated here until a goal is frozen on this machine.';

/** The stop gate's and the guard's line when a goal is frozen here and the runner cannot start. */
export const CANNOT_START_MESSAGE = 'Proofmeter: a goal is frozen on this machine and its runner cannot start (node or .claude/proofmeter/proofmeter.js not found); install Node.js 18 or later on PATH, then run proofmeter doctor';

/** Version managers and package managers, after PATH; the first that exists wins, nvm's newest last. */
const NODE_PLACES = [
  '/opt/homebrew/bin/node',
  '/usr/local/bin/node',
  '"$HOME"/.volta/bin/node',
  '"$HOME"/.asdf/shims/node',
  '"$HOME"/.local/share/fnm/aliases/default/bin/node',
  '"$HOME"/.fnm/aliases/default/bin/node',
  '"$HOME"/n/bin/node',
  '/opt/local/bin/node',
];

export const HOOK_SCRIPT = `#!/bin/sh
# Proofmeter hook launcher, written by proofmeter install: starts the runner beside it with a node
# found on this machine, so the settings a team shares name no machine's path.
d=\${0%/*}
node=$(command -v node 2>/dev/null) || node=
if [ -z "$node" ] && [ -r "$d/${NODE_HINT_NAME}" ]; then
  IFS= read -r node < "$d/${NODE_HINT_NAME}"
  case $node in 'electron '*) node=\${node#electron }; ELECTRON_RUN_AS_NODE=1; export ELECTRON_RUN_AS_NODE ;; esac
  [ -x "$node" ] || { node=; unset ELECTRON_RUN_AS_NODE; }
fi
if [ -z "$node" ]; then
  for n in ${NODE_PLACES.join(' ')}; do
    [ -x "$n" ] && { node=$n; break; }
  done
fi
if [ -z "$node" ]; then
  for n in "$HOME"/.nvm/versions/node/*/bin/node; do [ -x "$n" ] && node=$n; done
fi
[ -n "$node" ] && [ -f "$d/proofmeter.js" ] && exec "$node" "$d/proofmeter.js" "$@"
# The runner cannot start here. Is a goal frozen on this machine? Either copy of its seal says so.
frozen() {
  [ -e "$d/seal.json" ] && return 0
  w=$(cd "$d/../.." 2>/dev/null && pwd -P) || return 1
  k=$(printf '%s' "$w" | { sha256sum || shasum -a 256; } 2>/dev/null) || return 1
  k=$(printf '%.32s' "$k")
  s=$HOME/.local/state
  [ "$(uname 2>/dev/null)" = Darwin ] && s="$HOME/Library/Application Support"
  case \${XDG_STATE_HOME-} in /*) s=$XDG_STATE_HOME ;; esac
  [ -e "$s/proofmeter/$k/seal.json" ]
}
case "$1 \${2-}" in
  'hook session-start')
    cat > /dev/null
    printf '{"systemMessage":"%s"}\\n' '${NOT_ACTIVE_MESSAGE.replace(/'/g, "'\\''")}'
    exit 0 ;;
  'hook stop'|'hook guard')
    cat > /dev/null
    frozen || exit 0
    echo '${CANNOT_START_MESSAGE}' >&2
    exit 2 ;;
  'statusline '*)
    cat > /dev/null
    echo 'Proofmeter: not active on this machine (node not found)'
    exit 0 ;;
esac
cat > /dev/null
exit 0
`;
