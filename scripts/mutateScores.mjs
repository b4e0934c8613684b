#!/usr/bin/env node
// `node scripts/mutateScores.mjs` (also printed after each `npm run mutate`): the mutation score
// of each folder of src/core and of src/hooks as a Markdown table, from StrykerJS's incremental
// file (every file any run has mutated) or the report given as the argument. The score as StrykerJS
// counts it: killed and timed out over every mutant that compiled and was not ignored.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const STATUSES = ['Killed', 'Timeout', 'Survived', 'NoCoverage'];

/** src/hooks for a hook file, src/core/<folder> for a core one. */
export function folderOf(file) {
  const parts = file.split('/');
  return parts[1] === 'core' && parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
}

/** Counts per folder, and for src/core as a whole, sorted by name. */
export function scores(report) {
  const rows = new Map();
  const add = (name, status) => {
    const row = rows.get(name) ?? Object.fromEntries(STATUSES.map((s) => [s, 0]));
    if (status in row) row[status] += 1;
    rows.set(name, row);
  };
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      const folder = folderOf(file);
      add(folder, m.status);
      if (folder.startsWith('src/core/')) add('src/core (the files run)', m.status);
    }
  }
  return [...rows].sort(([a], [b]) => a.localeCompare(b));
}

export function table(rows) {
  const lines = ['| Folder | Mutants | Killed | Timeout | Survived | No coverage | Score |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const [name, r] of rows) {
    const total = STATUSES.reduce((n, s) => n + r[s], 0);
    const score = total ? ((100 * (r.Killed + r.Timeout)) / total).toFixed(1) + '%' : '–';
    lines.push(`| \`${name}\` | ${total} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${score} |`);
  }
  return lines.join('\n');
}

/**
 * A mutant's id for the work list: StrykerJS numbers the mutants of a run, and a file left out of
 * a scoped run keeps its results under a key of place, mutator and replacement, on two lines.
 */
const idOf = (m) => String(m.id).replace(/\s+/g, ' ');

/**
 * One line per mutant that no test killed (survived or not reached) in files under `prefix`:
 * `file:line:column status mutator: original → replacement`, the work list for new tests or for
 * test/mutation-equivalents.md.
 */
export function survivors(report, prefix = '') {
  const lines = [];
  for (const [file, { mutants, source }] of Object.entries(report.files)) {
    if (!file.startsWith(prefix)) continue;
    const rows = source.split('\n');
    const textAt = ({ start, end }) => {
      if (start.line === end.line) return rows[start.line - 1].slice(start.column - 1, end.column - 1);
      return `${rows[start.line - 1].slice(start.column - 1)} …`;
    };
    for (const m of mutants) {
      if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
      const original = textAt(m.location).replace(/\s+/g, ' ').slice(0, 120);
      const replacement = String(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 120);
      lines.push({ file, line: m.location.start.line, text: `${file}:${m.location.start.line}:${m.location.start.column} #${idOf(m)} ${m.status} ${m.mutatorName}: ${original} → ${replacement}` });
    }
  }
  return lines.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line).map((l) => l.text);
}

/**
 * The places test/mutation-equivalents.md names, as `file:line`: each entry's `` `src/…:line` ``,
 * and a `` `:line` `` after it in the same entry is on the file named last.
 */
export function listedPlaces(text) {
  const places = new Set();
  for (const entry of text.split(/\n(?=- )/)) {
    let file = null;
    for (const m of entry.matchAll(/`(src\/[^`:]+)?:(\d+)`/g)) {
      if (m[1]) file = m[1];
      if (file) places.add(`${file}:${m[2]}`);
    }
  }
  return places;
}

/** The survivors whose line the equivalents file does not name: the missing tests (or missing entries). */
export function unlisted(report, equivalentsText, prefix = '') {
  const places = listedPlaces(equivalentsText);
  return survivors(report, prefix).filter((line) => !places.has(line.split(':', 2).join(':')));
}

/**
 * The places the equivalents file names whose mutants all have results and none survives: entries
 * a new test or a changed line made stale, to remove or move.
 */
export function stale(report, equivalentsText, prefix = '', complete = null) {
  const surviving = new Set(survivors(report, prefix).map((line) => line.split(':', 2).join(':')));
  // A line with no result yet, or in a file part-way through a run (where its surviving mutant may
  // not have run yet), is not known to be stale: `complete` is the files with every result.
  const scored = new Set(Object.entries(report.files).flatMap(([file, { mutants }]) => mutants.map((m) => `${file}:${m.location.start.line}`)));
  const done = (place) => complete === null || complete.has(place.slice(0, place.lastIndexOf(':')));
  return [...listedPlaces(equivalentsText)].filter((place) => place.startsWith(prefix) && scored.has(place) && !surviving.has(place) && done(place)).sort();
}

/**
 * How far the runs have got, per folder: the mutants StrykerJS makes of its files (`totals`, by
 * file), how many of them have a result, and how many files have one for every mutant.
 */
export function progress(report, totals) {
  const rows = new Map();
  for (const [file, total] of Object.entries(totals)) {
    const folder = folderOf(file);
    const row = rows.get(folder) ?? { mutants: 0, results: 0, files: 0, complete: 0 };
    const results = report.files[file]?.mutants.length ?? 0;
    row.mutants += total;
    row.results += results;
    row.files += 1;
    if (results === total) row.complete += 1;
    rows.set(folder, row);
  }
  return [...rows].sort(([a], [b]) => a.localeCompare(b));
}

export function progressTable(rows) {
  const lines = ['| Folder | Mutants | With a result | Files with every result |', '|---|---:|---:|---:|'];
  for (const [name, r] of rows) lines.push(`| \`${name}\` | ${r.mutants} | ${r.results} | ${r.complete} of ${r.files} |`);
  return lines.join('\n');
}

/** The mutants StrykerJS's instrumenter makes of each file that `npm run mutate` mutates. */
async function mutantTotals() {
  const { Instrumenter } = await import('@stryker-mutator/instrumenter');
  const quiet = { isDebugEnabled: () => false, isTraceEnabled: () => false, debug() {}, trace() {}, info() {}, warn() {}, error() {} };
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  const files = [...walk('src/core'), ...walk('src/hooks')].map((name) => ({ name, mutate: true, content: readFileSync(name, 'utf8') }));
  const { mutants } = await new Instrumenter(quiet).instrument(files, { plugins: null, excludedMutations: [], ignorers: [], noHeader: true });
  const totals = Object.fromEntries(files.map((f) => [f.name, 0]));
  for (const m of mutants) totals[m.fileName] += 1;
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // node scripts/mutateScores.mjs [report]: the table; --survivors [prefix] [report]: the work
  // list; --unlisted [prefix] [report]: the survivors on lines test/mutation-equivalents.md does not
  // name; --stale [prefix] [report]: the lines it names on which nothing survives; --progress
  // [report]: how many of each folder's mutants have a result.
  const args = process.argv.slice(2);
  const mode = ['--survivors', '--unlisted', '--stale', '--progress'].includes(args[0]) ? args[0] : null;
  const prefix = mode && mode !== '--progress' ? (args[1] ?? '') : '';
  const file = (mode === '--progress' ? args[1] : mode ? args[2] : args[0]) ?? '.cache/stryker/incremental.json';
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const out =
    mode === '--survivors' ? survivors(report, prefix).join('\n')
    : mode === '--unlisted' ? unlisted(report, readFileSync('test/mutation-equivalents.md', 'utf8'), prefix).join('\n')
    : mode === '--stale' ? null
    : mode === '--progress' ? null
    : table(scores(report));
  // No top-level await: the unit tests load this file through a CommonJS transform.
  const fromTotals = (totals) => {
    if (mode === '--progress') return progressTable(progress(report, totals));
    const complete = new Set(Object.keys(totals).filter((f) => report.files[f]?.mutants.length === totals[f]));
    return stale(report, readFileSync('test/mutation-equivalents.md', 'utf8'), prefix, complete).join('\n');
  };
  void (out === null ? mutantTotals().then(fromTotals) : Promise.resolve(out)).then((text) => process.stdout.write(text + '\n'));
}
