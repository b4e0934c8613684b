// Each proof's dependencies: the files whose content decides whether the proof can pass. The
// proof is read with the shared shell reader (src/core/shell) into simple commands; each command
// is handed to the reader of the tool it calls (tools/), which adds the files that tool loads and
// hands back the commands it runs in turn (npm scripts, make recipes, a shell script's lines).
import { parse, simpleCommands, type SimpleCommand } from '../shell/parse';
import { SHELLS, stripPrefix, verbName } from '../shell/verbs';
import { joinPath } from './paths';
import { DepSet, type DepRef, type ProofDeps } from './deps';
import type { Ctx } from './context';
import type { WorkspaceView } from './view';
import { TOOLS, toolName } from './tools/index';
import { toolInNodeModules } from './tools/js';
import { sweepLiterals } from './sweep';
import { ciFiles } from './ci';
import { interpreterOf } from './interpreter';
import { addBinFile, addBins, addPackageManagerConfig, addVenvBins } from './toolchain';
import { followModules } from './moduleGraph';

/** How deep commands may hand back commands (a script calling a script calling make…). */
const MAX_DEPTH = 8;

/** Verbs that load no checker of their own: the resolver passes them by without a note. */
const PLAIN = new Set(['echo', 'printf', 'cat', 'grep', 'egrep', 'fgrep', 'rg', 'test', '[', '[[', ']]', 'true', 'false', ':', 'exit', 'return', 'set', 'export', 'unset', 'cd', 'pushd', 'popd', 'ls', 'diff', 'cmp', 'wc', 'head', 'tail', 'sort', 'uniq', 'cut', 'tr', 'sed', 'awk', 'mkdir', 'rm', 'cp', 'mv', 'touch', 'sleep', 'git', 'jq', 'curl', 'wget', 'find', 'tee', 'date', 'pwd', 'which', 'type', 'read', 'shift', 'wait', 'trap', 'local', 'declare', 'readonly', 'fi', 'done', 'esac', 'else', 'then', 'do', 'for', 'case', 'in', 'chmod', 'ln', 'basename', 'dirname', 'realpath', 'readlink', 'stat', 'du', 'df', 'tar', 'gzip', 'unzip', 'xxd', 'od', 'sha256sum', 'md5sum', 'shasum']);
const SHELL_VALUE = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);
/** Package managers: what they run has their bins first on PATH, and they read their project config. */
const PACKAGE_MANAGERS = new Set(['npm', 'yarn', 'pnpm', 'npx', 'bunx', 'pnpx']);

export function resolveProof(proof: string, view: WorkspaceView): ProofDeps {
  const out = new DepSet();
  const seen = new Set<string>();
  let depth = 0;
  let sweeping = false;
  /** Above 0 while reading what a package manager runs: its PATH has the bins first (toolchain.ts). */
  let onBinPath = 0;

  const ctx: Ctx = {
    view,
    out,
    run(text, cwd, via) {
      const key = `${cwd}\0${text}`;
      if (seen.has(key) || depth >= MAX_DEPTH) return;
      seen.add(key);
      depth++;
      try {
        readCommands(text, cwd, via);
      } finally {
        depth--;
      }
    },
    script(path, interpreter, _args, cwd, via) {
      out.add(path, 'entry', via);
      const text = view.read(path);
      if (text === null) {
        out.note(`${via}: ${path} does not exist`);
        return;
      }
      const lang = interpreter === 'sh' || interpreter === null ? interpreterOf(path, text) ?? interpreter : interpreter;
      if (lang === 'sh') ctx.run(text, cwd, path);
      else if ((lang === 'node' || lang === 'python') && !sweeping && depth < MAX_DEPTH) {
        sweeping = true;
        depth++;
        try {
          sweepLiterals(ctx, text, cwd, path);
        } finally {
          sweeping = false;
          depth--;
        }
      }
    },
  };

  function readCommands(text: string, cwd: string, via: string): void {
    const script = parse(text);
    let dir = cwd;
    for (const c of simpleCommands(script.list)) dir = readCommand(c, dir, via);
    for (const sub of script.subs) ctx.run(sub, cwd, via);
  }

  /** Reads one command; returns the folder the next command runs in (`cd x` moves it). */
  function readCommand(c: SimpleCommand, cwd: string, via: string): string {
    const words = stripPrefix(c.words.map((w) => w.value));
    const head = words[0];
    if (head === undefined) return cwd;
    const verb = verbName(head);
    const args = words.slice(1);
    if (verb === 'cd') {
      const to = args[0];
      return to === undefined || to === '-' ? cwd : joinPath(cwd, to) ?? cwd;
    }
    if (SHELLS.has(verb)) {
      shell(args, c, cwd, via);
      return cwd;
    }
    if (verb === 'source' || verb === '.') {
      const p = args[0] === undefined ? null : joinPath(cwd, args[0]);
      if (p !== null) ctx.script(p, 'sh', args.slice(1), cwd, via);
      return cwd;
    }
    const inModules = toolInNodeModules(head);
    const name = toolName(inModules ?? verb);
    const tool = TOOLS[name];
    if (inModules !== null) {
      const p = joinPath(cwd, head);
      if (p !== null) addBinFile(ctx, p, via, true);
    } else if (onBinPath > 0 && !head.includes('/')) addBins(ctx, verb, cwd, via, true);
    if (!head.includes('/')) addVenvBins(ctx, verb, via);
    if (tool && (inModules !== null || !head.includes('/'))) {
      const manager = PACKAGE_MANAGERS.has(name);
      if (manager) {
        addPackageManagerConfig(ctx, managerDir(args, cwd), via);
        onBinPath++;
      }
      try {
        tool(ctx, args, cwd, via);
      } finally {
        if (manager) onBinPath--;
      }
    } else if (verb === 'next' && args[0] === 'lint') {
      TOOLS.eslint!(ctx, args.slice(1), cwd, via);
    } else if (head.includes('/')) {
      const p = joinPath(cwd, head);
      if (p !== null) ctx.script(p, null, args, cwd, via);
    } else if (!PLAIN.has(verb) && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(head)) {
      out.note(`${via}: \`${verb}\` is not a tool the seal reads; its own files are not followed`);
    }
    return cwd;
  }

  /** sh [-eux] [-o opt] [-c TEXT | FILE args | <<here-document]. */
  function shell(args: string[], c: SimpleCommand, cwd: string, via: string): void {
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      if (a === '-c') {
        if (args[k + 1] !== undefined) ctx.run(args[k + 1]!, cwd, via);
        return;
      }
      if (SHELL_VALUE.has(a)) k++;
      else if (!a.startsWith('-') && !a.startsWith('+')) {
        const p = joinPath(cwd, a);
        if (p !== null) ctx.script(p, 'sh', args.slice(k + 1), cwd, via);
        return;
      }
    }
    const here = c.redirects.find((r) => r.body !== null);
    if (here?.body) ctx.run(withoutDelimiter(here.body, here.target?.value ?? ''), cwd, via);
  }

  try {
    ctx.run(proof, '.', 'the proof');
    // What the sealed tests and the runner's setup files load, within the project.
    followModules(
      ctx,
      out
        .list()
        .filter((d) => d.role === 'test' || d.role === 'test-helper' || /(^|\/)conftest\.py$/.test(d.path))
        .map((d) => d.path),
    );
  } catch (e) {
    // A reader that trips on odd input leaves what it found so far; the note says the list is short.
    out.note(`the proof: not read to the end (${e instanceof Error ? e.name : 'error'})`);
  }
  return { proof, deps: out.list(), unresolved: out.unresolved, toolchain: out.toolchain() };
}

export interface SealResolution {
  proofs: ProofDeps[];
  /** CI and hook files: gates of the workspace as a whole, whichever proof. */
  gates: DepRef[];
}

export function resolveSeal(proofs: readonly string[], view: WorkspaceView): SealResolution {
  return { proofs: [...new Set(proofs)].map((p) => resolveProof(p, view)), gates: ciFiles(view) };
}

/** The folder a package manager works in: `--prefix`, `-C`, `--dir` or `--cwd` moves it from `cwd`. */
function managerDir(args: readonly string[], cwd: string): string {
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const eq = /^--(?:prefix|dir|cwd)=(.+)$/.exec(a);
    const value = eq ? eq[1] : ['--prefix', '-C', '--dir', '--cwd'].includes(a) ? args[k + 1] : undefined;
    if (value !== undefined) return joinPath(cwd, value) ?? cwd;
  }
  return cwd;
}

/** A here-document's lines without the delimiter line that ends them (the lexer keeps it), which is no command. */
function withoutDelimiter(body: string, delimiter: string): string {
  const lines = body.replace(/\n$/, '').split('\n');
  if (lines.length && lines[lines.length - 1]!.replace(/^\t+/, '') === delimiter) lines.pop();
  return lines.join('\n');
}
