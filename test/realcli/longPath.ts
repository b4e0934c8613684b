// A workspace whose folder path gives Claude Code a slug longer than 200 characters: Claude Code
// cuts the slug to 200 and adds '-' and a hash of the path. The scenario makes one Bash call with
// logging hooks, so the hook payloads' transcript_path can be compared with the folder the meter
// derives. Used by longPath.test.ts; run directly to re-record the fixture:
//
//   node --import tsx test/realcli/longPath.ts
//
// The fixture keeps the path Claude Code was run in (a folder under /tmp/proofmeter-realcli, with
// its mkdtemp suffix): the folder name Claude Code wrote cannot be kept otherwise, since it holds a
// hash of that path. Only the prompt, the Bash call, its result and the answer are kept, so no
// system prompt or tool description is copied.
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loggingHooks, netnsUnavailableReason, repoRoot, runClaude, type PrintScenario, type RunResult } from './runClaude';

export const LONG_PATH_MARKER = 'proofmeter-long-path-5c1e';

// Folder names of a plausible deep checkout, with a non-ASCII letter (é) and an astral character
// (𝄞): the slug replaces each UTF-16 code unit, and the hash runs over code units too.
export const LONG_PARENT = join(
  '/tmp', 'proofmeter-realcli', 'long-path',
  'clients-and-partners-workspaces-for-the-année-2026-review',
  'a-monorepo-whose-folder-names-are-long-on-purpose-𝄞',
  'packages-and-services-with-very-descriptive-folder-names',
  'the-service-whose-transcripts-claude-code-files-under-a-hashed-name',
);

export function longPathScenario(): PrintScenario {
  return {
    name: 'long-path',
    mode: 'print',
    prompt: 'run the long path check',
    parentDir: LONG_PARENT,
    args: ['--dangerously-skip-permissions'],
    settings: loggingHooks(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']),
    script: {
      threads: [{
        name: 'main',
        match: 'run the long path check',
        turns: [
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: `echo ${LONG_PATH_MARKER}`, description: 'Print the marker' } }] },
          { text: 'Long path check finished.' },
        ],
      }],
    },
  };
}

const KEPT = new Set(['user', 'assistant']);

/** The session transcript with only its user and assistant records, under the folder Claude Code chose. */
export function exportLongPath(run: RunResult, out: string): string {
  const file = run.transcripts[0];
  if (!file) throw new Error('no session transcript');
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l && KEPT.has((JSON.parse(l) as { type?: string }).type ?? ''));
  const dest = join(out, 'transcripts', relative(run.projectsDir, file));
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, lines.join('\n') + '\n');
  const payloads = run.hooks().map((h) => {
    const p = h.payload as { transcript_path?: string; cwd?: string };
    return JSON.stringify({ label: h.label, transcript_path: p.transcript_path, cwd: p.cwd });
  });
  appendFileSync(join(out, 'hooks.jsonl'), payloads.join('\n') + '\n');
  return dest;
}

// Java's String.hashCode, written out here so that the recorder does not take the meter's word for it.
function javaHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = ((h << 5) - h + s.charCodeAt(i)) | 0;
  return h;
}

// Records until it has one run whose path hashes to a negative number and one to a positive
// number: the negative one shows how Claude Code writes the sign.
async function main(): Promise<void> {
  const reason = netnsUnavailableReason();
  if (reason) throw new Error(`cannot isolate the CLI from the network: ${reason}`);
  const out = join(repoRoot, 'test', 'fixtures', 'recorded', 'long-path');
  rmSync(out, { recursive: true, force: true });
  const signs = new Set<string>();
  for (let attempt = 0; attempt < 20 && signs.size < 2; attempt++) {
    const run = await runClaude(longPathScenario());
    try {
      const sign = javaHash(run.project) < 0 ? 'negative' : 'positive';
      if (signs.has(sign)) continue;
      signs.add(sign);
      const dest = exportLongPath(run, out);
      console.log(`long-path (${sign} hash): ${basename(dirname(dest))} for ${run.project}`);
    } finally {
      run.cleanup();
    }
  }
  if (signs.size < 2) throw new Error('no run of each sign in 20 attempts');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
