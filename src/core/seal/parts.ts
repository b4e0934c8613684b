// A part of a dependency, cut out of its text so that only what the proof reads is compared:
// `json:scripts.test` (a package.json script), `json:jest` (a top-level key), `section:tool.pytest.ini_options`
// (an INI/TOML section and its subsections), `target:check` (a make rule and its recipe, variables expanded), `vars`
// (a Makefile's variable assignments).
import { isRecord, parseJsonc } from './jsonc';
import { sectionLine, sectionText } from './ini';
import { expandVars, parseMakefile, ruleText } from './makefile';
import type { Part } from './deps';

export interface PartText {
  /** The part's text; null when the file does not have it. */
  text: string | null;
  /** 1-based line where it starts, when known. */
  line: number | null;
}

/** A readable name for a part in messages: `scripts.test`, `[tool.pytest.ini_options]`, `make target check`. */
export function partName(part: Part): string {
  if (part.startsWith('json:')) return part.slice(5);
  if (part.startsWith('section:')) return `[${part.slice(8)}]`;
  if (part.startsWith('target:')) return `make target ${part.slice(7)}`;
  return 'make variables';
}

export function partText(content: string, part: Part): PartText {
  if (part.startsWith('json:')) return jsonPart(content, part.slice(5));
  if (part.startsWith('section:')) {
    const name = part.slice(8);
    return { text: sectionText(content, name), line: sectionLine(content, name) };
  }
  const mk = parseMakefile(content);
  if (part.startsWith('target:')) {
    // With the variables put in, so `PYTEST = true` is a change to the recipe that runs $(PYTEST).
    const rule = mk.rules.get(part.slice(7));
    return rule ? { text: ruleText({ ...rule, recipe: rule.recipe.map((r) => ({ ...r, text: expandVars(r.text, mk.vars) })) }), line: rule.line } : { text: null, line: null };
  }
  const vars = [...mk.vars].map(([k, v]) => `${k} = ${v}`);
  return { text: vars.length ? vars.join('\n') : null, line: null };
}

function jsonPart(content: string, path: string): PartText {
  const json = parseJsonc(content);
  if (!isRecord(json)) return { text: null, line: null };
  // Script names hold dots and colons (`test:unit`, `lint.fix`): only `scripts.` is a path.
  const keys = path.startsWith('scripts.') ? ['scripts', path.slice(8)] : [path];
  let v: unknown = json;
  for (const k of keys) v = isRecord(v) ? v[k] : undefined;
  if (v === undefined) return { text: null, line: null };
  const text = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
  return { text, line: keyLine(content, keys) };
}

/** The line of the last key, looked for after the ones before it. */
function keyLine(content: string, keys: string[]): number | null {
  let from = 0;
  for (const k of keys) {
    const at = content.indexOf(JSON.stringify(k), from);
    if (at < 0) return null;
    from = at;
  }
  return content.slice(0, from).split('\n').length;
}
