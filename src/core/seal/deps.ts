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
  /** Files a check loads or reads that are not tests: setup files, fixtures a script names. */
  | 'test-support'
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
}

const RANK: Record<Role, number> = {
  entry: 0,
  manifest: 1,
  makefile: 1,
  'runner-config': 2,
  'lint-config': 2,
  'type-config': 2,
  ci: 2,
  test: 3,
  'test-support': 4,
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

  list(): DepRef[] {
    return [...this.byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}
