// Runner settings read from config files of any dialect without running them: JSON and JSONC
// parsed, JS/TS and YAML scanned for `key: [...]`, `key: 'x'` or a YAML block list. A setting
// computed at run time (`spec: files.filter(...)`) is not seen; the runner's default is used then,
// and the config file is a dependency either way, so a change to it is still found.
import { isRecord, parseJsonc, stringList } from './jsonc';

export function looseValue(text: string, key: string): unknown {
  const json = parseJsonc(text);
  if (isRecord(json)) return json[key];
  const m = new RegExp(`(?:^|[\\s{,])["']?${key}["']?\\s*:[ \\t]*`, 'm').exec(text);
  if (!m) return undefined;
  const rest = text.slice(m.index + m[0].length);
  if (rest.startsWith('[')) {
    const body = rest.slice(1, Math.max(0, rest.indexOf(']')));
    const quoted = [...body.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`]*)`/g)].map((q) => q[1] ?? q[2] ?? q[3] ?? '');
    return quoted.length ? quoted : body.split(',').map((s) => s.trim()).filter(Boolean);
  }
  const q = /^(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/.exec(rest);
  if (q) return q[2];
  // `[^\n]`, not `.`: a CRLF line's comment runs to its `\r` and is cut off with it.
  const line = /^[^\n]*/.exec(rest)![0].replace(/\s+#[^\n]*$/, '').replace(/,\s*$/, '').trim();
  if (line === '') {
    const items: string[] = [];
    for (const l of rest.split('\n').slice(1)) {
      const item = /^\s*-\s+(.+?)\s*$/.exec(l);
      if (!item) break;
      // A quoted item is its quotes' content; a plain one ends where a comment starts (`- a # x`).
      const quoted = /^(['"])(.*?)\1(?:\s+#[^\n]*)?$/.exec(item[1]!);
      items.push(quoted ? quoted[2]! : item[1]!.replace(/\s+#[^\n]*$/, ''));
    }
    return items.length ? items : undefined;
  }
  if (line === 'true' || line === 'false') return line === 'true';
  return line;
}

/** A setting as a list of strings, or null when the file does not set it. */
export function looseList(text: string, key: string): string[] | null {
  const v = looseValue(text, key);
  return v === undefined ? null : stringList(v);
}
