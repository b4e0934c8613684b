// Refusals that look inside a proof's words: a file name instead of a command, a left-in placeholder.

/*
 * Placeholders: `<file>`, `<ID>`, `<what closes it>`, `docs/<name>.md`, `--grep=<name>`.
 * Shell syntax is not one, so a `<` is skipped when:
 * - it is doubled or followed by `(`: heredocs and herestrings (`<<EOF`, `<<<`), process
 *   substitution (`<(cmd)`);
 * - white space follows it, or comes right before the closing `>`: redirections such as
 *   `sort <in.txt >out.txt` or `cmd < a > b`;
 * - it is glued to a word before it: generics such as `Array<string>`;
 * - the inside does not start with a letter: comparisons such as `1<2>0`, and `2>&1` has no `<`.
 * Left ambiguous on purpose: `<in.txt>out.txt` with no spaces reads as a placeholder; nobody writes it.
 */
const PLACEHOLDER = /(?<![\p{L}\p{N}_<])<(?![<(\s])\p{L}[\p{L}\p{N}_ .,/:-]*?(?<!\s)>/gu;

/*
 * Bare names. A proof counts when its command exits cleanly, and naming a file proves nothing:
 * a file existing is not a check passing. The line drawn here:
 * - Only a single token (no white space, outer quotes ignored) can be a bare name; anything with
 *   arguments runs something, even if weakly (`cat REPORT.md`).
 * - A single token is a bare name when it ends in a document or data extension (below), with or
 *   without a path (`REPORT.md`, `docs/x.md`, `./out/result.json`), when it ends in `/` (a folder),
 *   when its last part is a dotfile (`.env`, `.gitignore`), or when its last part is a well-known
 *   extensionless document (`README`, `LICENSE`, `Makefile`). `a.out` stays a command: it is the
 *   compiler's default executable.
 * - Every other single token is taken as a command: `make`, `pytest`, `cargo`, `./run.sh`,
 *   `bin/check`, `scripts/verify.py`. Scripts run something, and one that is not on the PATH fails,
 *   so it can never count by mistake.
 * - Tokens with shell syntax (`make&&ls`, `$(...)`) are commands, never bare names.
 */
const DOC_EXTENSIONS = new Set([
  'md', 'markdown', 'mdx', 'rst', 'adoc', 'txt', 'text', 'rtf',
  'json', 'jsonl', 'ndjson', 'yml', 'yaml', 'toml', 'ini', 'cfg', 'conf', 'env', 'xml', 'plist',
  'csv', 'tsv', 'sql', 'db', 'sqlite', 'parquet',
  'html', 'htm', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods',
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'bmp',
  'log', 'lock', 'diff', 'patch', 'zip', 'tar', 'gz', 'tgz',
]);

const DOC_NAMES = new Set([
  'readme', 'license', 'licence', 'changelog', 'contributing', 'notice', 'authors', 'todo',
  'makefile', 'dockerfile', 'procfile', 'gemfile', 'justfile',
]);

// Path-like characters only: a token with shell syntax in it is running something.
const PATH_LIKE = /^[\p{L}\p{N}_./~@+%-]+$/u;

export function isBareName(command: string): boolean {
  // A placeholder stands for a word, so `docs/<name>.md` is judged as `docs/x.md`.
  const token = command.trim().replace(/^(['"])(.*)\1$/, '$2').replace(PLACEHOLDER, 'x');
  if (token === '' || !PATH_LIKE.test(token)) return false;
  if (token.endsWith('/')) return true;
  const base = token.slice(token.lastIndexOf('/') + 1).toLowerCase();
  if (base.startsWith('.')) return true;
  const dot = base.lastIndexOf('.');
  if (dot > 0 && DOC_EXTENSIONS.has(base.slice(dot + 1))) return true;
  return DOC_NAMES.has(base);
}

export function findPlaceholders(text: string): string[] {
  return text.match(PLACEHOLDER) ?? [];
}
