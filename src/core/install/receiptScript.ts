// The Bash receipt: Claude Code's own PostToolUse and PostToolUseFailure hooks record each Bash
// call as it ends, so a run written into the transcript afterwards has no receipt and does not
// count (src/core/evidence/witness.ts). It runs after every shell call, so it is a POSIX sh script
// with one awk and one sha256sum, no node (bench/receiptCost.ts measures it).
//
// The awk reads the one-line JSON payload byte-wise (LC_ALL=C) by splitting it on `"`: a piece
// that ends in an odd number of backslashes ends in an escaped quote, so the pieces of every string
// are found in one linear pass, however large the output in tool_response is (dash's `${x#*...}`
// is quadratic on such payloads). Only the pieces of the cwd and the command are printed, exactly
// as escaped in the payload; Claude Code escapes with JSON.stringify, so the engine computes the
// same digest from the transcript's decoded strings (receiptDigest.ts).
//
// A receipt holds ids, a digest and exit facts only: never the command, its output or the folder.
// Input that does not come from a hook (the agent's own shell, which carries CLAUDE_CODE_EXECPATH
// and AI_AGENT=..._agent, or a pipe where Claude Code's hooks get a socket) writes nothing.

import { METER_STATE_DIR } from '../meterStateDir';

export const RECEIPT_SCRIPT_REL = `${METER_STATE_DIR}/receipt.sh`;

/** Where the receipts live, relative to the workspace: one <session>.jsonl per session. */
export const RECEIPTS_REL = `${METER_STATE_DIR}/receipts`;

const AWK = String.raw`
function odd(s,   k, c) { k = length(s); c = 0; while (k > 0 && substr(s, k, 1) == "\\") { c++; k-- } return c % 2 }
function move(t,   o, x) { o = gsub(/[{[]/, "", t); x = gsub(/[]}]/, "", t); depth += o - x }
function body(name,   j, s) {
  s = ""
  if (name in from) for (j = from[name]; j <= to[name]; j++) s = s (j > from[name] ? "\"" : "") part[j]
  return s
}
function emit(name,   j) {
  if (name in from) for (j = from[name]; j <= to[name]; j++) printf "%s%s", (j > from[name] ? "\"" : ""), part[j]
}
function id(s, pat) { return s ~ pat || length(s) > 128 ? "" : s }
{ buf = NR == 1 ? $0 : buf "\n" $0 }
END {
  n = split(buf, part, "\"")
  depth = 0; top = ""; want = ""
  move(part[1])
  for (i = 2; i <= n; i++) {
    a = i
    while (i < n && odd(part[i])) i++
    t = i < n ? part[i + 1] : ""
    if (t ~ /^[ \t\r\n]*:/) {
      k = a == i ? part[a] : ""
      path = depth == 1 ? k : (depth == 2 ? top "." k : "")
      if (depth == 1) top = k
      rest = t
      sub(/^[ \t\r\n]*:[ \t\r\n]*/, "", rest)
      if (rest == "") want = path
      else if (rest !~ /^[{[]/) { sub(/[ \t\r\n]*[]},].*$/, "", rest); lit[path] = rest; want = "" }
      else want = ""
    } else if (want != "") { from[want] = a; to[want] = i; want = "" }
    move(t)
    i++
  }
  session = id(body("session_id"), "[^0-9A-Za-z-]")
  tool = id(body("tool_use_id"), "[^0-9A-Za-z_-]")
  event = body("hook_event_name")
  if (session == "" || tool == "" || body("tool_name") != "Bash") exit
  if (event == "PostToolUse") event = "post"; else if (event == "PostToolUseFailure") event = "failure"; else exit
  code = "null"
  if ("error" in from && match(part[from["error"]], /^Exit code [0-9]+/)) code = substr(part[from["error"]], 11, RLENGTH - 10) + 0
  intr = (lit["tool_response.interrupted"] == "true" || lit["is_interrupt"] == "true") ? "true" : "false"
  cond = ("tool_response.returnCodeInterpretation" in from) ? "true" : "false"
  task = id(body("tool_response.backgroundTaskId"), "[^0-9A-Za-z_-]")
  task = task == "" ? "null" : "\"" task "\""
  agent = ("agent_id" in from) ? "true" : "false"
  srand(); now = srand()
  print session, tool, event, code, intr, cond, task, agent, now
  emit("cwd"); printf "\n"; emit("tool_input.command")
}`;

export const RECEIPT_SCRIPT = `#!/bin/sh
# Proofmeter receipt (PostToolUse|PostToolUseFailure Bash), written by proofmeter install.
# Appends one line per Bash call to receipts/<session>.jsonl: the call's id, the digest of its
# folder and command as Claude Code escaped them, and how it ended. No command text, no output.
LC_ALL=C
export LC_ALL
case \${CLAUDE_CODE_EXECPATH:+x}\${AI_AGENT##*_} in x*|agent) exit 0 ;; esac
if [ -d /proc/self/fd ] && ! [ -S /dev/stdin ]; then exit 0; fi
here=\${0%/*}
if command -v sha256sum >/dev/null 2>&1; then sum=sha256sum; else sum='shasum -a 256'; fi
awk '${AWK.replace(/'/g, `'\\''`)}' | {
  IFS=' ' read -r session tool event code intr cond task agent now || exit 0
  digest=$($sum) || exit 0
  digest=\${digest%% *}
  [ -d "$here/receipts" ] || mkdir -p "$here/receipts" 2>/dev/null
  printf '{"v":1,"kind":"bash","session":"%s","toolUseId":"%s","digest":"%s","event":"%s","exit":%s,"interrupted":%s,"cond":%s,"task":%s,"agent":%s,"t":%s}\\n' \\
    "$session" "$tool" "$digest" "$event" "$code" "$intr" "$cond" "$task" "$agent" "$now" >> "$here/receipts/$session.jsonl" 2>/dev/null
}
exit 0
`;
