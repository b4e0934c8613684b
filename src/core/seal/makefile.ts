// Just enough of a Makefile to know what `make check` runs: its rules (targets, prerequisites,
// recipe lines), its variables (so `$(PYTEST) tests` reads as `pytest tests`) and its includes.
// Pattern rules, conditionals and functions are not followed; a recipe that uses them is still
// a dependency, only the commands in it are not resolved further.

export interface RecipeLine {
  /** As written, after the tab. */
  text: string;
  /** 1-based, in the Makefile. */
  line: number;
}

export interface Rule {
  target: string;
  prereqs: string[];
  recipe: RecipeLine[];
  line: number;
}

export interface Makefile {
  rules: Map<string, Rule>;
  vars: Map<string, string>;
  includes: string[];
  /** The first target that does not start with `.`: what a bare `make` builds. */
  defaultTarget: string | null;
  /** Special targets that turn errors off for every recipe (`.IGNORE:` with no prerequisites). */
  ignoresErrors: boolean;
}

const ASSIGN = /^\s*(?:export\s+|override\s+)*([A-Za-z_][A-Za-z0-9_.-]*)\s*(?::::=|::=|:=|\?=|\+=|!=|=)\s*(.*)$/;
const RULE = /^([^\t#:=][^:=]*?)\s*(::?)(?!=)\s*(.*)$/;

export function parseMakefile(text: string): Makefile {
  const lines = text.split(/\r?\n/);
  const rules = new Map<string, Rule>();
  const vars = new Map<string, string>();
  const includes: string[] = [];
  let defaultTarget: string | null = null;
  let ignoresErrors = false;
  let current: Rule[] = [];
  for (let k = 0; k < lines.length; k++) {
    let line = lines[k]!;
    const at = k + 1;
    // Backslash-newline joins lines, in recipes and elsewhere.
    while (line.endsWith('\\') && k + 1 < lines.length) line = line.slice(0, -1) + ' ' + lines[++k]!.replace(/^\t/, '');
    if (line.startsWith('\t')) {
      for (const r of current) r.recipe.push({ text: line.slice(1), line: at });
      continue;
    }
    // `[\s\S]`, not `.`: a stray CR before the newline would end the comment early and keep it.
    const bare = line.replace(/(^|\s)#[\s\S]*$/, '').trimEnd();
    if (!bare.trim()) continue;
    const inc = /^\s*-?include\s+(.+)$/.exec(bare) ?? /^\s*sinclude\s+(.+)$/.exec(bare);
    if (inc) {
      includes.push(...inc[1]!.split(/\s+/).filter(Boolean));
      current = [];
      continue;
    }
    const assign = ASSIGN.exec(bare);
    if (assign) {
      const [, name, value] = assign;
      vars.set(name!, /\+=/.test(bare) && vars.has(name!) ? `${vars.get(name!)} ${value}` : value!.trim());
      current = [];
      continue;
    }
    const rule = RULE.exec(bare);
    if (!rule) {
      current = [];
      continue;
    }
    const targets = rule[1]!.split(/\s+/).filter(Boolean);
    // `target: ; recipe` puts the first recipe line on the rule line.
    const [prereqText, inline] = splitInline(rule[3]!);
    const prereqs = prereqText.split(/\s+/).filter((p) => p && p !== '|');
    current = targets.map((target) => {
      const existing = rules.get(target);
      const r: Rule = existing ?? { target, prereqs: [], recipe: [], line: at };
      r.prereqs.push(...prereqs);
      rules.set(target, r);
      return r;
    });
    if (inline !== null) for (const r of current) r.recipe.push({ text: inline, line: at });
    if (targets.includes('.IGNORE') && !prereqs.length) ignoresErrors = true;
    if (defaultTarget === null) defaultTarget = targets.find((t) => !t.startsWith('.') && !t.includes('%')) ?? null;
  }
  return { rules, vars, includes, defaultTarget, ignoresErrors };
}

function splitInline(rest: string): [string, string | null] {
  const k = rest.indexOf(';');
  return k < 0 ? [rest, null] : [rest.slice(0, k), rest.slice(k + 1).trim()];
}

/** `$(X)` and `${X}` replaced by the Makefile's values, a few levels deep; `$$` is a `$`; unknowns stay. */
export function expandVars(text: string, vars: ReadonlyMap<string, string>, depth = 0): string {
  const out = text.replace(/\$[({]([A-Za-z_][A-Za-z0-9_.-]*)[)}]/g, (m, name: string) => {
    if (name === 'MAKE') return 'make';
    const v = vars.get(name);
    return v === undefined ? m : depth < 5 ? expandVars(v, vars, depth + 1) : v;
  });
  return depth === 0 ? out.replace(/\$\$/g, '$') : out;
}

/** A recipe line's prefixes: `@` (silent), `-` (errors ignored), `+` (run under -n). */
export function recipeFlags(text: string): { command: string; ignoreErrors: boolean } {
  const m = /^[\s@+-]*/.exec(text)![0];
  return { command: text.slice(m.length), ignoreErrors: m.includes('-') };
}

/** A target's rule text: its rule line and recipe, for diffing one target alone. */
export function ruleText(rule: Rule): string {
  return [`${rule.target}: ${rule.prereqs.join(' ')}`.trimEnd(), ...rule.recipe.map((r) => '\t' + r.text)].join('\n');
}
