// What a proof depends on: the files whose content decides whether the proof can pass. Each file
// carries its role (what the classifier asks of it) and, for files that hold more than the proof
// uses (package.json, pyproject.toml, a Makefile), the parts the proof reads, so an `npm install`
// that adds a dependency to package.json is not a change to `scripts.test`.

export type Role =
  /** A script the proof runs by name: `sh check.sh`, `node scripts/x.js`, `./check.sh`. */
  | 'entry'
  /** package.json: the scripts the proof runs and the runner settings it holds. */
  | 'manifest'
  | 'makefile'
  /** A test file a runner selects. */
  | 'test'
  /** Files a check loads or reads that are not tests: fixtures a script names. */
  | 'test-support'
  /**
   * Code a test or the runner loads to run the tests: a runner's setup file (`--require`), and the
   * project files a sealed test imports, followed through the module graph (moduleGraph.ts).
   */
  | 'test-helper'
  /**
   * The executable behind a runner the proof names, as the package manager's PATH finds it
   * (`node_modules/.bin/mocha`, the package file it links to, that package's version), kept
   * even when absent, so a bin created later in a folder on that PATH is seen (toolchain.ts).
   */
  | 'runner-bin'
  /** npm's and yarn's own project configuration (`.npmrc`, `.yarnrc*`), kept even when absent. */
  | 'package-config'
  | 'runner-config'
  | 'lint-config'
  | 'type-config'
  | 'ci';

/**
 * A part of a file, by a prefix that says how to cut it out (see parts.ts):
 * `json:scripts.test`, `json:jest`, `section:tool.pytest.ini_options`, `target:check`, `vars`.
 */
export type Part = string;

export interface DepRef {
  path: string;
  role: Role;
  /** The parts the proof reads, or null for the whole file. */
  parts: Part[] | null;
  /** One short line: how the proof reaches it (`scripts.test runs mocha`). */
  via: string;
}

export interface ProofDeps {
  proof: string;
  deps: DepRef[];
  /** Commands the resolver met and could not follow (unknown tools, inline code), one line each. */
  unresolved: string[];
  /**
   * What the proof's commands resolve to rather than name: runner bins and the package manager's
   * configuration (toolchain.ts), kept apart from `deps` (the files the proof's own text leads to).
   */
  toolchain?: DepRef[];
}

const TOOLCHAIN = new Set<Role>(['runner-bin', 'package-config']);

const RANK: Record<Role, number> = {
  entry: 0,
  'runner-bin': 0,
  manifest: 1,
  makefile: 1,
  'runner-config': 2,
  'package-config': 2,
  'lint-config': 2,
  'type-config': 2,
  ci: 2,
  test: 3,
  'test-helper': 4,
  'test-support': 5,
};

/** Collects dependencies, one per path: parts are united (a whole file wins), the stronger role stays. */
export class DepSet {
  private readonly byPath = new Map<string, DepRef>();
  readonly unresolved: string[] = [];

  add(path: string, role: Role, via: string, parts: Part[] | null = null): void {
    const had = this.byPath.get(path);
    if (!had) {
      this.byPath.set(path, { path, role, parts: parts ? [...new Set(parts)] : null, via });
      return;
    }
    if (RANK[role] < RANK[had.role]) {
      had.role = role;
      had.via = via;
    }
    had.parts = had.parts === null || parts === null ? null : [...new Set([...had.parts, ...parts])];
  }

  note(line: string): void {
    if (!this.unresolved.includes(line)) this.unresolved.push(line);
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** The dependencies, toolchain ones aside. */
  list(): DepRef[] {
    return this.sorted().filter((d) => !TOOLCHAIN.has(d.role));
  }

  /** The toolchain dependencies: runner bins and the package manager's configuration. */
  toolchain(): DepRef[] {
    return this.sorted().filter((d) => TOOLCHAIN.has(d.role));
  }

  private sorted(): DepRef[] {
    return [...this.byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}
