// Which changes to a runner's configuration are errors. A runner config decides what runs: which
// files (`spec`, `testMatch`, `testpaths`), which tests in them (`grep`, `-k` in `addopts`), what
// code is loaded first (`require`, `setupFiles`, a conftest.py), and for npm's `.npmrc` whether a
// script runs at all (`script-shell=/bin/true`, `ignore-scripts`). The rule leans to error: every
// setting that changes is `runner-config-narrowed` unless it is on the short list of settings
// that only change how a run is reported or paced (a reporter name, a timeout, a registry). The
// person can accept the finding when the plan asked for the change. What is not an error: a
// change of formatting only (white space, comments, key order, quoting), found by comparing the
// settings read from both texts, or for a config that is code (`jest.config.js`, `conftest.py`)
// its lines with comments and blank lines left out.
import { baseOf } from './paths';
import { isRecord, parseJsonc } from './jsonc';
import type { Part } from './deps';

/** Settings whose change cannot narrow or disable what runs, by file family. */
const HARMLESS: Record<Family, ReadonlySet<string>> = {
  npmrc: new Set(['registry', 'save-exact', 'save-prefix', 'fund', 'audit', 'audit-level', 'package-lock', 'progress', 'color', 'update-notifier', 'engine-strict', 'legacy-peer-deps', 'strict-peer-deps', 'cache', 'prefer-offline', 'prefer-online', 'offline', 'fetch-retries', 'fetch-retry-mintimeout', 'fetch-retry-maxtimeout', 'fetch-timeout', 'maxsockets', 'lockfile-version', 'strict-ssl', 'cafile', 'ca', 'proxy', 'https-proxy', 'noproxy', 'always-auth', 'init-author-name', 'init-author-email', 'init-license', 'init-version', 'sign-git-tag', 'git-tag-version', 'tag-version-prefix', 'message', 'auto-install-peers', 'shamefully-hoist', 'public-hoist-pattern', 'strict-peer-dependencies', 'resolution-mode']),
  yarnrc: new Set(['npmRegistryServer', 'npmScopes', 'npmAlwaysAuth', 'npmAuthToken', 'npmAuthIdent', 'enableTelemetry', 'enableGlobalCache', 'cacheFolder', 'enableProgressBars', 'enableColors', 'compressionLevel', 'enableImmutableInstalls', 'httpProxy', 'httpsProxy', 'enableMessageNames', 'enableInlineBuilds', 'registry', 'network-timeout', 'httpTimeout', 'nodeLinker']),
  mocha: new Set(['timeout', 't', 'slow', 's', 'reporter', 'R', 'reporter-option', 'reporter-options', 'O', 'color', 'colors', 'c', 'diff', 'full-trace', 'inline-diffs', 'check-leaks', 'forbid-only', 'forbid-pending', 'async-only', 'A', 'watch', 'w', 'watch-files', 'watch-ignore', 'parallel', 'p', 'jobs', 'j', 'bail', 'b', 'exit', 'enable-source-maps', 'growl', 'G', 'fail-zero', 'v', 'version']),
  jest: new Set(['verbose', 'testTimeout', 'maxWorkers', 'maxConcurrency', 'cacheDirectory', 'cache', 'coverageDirectory', 'coverageReporters', 'notify', 'notifyMode', 'errorOnDeprecated', 'detectOpenHandles', 'displayName', 'slowTestThreshold', 'watchPathIgnorePatterns', 'watchman', 'watchPlugins', 'bail', 'ci', 'silent', 'openHandlesTimeout']),
  pytest: new Set(['log_cli', 'log_cli_level', 'log_cli_format', 'log_cli_date_format', 'log_level', 'log_format', 'log_date_format', 'log_file', 'log_file_level', 'log_file_format', 'log_file_date_format', 'console_output_style', 'junit_family', 'junit_suite_name', 'junit_logging', 'junit_log_passing_tests', 'junit_duration_report', 'cache_dir', 'minversion', 'timeout', 'timeout_method', 'verbosity_assertions', 'verbosity_test_cases', 'xfail_strict', 'required_plugins', 'asyncio_mode', 'asyncio_default_fixture_loop_scope']),
  other: new Set(),
};

type Family = 'npmrc' | 'yarnrc' | 'mocha' | 'jest' | 'pytest' | 'other';

/** The settings family of a runner config, by its name and the part of it the proof reads. */
export function familyOf(path: string, part: Part | null): Family {
  const b = baseOf(path);
  if (b === '.npmrc') return 'npmrc';
  if (/^\.yarnrc/.test(b)) return 'yarnrc';
  if (/^\.mocharc/.test(b) || part === 'json:mocha') return 'mocha';
  if (/^jest\.config\./.test(b) || part === 'json:jest') return 'jest';
  if (/^\.?pytest\.ini$/.test(b) || /pytest/.test(part ?? '')) return 'pytest';
  return 'other';
}

/** A config that is code, compared by its lines: settings read from it by a scan would miss what its code does. */
function isCode(path: string): boolean {
  return /\.(?:[cm]?[jt]sx?|py)$/.test(path);
}

type Settings = Map<string, string>;

/** The settings of a config text as key → value text, or null when it is not a form read here. */
export function readSettings(path: string, text: string): Settings | null {
  const b = baseOf(path);
  if (/\.ya?ml$/.test(b)) return yamlSettings(text);
  if (b === '.npmrc') return iniSettings(text, /^\s*([^=\s]+)\s*=?\s*(.*?)\s*$/);
  if (b === '.yarnrc' || /\.(?:ini|cfg|toml)$/.test(b)) return iniSettings(text);
  if (/\.jsonc?$/.test(b) || /^\s*[[{]/.test(text)) {
    const json = parseJsonc(text);
    if (json === null) return null;
    // A part (package.json's `mocha` key) is JSON text of the value itself.
    return isRecord(json) ? new Map(Object.entries(json).map(([k, v]) => [k, JSON.stringify(v)])) : new Map([['', JSON.stringify(json)]]);
  }
  return null;
}

/** `key = value` (or `key: value`, or `key value` in .yarnrc v1), continuation lines joined; section headers prefix their keys. */
function iniSettings(text: string, keyValue = /^\s*([^=:\s]+)\s*(?:[=:]\s*|\s+)?(.*?)\s*$/): Settings {
  const out: Settings = new Map();
  let section = '';
  let last: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(raw) || !raw.trim()) continue;
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*$/.exec(raw);
    if (header) {
      section = header[1]!.trim() + '.';
      last = null;
      continue;
    }
    if (/^\s/.test(raw) && last !== null) {
      out.set(last, `${out.get(last)} ${raw.trim()}`);
      continue;
    }
    const kv = keyValue.exec(raw);
    if (!kv) continue;
    last = section + kv[1]!;
    out.set(last, unquote(kv[2]!.replace(/\s+[#;].*$/, '')));
  }
  return out;
}

/** Top-level YAML keys with their block (nested lines and list items) as the value. */
function yamlSettings(text: string): Settings {
  const out: Settings = new Map();
  let last: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trimEnd();
    if (!line.trim() || line.trim() === '---') continue;
    const top = /^([^\s:#][^:]*?)\s*:\s*(.*)$/.exec(line);
    if (top) {
      last = unquote(top[1]!);
      out.set(last, unquote(top[2]!));
    } else if (last !== null) out.set(last, `${out.get(last)} ${unquote(line.trim().replace(/^-\s*/, '- '))}`.trim());
  }
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  return /^(['"]).*\1$/.test(t) ? t.slice(1, -1) : t;
}

/** A code config's lines that do something: comments, blank lines and indentation left out. */
export function codeLines(text: string): string[] {
  let inBlock = false;
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let l = raw.trim();
    if (inBlock) {
      const end = l.indexOf('*/');
      if (end < 0) continue;
      l = l.slice(end + 2).trim();
      inBlock = false;
    }
    if (l.startsWith('/*')) {
      if (!l.includes('*/')) inBlock = true;
      continue;
    }
    if (!l || l.startsWith('//') || l.startsWith('#')) continue;
    out.push(l.replace(/\s+/g, ' '));
  }
  return out;
}

export interface Narrowing {
  /** The settings that changed, named (never their values: an .npmrc holds tokens). */
  keys: string[];
  /** `added`, `removed` or `changed` per key, in order. */
  how: string[];
}

/**
 * The settings of a runner config that changed in a way that can narrow or disable what runs, or
 * null when the change is of formatting only or only of harmless settings. `before` null: the file
 * (or part) is new, and every setting it holds is new.
 */
export function configNarrowing(path: string, part: Part | null, before: string | null, after: string | null): Narrowing | null {
  const family = familyOf(path, part);
  if (isCode(path) && part === null) {
    const a = codeLines(before ?? '');
    const b = codeLines(after ?? '');
    if (a.join('\n') === b.join('\n')) return null;
    return { keys: ['(its code)'], how: [before === null ? 'added' : after === null ? 'removed' : 'changed'] };
  }
  const was = before === null ? new Map<string, string>() : readSettings(path, before);
  const now = after === null ? new Map<string, string>() : readSettings(path, after);
  if (was === null || now === null) {
    // A form not read here: every change but formatting is a change of what runs.
    const a = codeLines(before ?? '');
    const b = codeLines(after ?? '');
    return a.join('\n') === b.join('\n') ? null : { keys: ['(its text)'], how: ['changed'] };
  }
  const keys: string[] = [];
  const how: string[] = [];
  for (const k of [...new Set([...was.keys(), ...now.keys()])].sort()) {
    if (was.get(k) === now.get(k) || harmless(family, k, now.get(k), was.get(k))) continue;
    keys.push(k);
    how.push(!was.has(k) ? 'added' : !now.has(k) ? 'removed' : 'changed');
  }
  return keys.length ? { keys, how } : null;
}

/** Settings that select files: a list that only gains entries runs more, never less. */
const SELECTS = new Set(['spec', 'testpaths', 'python_files', 'python_classes', 'python_functions', 'testMatch', 'roots', 'include', 'extension', 'projects']);
/** Settings that leave files out: a list that only loses entries runs more. */
const EXCLUDES = new Set(['ignore', 'exclude', 'testPathIgnorePatterns', 'norecursedirs', 'collect_ignore', 'collect_ignore_glob']);

function words(v: string | undefined): Set<string> {
  return new Set((v ?? '').split(/[\s,[\]"']+/).filter(Boolean));
}

/** A selection that grew or an exclusion that shrank, with nothing else about it changed. */
function widened(bare: string, was: string | undefined, now: string | undefined): boolean {
  if (was === undefined) return false;
  const a = words(was);
  const b = words(now);
  if (SELECTS.has(bare)) return now !== undefined && [...a].every((w) => b.has(w));
  if (EXCLUDES.has(bare)) return [...b].every((w) => a.has(w));
  return false;
}

function harmless(family: Family, key: string, value: string | undefined, was?: string): boolean {
  // A section's keys are read with the section in front (`pytest.addopts`); the setting is the last name.
  const bare = key.slice(key.lastIndexOf('.') + 1).replace(/^--?/, '');
  if (widened(bare, was, value)) return true;
  // A registry's credentials (`//host/:_authToken`) and scoped registries change where packages come from, not what runs.
  if (family === 'npmrc' && (/^\/\//.test(key) || /^@[^:]+:registry$/.test(key))) return true;
  // A reporter named by a path is code the runner loads.
  if (/^(?:reporter|R|reporters)$/.test(bare) && value !== undefined && /[./]/.test(value.replace(/^["'[\s]+/, '').slice(0, 2))) return false;
  return HARMLESS[family].has(bare);
}

const SECRET_KEY = /(?:^|[:_.-])(?:_?auth(?:token|ident)?|_?password|token|secret|npmAuthToken|npmAuthIdent|keyfile|certfile)\s*$/i;

/**
 * A package manager config as the seal keeps its text: the values of credential settings replaced,
 * so a token never lands in the seal's files. Other files come back as they are.
 */
export function redactSecrets(path: string, text: string): string {
  const b = baseOf(path);
  if (!/^\.(?:npmrc|yarnrc(?:\.ya?ml)?)$/.test(b)) return text;
  // An .npmrc key holds colons (`//host/:_authToken`) and ends at `=`; a .yarnrc's ends at `:` or a space.
  const line = b === '.npmrc' ? /^(\s*[^=\s#;][^=]*?)(\s*=\s*)(.*)$/ : /^(\s*[^=:\s#;][^=:\s]*)(\s*[=:]\s*|\s+)(.*)$/;
  return text
    .split('\n')
    .map((l) => {
      const kv = line.exec(l);
      return kv && SECRET_KEY.test(kv[1]!.trim()) && kv[3]!.trim() ? `${kv[1]}${kv[2]}<redacted>` : l;
    })
    .join('\n');
}

/**
 * The runner configs read for narrowing: the package managers' own, the JavaScript and Python test
 * runners' files and their parts in shared files. Not Cargo.toml or go.mod, which hold the project's
 * dependencies as much as test settings, nor vite.config.*, which is the application's build
 * config as well: a change to those stays a `gate-config-changed` warning.
 */
export function narrowable(path: string, part: Part | null): boolean {
  const b = baseOf(path);
  if (part !== null) return part === 'json:mocha' || part === 'json:jest' || /^section:(?:tool\.pytest\.ini_options|tool:pytest|pytest)$/.test(part);
  return /^\.npmrc$|^\.yarnrc(?:\.ya?ml)?$|^\.mocharc\.|^jest\.config\.|^vitest\.(?:config|workspace)\.|^\.?pytest\.ini$|^conftest\.py$|^tox\.ini$|^bunfig\.toml$/.test(b);
}
