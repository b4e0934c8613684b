// Findings from the session's own commands: what the main session ran after the goal was frozen
// that skips the repository's hooks (`no-verify`) or rewrites history or throws away tests
// (`history-rewritten`). Warnings: they say what happened beside the count, and never hold the
// verdict. Only runs that ended cleanly count: a refused push rewrote nothing.
import { parse, type AndOr } from '../shell/parse';
import type { BashRun, TranscriptEvents } from '../types';
import { findingId, type Finding } from './finding';
import { gitCall, looksLikeTest, type GitAction } from './gitActions';

/** Every simple command of a script, subshells and substitutions included, as plain words. */
function simpleCommands(command: string, depth = 0): string[][] {
  if (depth > 4) return [];
  const { list, subs } = parse(command);
  const out: string[][] = [];
  const walk = (l: AndOr[]) => {
    for (const ao of l) for (const p of ao.pipelines) for (const c of p.commands) {
      if (c.kind === 'subshell') walk(c.list);
      else out.push(c.words.map((w) => w.value));
    }
  };
  walk(list);
  for (const s of subs) out.push(...simpleCommands(s, depth + 1));
  return out;
}

interface Noted {
  kind: 'no-verify' | 'history-rewritten';
  what: string;
  message: string;
  action: string;
}

function noted(a: GitAction): Noted | null {
  switch (a.kind) {
    case 'no-verify':
      return { kind: 'no-verify', what: a.what, message: `The session ran \`${a.what}\` after the goal was frozen: the repository's hooks did not check that commit or push.`, action: 'Run the hooks on it yourself (for example `git commit --amend --no-edit`, or the pre-commit command), or accept this finding.' };
    case 'force-push':
      return { kind: 'history-rewritten', what: a.what, message: `The session ran \`${a.what}\` after the goal was frozen: the remote's history was rewritten.`, action: "Compare the remote with its reflog or a colleague's copy, or accept this finding." };
    case 'reset-hard':
      return { kind: 'history-rewritten', what: a.what, message: `The session ran \`${a.what}\` after the goal was frozen: commits or uncommitted work were thrown away.`, action: 'Check `git reflog` for what was reset, or accept this finding.' };
    case 'discard': {
      if (a.sub !== 'checkout' && a.sub !== 'restore') return null;
      const tests = a.paths.filter(looksLikeTest);
      if (!tests.length) return null;
      const shown = tests.slice(0, 3).join(', ') + (tests.length > 3 ? `, … (${tests.length})` : '');
      return { kind: 'history-rewritten', what: `${a.what} ${tests.join(' ')}`, message: `The session ran \`${a.what}\` on tests after the goal was frozen (${shown}): those tests were put back to another version.`, action: 'Check with `git diff` that the tests still check what the plan needs, or accept this finding.' };
    }
  }
}

function after(r: BashRun, since: number | null): boolean {
  if (since === null) return true;
  const t = r.at.time ? Date.parse(r.at.time) : NaN;
  return Number.isFinite(t) && t >= since;
}

/** The findings of the main session's runs after `frozenAt` (null: every run, for a plan evaluated as given). */
export function sessionCommandFindings(transcripts: readonly TranscriptEvents[], frozenAt: string | null): Finding[] {
  const since = frozenAt === null ? null : Date.parse(frozenAt);
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const t of transcripts) {
    for (const r of t.runs) {
      if (r.source !== 'main' || r.sidechain || r.end?.kind !== 'passed' || !after(r, Number.isFinite(since) ? since : null)) continue;
      if (!mayRunGit(r.command)) continue;
      for (const words of simpleCommands(r.command)) {
        for (const a of gitCall(words)?.actions ?? []) {
          const n = noted(a);
          if (!n) continue;
          const id = findingId(n.kind, `${r.toolUseId}\0${n.what}`);
          if (seen.has(id)) continue;
          seen.add(id);
          out.push({ id, kind: n.kind, severity: 'warning', message: n.message, action: n.action, file: r.at.file, line: r.at.line, evidence: `${r.at.file}:${r.at.line}` });
        }
      }
    }
  }
  return out;
}

/**
 * A quick look before the command is read word by word: `git` in its text once line
 * continuations, quotes and backslashes are dropped, since `g''it push --force`, `g\\it reset
 * --hard` and `g\\<newline>it push -f` run git too. `$'...'` can spell any name in escapes
 * (`$'\\x67it'`), so a command with one is always read.
 */
function mayRunGit(command: string): boolean {
  if (command.includes("$'")) return true;
  return /\bgit\b/.test(command.replace(/\\\n/g, '').replace(/['"\\]/g, ''));
}

/** Whether a command is one these findings read: the scan keeps such runs (transcript/keep.ts). */
export function isSessionCommandOfNote(command: string): boolean {
  if (!mayRunGit(command)) return false;
  return simpleCommands(command).some((w) => (gitCall(w)?.actions ?? []).some((a) => noted(a) !== null));
}
