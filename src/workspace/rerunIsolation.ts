// Each re-run sees the work tree through a copy-on-write view of its own, so what one proof writes
// (a checker rewritten to `exit 0` by the code it tests, a build's output) reaches neither the next
// proof nor the tree the verdict reads. The view is the kernel's overlayfs: the workspace is the
// lower layer, a fresh folder the upper, mounted over the workspace's own path in a mount namespace
// of the proof's own (`unshare --mount`, util-linux), around the sandbox's bwrap command. bwrap's
// own `--overlay` needs bubblewrap 0.9; Debian 12 ships 0.8.0 (measured, SANDBOX-MEASURED.md), so
// the mount is made by unshare and mount, which every Linux the sandbox runs on has.
//
// After the proof, while the view is still mounted, the same shell digests the files the other
// proofs depend on as the proof left them; the upper folder then lists everything it wrote. Then
// the folder goes, and with it the writes. Where the view cannot be made (not Linux, no unshare,
// user namespaces refused), the verifier falls back to comparing the tree's content key around
// each proof (verifier.ts).
import { createHash } from './lazyCrypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

const UNSHARE = ['/usr/bin/unshare', '/bin/unshare'];
const MOUNT = ['/usr/bin/mount', '/bin/mount'];
const SH = ['/bin/sh', '/usr/bin/sh'];

/** What the shell leaves for a path it was asked about: a file's SHA-256, `-` when absent, `other` for anything else. */
export type PathState = string;

export const ABSENT = '-';
export const NOT_A_FILE = 'other';

/** A path's state in the real tree, as the outer shell reports one in the view. */
export function pathState(abs: string): PathState {
  try {
    const st = statSync(abs);
    if (!st.isFile()) return NOT_A_FILE;
    return createHash('sha256').update(readFileSync(abs)).digest('hex');
  } catch {
    return ABSENT;
  }
}

// Run as `sh -c SCRIPT pm-overlay WS UPPER WORK CWD LIST OUT -- argv...`. The cd after the mount
// matters: a process's folder stays on the layer below a mount made over it.
const SCRIPT = [
  'ws=$1 up=$2 wk=$3 cwd=$4 list=$5 out=$6; shift 7',
  'mount -t overlay overlay -o "lowerdir=$ws,upperdir=$up,workdir=$wk" "$ws" || exit 125',
  'cd "$cwd" || exit 125',
  'echo mounted > "$out"',
  '"$@"; rc=$?',
  'cd "$ws" && while IFS= read -r p; do',
  '  if [ -f "$p" ]; then set -- $(sha256sum < "$p"); echo "$1"; elif [ -e "$p" ] || [ -L "$p" ]; then echo other; else echo -; fi',
  'done < "$list" >> "$out"',
  'exit $rc',
].join('\n');

export interface OverlayTools {
  unshare: string;
  mount: string;
  sh: string;
}

function firstThere(paths: readonly string[]): string | null {
  return paths.find((p) => existsSync(p)) ?? null;
}

/** The fixed tools the view needs, or why there is none. Never from PATH: a proof's PATH could name a fake. */
export function overlayTools(platform: NodeJS.Platform = process.platform): OverlayTools | string {
  if (platform !== 'linux') return `not Linux (${platform})`;
  const unshare = firstThere(UNSHARE);
  const mount = firstThere(MOUNT);
  const sh = firstThere(SH);
  if (!unshare || !mount || !sh) return `${!unshare ? 'unshare' : !mount ? 'mount' : 'sh'} missing`;
  return { unshare, mount, sh };
}

/** overlayfs reads `,` and `:` in its options as separators; such a workspace path gets no view. */
export function overlayPathProblem(ws: string): string | null {
  return /[,:\\\n]/.test(ws) ? 'the workspace path holds a comma, colon or backslash, which overlayfs options cannot carry' : null;
}

export interface WrittenEntry {
  /** Relative to the workspace, `/`-separated. */
  path: string;
  /** 'deleted' for an overlay whiteout. */
  kind: 'file' | 'dir' | 'link' | 'deleted' | 'other';
}

export interface ViewResult {
  /** The view was mounted and the proof ran in it. */
  mounted: boolean;
  /** What the proof wrote, deleted or made, from the upper layer. */
  written: WrittenEntry[];
  /** Each watched path's state as the proof left it in its view (same order as asked); null when the shell did not get that far (a timeout). */
  after: PathState[] | null;
}

export interface OverlayRun {
  /** The command to start instead of `bash -c WRAPPED`. */
  argv: string[];
  /** Reads what the proof left; then the view's folder is gone. */
  finish(): ViewResult;
}

const asPosix = (p: string) => p.split(sep).join('/');

/** The upper layer's entries: files, links, whiteouts (a 0/0 character device), and folders made empty. */
export function listUpper(upper: string): WrittenEntry[] {
  const out: WrittenEntry[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const abs = join(dir, name);
      const rel = asPosix(relative(upper, abs));
      let st;
      try {
        st = lstatSync(abs);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        const before = out.length;
        walk(abs);
        // A folder copied up only to hold what was written in it is not itself a write.
        if (out.length === before && readdirSync(abs).length === 0) out.push({ path: rel, kind: 'dir' });
      } else if (st.isCharacterDevice() && st.rdev === 0) out.push({ path: rel, kind: 'deleted' });
      else out.push({ path: rel, kind: st.isFile() ? 'file' : st.isSymbolicLink() ? 'link' : 'other' });
    }
  };
  walk(upper);
  return out;
}

/**
 * An empty file or folder bwrap made in the view as the mount point of a path the sandbox binds
 * (`--ro-bind /dev/null WS/.mcp.json` for a denied path that was not there): the sandbox's, not
 * the proof's write.
 */
function mountPoint(upper: string, ws: string, inner: string, e: WrittenEntry): boolean {
  if (e.kind !== 'file' && e.kind !== 'dir') return false;
  const abs = join(ws, e.path);
  try {
    const st = lstatSync(join(upper, e.path));
    if (e.kind === 'file' && st.size !== 0) return false;
  } catch {
    return false;
  }
  return !existsSync(abs) && inner.includes(abs);
}

/**
 * Prepares one proof's view. `inner` is the sandbox's bwrap command (a shell string); `watch` the
 * workspace-relative paths whose state after the proof is wanted. Running as a user other than
 * root, the mount needs a user namespace of its own, where that user is root; bwrap is then told to
 * map the proof back to the user's own ids (`uid`), so the proof still runs as who it was.
 */
export function overlayRun(o: { tools: OverlayTools; workspace: string; cwd: string; bash: string; inner: string; watch: readonly string[]; uid: number; pid: boolean }): OverlayRun {
  const dir = mkdtempSync(join(tmpdir(), 'pm-view-'));
  const upper = join(dir, 'upper');
  const work = join(dir, 'work');
  const list = join(dir, 'watch');
  const outFile = join(dir, 'out');
  for (const d of [upper, work]) mkdirSync(d);
  writeFileSync(list, o.watch.map((p) => p + '\n').join(''));
  const asRoot = o.uid === 0;
  const argv = [
    o.tools.unshare,
    ...(asRoot ? [] : ['--user', '--map-root-user']),
    '--mount',
    '--propagation',
    'private',
    ...(o.pid ? ['--pid', '--fork', '--mount-proc'] : []),
    '--',
    o.tools.sh,
    '-c',
    SCRIPT,
    'pm-overlay',
    o.workspace,
    upper,
    work,
    o.cwd,
    list,
    outFile,
    '--',
    o.bash,
    '-c',
    o.inner,
  ];
  return {
    argv,
    finish(): ViewResult {
      let text = '';
      try {
        text = readFileSync(outFile, 'utf8');
      } catch {
        // never mounted
      }
      const lines = text.split('\n').filter((l) => l !== '');
      const mounted = lines[0] === 'mounted';
      const states = lines.slice(1);
      const written = mounted ? listUpper(upper).filter((e) => !mountPoint(upper, o.workspace, o.inner, e)) : [];
      const result: ViewResult = { mounted, written, after: mounted && states.length === o.watch.length ? states : null };
      try {
        // overlayfs leaves its work folder without permissions; rm needs them back when not root.
        chmodSync(join(work, 'work'), 0o700);
      } catch {
        // not made
      }
      rmSync(dir, { recursive: true, force: true });
      return result;
    },
  };
}
