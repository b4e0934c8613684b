// The sections of INI and TOML files that configure a runner: pytest.ini's [pytest], setup.cfg's
// [tool:pytest], tox.ini's [pytest], pyproject.toml's [tool.pytest.ini_options]. Only what the seal
// asks of them is read: a section's text (so the rest of pyproject.toml can change without a
// finding) and list values such as testpaths (INI continuation lines or a TOML array).

/**
 * The section's lines, header included, up to the next header that is not one of its own
 * subsections (`[tool.ruff.lint]` belongs to `[tool.ruff]`); null when the file has neither.
 */
export function sectionText(text: string, name: string): string | null {
  const lines = text.split(/\r?\n/);
  const header = (l: string) => /^\s*\[\[?([^\]]+)\]\]?\s*(#.*)?$/.exec(l)?.[1]?.trim() ?? null;
  const own = (h: string) => h === name || h.startsWith(name + '.');
  const out: string[] = [];
  let inside = false;
  for (const l of lines) {
    const h = header(l);
    if (h !== null) inside = own(h);
    if (inside) out.push(l);
  }
  return out.length ? out.join('\n').trimEnd() : null;
}

/** The 1-based line of a section's header, or null. */
export function sectionLine(text: string, name: string): number | null {
  const k = text.split(/\r?\n/).findIndex((l) => l.trim() === `[${name}]`);
  return k < 0 ? null : k + 1;
}

/** A key's value in a section, as a list of words: `testpaths = tests integration` or `["tests", "integration"]`. */
export function sectionList(section: string, key: string): string[] | null {
  const lines = section.split('\n');
  const k = lines.findIndex((l) => new RegExp(`^\\s*${key}\\s*[=:]`).test(l));
  if (k < 0) return null;
  let value = lines[k]!.replace(/^[^=:]*[=:]/, '');
  // INI continues on indented lines; a TOML array continues to its `]`.
  for (let j = k + 1; j < lines.length; j++) {
    const l = lines[j]!;
    const inArray = value.includes('[') && !value.includes(']');
    if (!inArray && !/^\s+\S/.test(l)) break;
    value += '\n' + l;
  }
  return value
    .replace(/#.*$/gm, '')
    .replace(/[[\]]/g, ' ')
    .split(/[\s,]+/)
    .map((w) => w.replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}
