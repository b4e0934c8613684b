// Through the built CLI, as Claude Code runs it: a scan entry of the wrong shape used to print a
// raw JavaScript error (`n.runs is not iterable`) on every status line until someone deleted it.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cacheFile } from '../../../src/workspace/scanCache';
import { scanEntry } from '../../../src/workspace/scanEntry';
import { projectSlug } from '../../../src/workspace/transcriptFiles';
import { recordedTranscript } from '../helpers/fixtures';

const ROOT = resolve(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'proofmeter.js');

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

type Json = null | number | string | Json[] | { [k: string]: Json };

/** The entry with the value at `path` replaced; an empty path replaces the whole entry. */
function replaced(entry: Json, path: Array<string | number>, value: Json): Json {
  if (path.length === 0) return value;
  const [k, ...rest] = path;
  if (Array.isArray(entry)) return entry.map((x, i) => (i === k ? replaced(x, rest, value) : x));
  if (entry && typeof entry === 'object') return { ...entry, [k!]: replaced(entry[k!] ?? null, rest, value) };
  return entry;
}

const corruptions: Array<{ what: string; path: Array<string | number>; value: Json }> = [
  { what: 'runs that are not a list', path: ['state', 'events', 'runs'], value: 5 },
  { what: 'a run whose position is text', path: ['state', 'events', 'runs', 0, 'at'], value: 'x' },
  { what: 'no state at all', path: ['state'], value: null },
  { what: 'an offset that is text', path: ['state', 'offset'], value: '12' },
  { what: 'a list in place of the entry', path: [], value: [] },
];

describe('the status line with a damaged scan entry', () => {
  const root = mkdtempSync(join(tmpdir(), 'pm-sl-entry-'));
  const ws = join(root, 'proj');
  const home = join(root, 'home');
  const env = { ...process.env, HOME: home };
  const dir = join(home, '.claude', 'projects', projectSlug(ws));
  const transcript = join(dir, 'session.jsonl');
  // The entry's name is a digest (src/core/text/hash64): worked out inside each test, not at load.
  const entryFile = () => cacheFile(join(ws, '.claude', 'proofmeter', 'scan'), transcript);
  const payload = JSON.stringify({ cwd: ws, workspace: { current_dir: ws, project_dir: ws } });
  const statusline = () => execFileSync('node', [CLI, 'statusline'], { cwd: ws, env, input: payload, encoding: 'utf8' }).trim();
  let healthy = '';

  before(function () {
    this.timeout(60_000);
    // The bundle under test must be the code under test.
    if (!statSync(CLI, { throwIfNoEntry: false }) || statSync(CLI).mtimeMs < newest(join(ROOT, 'src'))) execFileSync('node', ['esbuild.mjs'], { cwd: ROOT });
    mkdirSync(ws, { recursive: true });
    mkdirSync(dir, { recursive: true });
    copyFileSync(recordedTranscript('demo'), transcript);
    const now = new Date();
    utimesSync(transcript, now, now);
    writeFileSync(join(ws, 'PLAN.md'), '# Demo\n\n## Steps\n\n- **S1.** Check. Proof: `sh check.sh`\n- **S2.** Smoke. Proof: `sh smoke.sh`\n');
    execFileSync('node', [CLI, 'adopt', 'PLAN.md'], { cwd: ws, env });
    healthy = statusline();
  });

  it('the healthy status line is a meter, not an error', () => {
    assert.doesNotMatch(healthy, /^proofmeter:/);
    assert.ok(statSync(entryFile()).size > 0, 'the status line saved its scan');
  });

  for (const c of corruptions) {
    it(`an entry with ${c.what} gives the same status line, and is rewritten`, () => {
      const entry = JSON.parse(readFileSync(entryFile(), 'utf8')) as Json;
      writeFileSync(entryFile(), JSON.stringify(replaced(entry, c.path, c.value)));
      assert.equal(statusline(), healthy);
      assert.ok(scanEntry.safeParse(JSON.parse(readFileSync(entryFile(), 'utf8'))).success, 'the entry on disk is valid again');
    });
  }
});
