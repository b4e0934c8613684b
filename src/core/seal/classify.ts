// The seal's diff: the sealed snapshot against the current one, as findings. Each dependency (or
// each part of one that the proof reads) that changed is read by its role: a command text for
// whether it can still fail, a test file for its inventory, a config for loosenings. What is left
// is `checker-changed` or `gate-config-changed`, a warning: the plan may well have asked for it.
// Ids are made from the kind, the file, the part and what the change is (the new text's digest,
// the marker's line, the counts), so the same fact keeps its id from one check to the next and an
// accepted finding stays accepted, while a further change is a new finding.
import { findingId, type Finding, type FindingKind } from '../findings/finding';
import type { DepRef, Part, Role } from './deps';
import type { FileFacts, SealSnapshot } from './snapshot';
import { partName, partText } from './parts';
import { clip, commandFacts, configFacts, testFacts, type Dialect, type Fact } from './checks';
import { diffExcerpt, diffSummary, firstChangedLine, lineDiff, splitLines, type LineChange } from './lineDiff';
import { interpreterOf } from './interpreter';
import { configHints } from './patterns';
import { langOf } from './blank';
import { codeLines, configNarrowing, narrowable } from './runnerConfig';
import { installedAsLocked, isRunnerNote } from './toolchain';

const ERRORS = new Set<FindingKind>(['checker-trivialized', 'test-skipped', 'test-focused', 'test-deleted', 'tests-removed', 'failure-swallowed', 'runner-replaced', 'runner-config-narrowed', 'test-helper-changed']);
const CONFIG_ROLES = new Set<Role>(['runner-config', 'package-config', 'lint-config', 'type-config', 'ci']);
const ROLE_NAME: Record<Role, string> = {
  entry: 'script',
  manifest: 'package manifest',
  makefile: 'Makefile',
  test: 'test file',
  'test-support': 'file a check loads',
  'test-helper': 'file a test loads',
  'runner-bin': 'runner executable',
  'package-config': 'package manager config',
  'runner-config': 'test runner config',
  'lint-config': 'lint config',
  'type-config': 'type-check config',
  ci: 'CI file',
};

interface Use {
  path: string;
  role: Role;
  parts: Set<Part> | null;
  proofs: string[];
}

type Side = { state: 'absent' } | { state: 'text'; text: string } | { state: 'opaque'; size: number };

/** A file's state in a snapshot; a file that was not a dependency there reads as absent: it was nothing to the proof. */
function side(f: FileFacts | undefined, deps: ReadonlySet<string>): Side {
  if (!f || !f.exists || !deps.has(f.path)) return { state: 'absent' };
  return f.content === null ? { state: 'opaque', size: f.size } : { state: 'text', text: f.content };
}

function collectUses(sealed: SealSnapshot, current: SealSnapshot): Use[] {
  const uses = new Map<string, Use>();
  const add = (d: DepRef, proof: string) => {
    const u = uses.get(d.path);
    if (!u) {
      uses.set(d.path, { path: d.path, role: d.role, parts: d.parts ? new Set(d.parts) : null, proofs: [proof] });
      return;
    }
    if (!u.proofs.includes(proof)) u.proofs.push(proof);
    if (u.parts && d.parts) for (const p of d.parts) u.parts.add(p);
    else u.parts = null;
  };
  // The sealed roles come first: what the file was to the proof when the person sealed it.
  for (const snap of [sealed, current]) {
    for (const p of snap.proofs) for (const d of [...p.deps, ...(p.toolchain ?? [])]) add(d, p.proof);
    for (const g of snap.gates) add(g, '');
  }
  return [...uses.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function depPaths(snap: SealSnapshot): Set<string> {
  return new Set([...snap.proofs.flatMap((p) => [...p.deps, ...(p.toolchain ?? [])].map((d) => d.path)), ...snap.gates.map((g) => g.path)]);
}

interface Unit {
  use: Use;
  part: Part | null;
  before: string | null;
  after: string | null;
  /** Where the part starts in the new file (1-based), when it is a part. */
  line: number | null;
  /** Where the part started in the sealed file. */
  lineBefore: number | null;
  /** What the new state is, for ids of plain changes: a digest or the part's text. */
  key: string;
}

export function classifySeal(sealed: SealSnapshot, current: SealSnapshot): Finding[] {
  const was = new Map(sealed.files.map((f) => [f.path, f]));
  const now = new Map(current.files.map((f) => [f.path, f]));
  const sealedDeps = depPaths(sealed);
  const anyDeps = new Set([...sealedDeps, ...depPaths(current)]);
  const out: Finding[] = [];
  const one = (use: Use): void => {
    const s = was.get(use.path);
    const c = now.get(use.path);
    if (s && c && s.exists === c.exists && (!s.exists || (s.sha256 !== null && s.sha256 === c.sha256))) return;
    if ((!s || !s.exists) && (!c || !c.exists)) return;
    if (use.role === 'runner-bin') {
      // A bin only the current reading names (a new command, a seal from before bins were kept) has nothing sealed to differ from.
      if (sealedDeps.has(use.path)) out.push(...binChanges(use, s, c, current.proofs.flatMap((p) => p.toolchain ?? [])));
      return;
    }
    // The package manager's config is kept, absent or not, wherever one runs: one the seal did not
    // keep is a seal from before it was kept, or a new command (a finding of its own).
    if (use.role === 'package-config' && !sealedDeps.has(use.path)) return;
    const before = side(s, sealedDeps);
    const after = side(c, anyDeps);
    if (before.state === 'absent' && after.state === 'absent') return;
    if (before.state === 'opaque' || after.state === 'opaque') {
      out.push(...opaque(use, before, after, c?.sha256 ?? 'deleted'));
      return;
    }
    const b = before.state === 'text' ? before.text : null;
    const a = after.state === 'text' ? after.text : null;
    if (use.parts === null) {
      out.push(...judge({ use, part: null, before: b, after: a, line: null, lineBefore: null, key: c?.sha256 ?? 'deleted' }));
      return;
    }
    for (const part of [...use.parts].sort()) {
      const pb = b === null ? { text: null, line: null } : partText(b, part);
      const pa = a === null ? { text: null, line: null } : partText(a, part);
      if (pb.text === pa.text) continue;
      out.push(...judge({ use, part, before: pb.text, after: pa.text, line: pa.line, lineBefore: pb.line, key: pa.text ?? 'removed' }));
    }
  };
  for (const use of collectUses(sealed, current)) {
    try {
      one(use);
    } catch (e) {
      // A dependency the classifier could not read is still a change it saw: said, never dropped.
      out.push(finding('checker-changed', use, null, null, 'changed, and could not be compared', 'unread', `not compared (${e instanceof Error ? e.name : 'error'})`));
    }
  }
  out.push(...selectionShrunk(sealed, current, now));
  out.push(...lockMismatches(sealed, current));
  collapsePackages(out);
  // Errors first; within each, findings on a file before those on a proof's selection, by file.
  return out.sort((x, y) => Number(y.severity === 'error') - Number(x.severity === 'error') || Number(x.file === null) - Number(y.file === null) || (x.file ?? '').localeCompare(y.file ?? ''));
}

function dialectOf(use: Use, part: Part | null, text: string): Dialect {
  if (part?.startsWith('json:scripts.')) return 'sh';
  if (part?.startsWith('target:')) return 'make';
  if (use.role === 'entry' || use.role === 'test-support') return interpreterOf(use.path, text) ?? 'other';
  return 'other';
}

/** Skip and focus markers added to a file that is not itself a test (a setup file, a conftest.py). */
function markerFacts(path: string, before: string | null, after: string): Fact[] {
  if (langOf(path) === null) return [];
  return testFacts(path, before ?? '', after).facts.filter((f) => f.kind === 'test-skipped' || f.kind === 'test-focused');
}

function judge(u: Unit): Finding[] {
  const { use, part, before, after } = u;
  const isCommand = part === null ? use.role === 'entry' : part.startsWith('json:scripts.') || part.startsWith('target:');
  let facts: Fact[];
  let plain: FindingKind = CONFIG_ROLES.has(use.role) || (part !== null && !isCommand && part !== 'vars') ? 'gate-config-changed' : 'checker-changed';
  let extra: string | null = null;
  if (use.role === 'test' && part === null) {
    const t = testFacts(use.path, before, after);
    facts = t.facts;
    extra = t.counts;
  } else if (after === null) {
    // A script or config deleted: nothing left to read, the plain finding below says so.
    facts = [];
  } else if (isCommand) {
    facts = commandFacts(before, after, dialectOf(use, part, after));
  } else {
    facts = [...configFacts(before, after), ...markerFacts(use.path, before, after)];
  }
  if (use.role === 'test' && part === null && before === null && !facts.length) return [];
  // A helper a sealed test loaded that now does something else: the test's verdict rests on it. One
  // that is new (loaded by a changed or new test) has nothing sealed to differ from.
  if (use.role === 'test-helper' && part === null) {
    if (before === null && !facts.length) return [];
    if (before !== null && after !== null && !facts.length && codeLines(before).join('\n') !== codeLines(after).join('\n')) {
      facts = [{ kind: 'test-helper-changed', what: 'changed: a sealed test loads it, so what the test checks may have changed', line: null, key: u.key }];
    }
  }
  // A part's lines are counted from where it starts in its file.
  const diff = lineDiff(before ?? '', after ?? '').map((d) => ({ ...d, line: d.line + ((d.kind === 'add' ? u.line : u.lineBefore) ?? 1) - 1 }));
  const evidence = evidenceOf(diff, part, before, after, extra);
  const configLike = use.role === 'runner-config' || use.role === 'package-config' || (use.role === 'manifest' && part !== null && !isCommand);
  if (configLike && narrowable(use.path, part) && !facts.some((f) => ERRORS.has(f.kind))) {
    const n = configNarrowing(use.path, part, before, after);
    if (n) {
      const hints = configHints(
        diff.filter((d) => d.kind === 'add').map((d) => d.text),
        diff.filter((d) => d.kind === 'del').map((d) => d.text),
      );
      const list = n.keys.map((k, i) => `${k} ${n.how[i]}`).join(', ');
      const what = `${before === null ? 'was added' : after === null ? 'was deleted' : 'changed'}${hints.length ? ': ' + hints.join(', ') : ''}; settings that decide what runs: ${clip(list, 120)}`;
      facts.push({ kind: 'runner-config-narrowed', what, line: null, key: `${n.keys.join(',')}\0${u.key}` });
    }
  }
  const lineOf = (f: Fact) => (f.kind === 'test-deleted' || after === null ? null : f.line === null ? u.line ?? firstChangedLine(diff) : f.line + (u.line ?? 1) - 1);
  if (facts.length) return facts.map((f) => finding(f.kind, use, part, lineOf(f), f.what, f.key, evidence));
  if (plain === 'gate-config-changed' && after !== null) {
    const hints = configHints(
      diff.filter((d) => d.kind === 'add').map((d) => d.text),
      diff.filter((d) => d.kind === 'del').map((d) => d.text),
    );
    const what = `${roleTag(use, part)}${before === null ? 'was added' : 'changed'}${hints.length ? ': ' + hints.join(', ') : ''}`;
    return [finding(plain, use, part, u.line ?? firstChangedLine(diff), what, u.key, evidence)];
  }
  if (after === null) plain = use.role === 'test' ? 'test-deleted' : plain;
  const what = after === null ? (part === null ? 'was deleted' : 'was removed') : `${roleTag(use, part)}${before === null ? 'is new' : 'changed'}`;
  return [finding(plain, use, part, after === null ? null : u.line ?? firstChangedLine(diff), what, u.key, evidence)];
}

/** `(lint config) ` for a whole file; a part is named by itself. */
function roleTag(use: Use, part: Part | null): string {
  return part === null ? `(${ROLE_NAME[use.role]}) ` : '';
}

function opaque(use: Use, before: Side, after: Side, key: string): Finding[] {
  const size = (x: Side) => (x.state === 'absent' ? 'absent' : x.state === 'opaque' ? `${x.size} bytes` : `${new TextEncoder().encode(x.text).length} bytes`);
  const evidence = `${size(before)} → ${size(after)} (too large or not text, compared by digest)`;
  if (use.role === 'test' && after.state === 'absent') return [finding('test-deleted', use, null, null, 'was deleted', 'deleted', evidence)];
  const kind: FindingKind = CONFIG_ROLES.has(use.role) ? 'gate-config-changed' : 'checker-changed';
  return [finding(kind, use, null, null, after.state === 'absent' ? 'was deleted' : `(${ROLE_NAME[use.role]}) changed`, key, evidence)];
}

function evidenceOf(diff: readonly LineChange[], part: Part | null, before: string | null, after: string | null, extra: string | null): string {
  let head = diffSummary(diff);
  const single = (t: string | null) => t === null || splitLines(t).length <= 1;
  // A one-line part (a package script) says it all in `before → after`; the excerpt would repeat it.
  if (part !== null && single(before) && single(after)) return `${head}; ${partName(part)}: ${quote(before)} → ${quote(after)}${extra ? `; ${extra}` : ''}`;
  if (extra) head += `; ${extra}`;
  return [head, ...diffExcerpt(diff)].join('\n');
}

const quote = (t: string | null) => (t === null ? '(none)' : `'${clip(t, 100)}'`);

function finding(kind: FindingKind, use: Use, part: Part | null, line: number | null, what: string, key: string, evidence: string): Finding {
  const id = findingId(kind, [use.path, part ?? '', key].join('\0'));
  const where = part === null ? use.path : `${use.path} ${partName(part)}`;
  const proofs = use.proofs.filter(Boolean);
  const by = proofs.length ? ` (proof \`${clip(proofs[0]!, 60)}\`${proofs.length > 1 ? ` and ${proofs.length - 1} more` : ''})` : use.role === 'ci' ? ' (CI)' : '';
  const error = ERRORS.has(kind);
  const action = kind === 'runner-replaced'
    ? `reinstall the project's packages (npm ci) so ${where} is as sealed, or ask the person to accept ${id}`
    : error
    ? `restore ${where} to its sealed content (git diff -- ${use.path}), or ask the person to accept ${id}`
    : `check that the plan asked for this change (git diff -- ${use.path}); the person can accept ${id}`;
  return { id, kind, severity: error ? 'error' : 'warning', message: `${where} ${what}${by}`, action, file: use.path, line, evidence };
}

/** A runner's executable (a bin, the package file it links to, the package's version) that is not as sealed. */
function binChanges(use: Use, s: FileFacts | undefined, c: FileFacts | undefined, toolchainNow: readonly DepRef[]): Finding[] {
  const was = s?.exists ? s : null;
  const now = c?.exists ? c : null;
  if (was === null && now !== null && installedAsLocked(use.path, toolchainNow)) return [];
  const digest = (f: FileFacts | null) => (f === null ? 'absent' : `${f.size} bytes, SHA-256 ${(f.sha256 ?? '').slice(0, 12)}`);
  const evidence = `${digest(was)} → ${digest(now)}`;
  if (use.parts !== null && was?.content != null && now?.content != null) {
    // The package's manifest, by the parts kept (its version): npm rewriting other fields is no change to the runner.
    for (const part of [...use.parts].sort()) {
      const a = partText(was.content, part).text;
      const b = partText(now.content, part).text;
      if (a !== b) return [finding('runner-replaced', use, part, null, `is ${quote(b)}, sealed ${quote(a)}: the runner's package is another one`, b ?? 'removed', evidence)];
    }
    return [];
  }
  if (was !== null && now !== null && was.sha256 === now.sha256) return [];
  const what = was === null ? 'appeared on the package manager\'s PATH after the seal: a command of the proof runs it now' : now === null ? 'is gone: the command runs something else now' : 'was replaced or edited: the proof runs another program under the sealed name';
  return [finding('runner-replaced', use, null, null, what, now?.sha256 ?? 'deleted', evidence)];
}

/**
 * One runner-replaced finding per package: an upgrade or an edit that touches many files of a
 * runner's package is one fact, said once with the count (its first file's finding stands for it).
 */
function collapsePackages(out: Finding[]): void {
  const first = new Map<string, { f: Finding; n: number }>();
  for (let k = 0; k < out.length; k++) {
    const f = out[k]!;
    const pkg = f.kind === 'runner-replaced' ? /^(.*?node_modules\/(?:@[^/]+\/)?[^/.][^/]*)\//.exec(f.file ?? '')?.[1] : undefined;
    if (pkg === undefined) continue;
    const had = first.get(pkg);
    if (!had) first.set(pkg, { f, n: 1 });
    else {
      had.n++;
      out.splice(k--, 1);
    }
  }
  for (const [pkg, { f, n }] of first) if (n > 1) f.message += `, and ${n - 1} more file${n > 2 ? 's' : ''} of ${pkg}`;
}

/** A runner whose installed version no longer matches its lockfile (toolchain.ts notes it), where it did when sealed. */
function lockMismatches(sealed: SealSnapshot, current: SealSnapshot): Finding[] {
  const out: Finding[] = [];
  for (const p of current.proofs) {
    const was = new Set(sealed.proofs.find((q) => q.proof === p.proof)?.unresolved ?? []);
    for (const note of p.unresolved.filter((n) => isRunnerNote(n) && !was.has(n))) {
      const file = `${/^runner (\S+):/.exec(note)![1]}/package.json`;
      const id = findingId('runner-replaced', `${file}\0lock\0${note}`);
      if (out.some((f) => f.id === id)) continue;
      out.push({ id, kind: 'runner-replaced', severity: 'error', message: `${note.replace(/^runner /, '')} (proof \`${clip(p.proof, 60)}\`)`, action: `reinstall from the lockfile (npm ci), or ask the person to accept ${id}`, file, line: null, evidence: null });
    }
  }
  return out;
}

/** Test files a proof ran when sealed that are still there but the proof no longer selects. */
function selectionShrunk(sealed: SealSnapshot, current: SealSnapshot, now: Map<string, FileFacts>): Finding[] {
  const out: Finding[] = [];
  for (const p of sealed.proofs) {
    const cur = current.proofs.find((q) => q.proof === p.proof);
    if (!cur) continue;
    const selected = new Set(cur.deps.filter((d) => d.role === 'test').map((d) => d.path));
    const dropped = p.deps.filter((d) => d.role === 'test' && !selected.has(d.path) && now.get(d.path)?.exists).map((d) => d.path);
    if (!dropped.length) continue;
    const list = dropped.slice(0, 3).join(', ') + (dropped.length > 3 ? ` and ${dropped.length - 3} more` : '');
    const id = findingId('tests-removed', `${p.proof}\0selection\0${dropped.join('\0')}`);
    out.push({
      id,
      kind: 'tests-removed',
      severity: 'error',
      message: `proof \`${clip(p.proof, 60)}\` no longer runs ${dropped.length} test file${dropped.length === 1 ? '' : 's'} it ran when sealed: ${list}`,
      action: `restore the script or config that selects them (git diff), or ask the person to accept ${id}`,
      file: null,
      line: null,
      evidence: `test files: ${p.deps.filter((d) => d.role === 'test').length} when sealed, ${selected.size} now`,
    });
  }
  return out;
}
