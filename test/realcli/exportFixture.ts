// Turns a finished run (see runClaude.ts) into a sanitized fixture folder that can be committed:
//
//   <out>/transcripts/<slug>/<session>.jsonl (+ <session>/subagents/...)   from <home>/.claude/projects
//   <out>/hooks.jsonl      when hooks logged anything
//   <out>/settings.json    the project settings the run used
//   <out>/control.jsonl    SDK runs: control requests and the host's answers
//   <out>/pane-*.txt       TUI runs: screen captures
//
// Sanitizing, in file contents and in file and folder names:
//   * the run folder becomes /home/dev/<name>; Claude Code's slug of it (every character other than a
//     letter or digit turned into "-") becomes the slug of /home/dev/<name>;
//   * Claude Code's own prompt text is replaced by "[redacted: N chars]": the system prompt and tool
//     descriptions in `api-request-shape` records and `prompt_snapshot` attachments (the records and
//     their keys stay; their hashes no longer match);
//   * strings that look like API keys are replaced.
// The request log and the proxy log are never copied (they hold the full system prompt).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { realpathSync } from 'node:fs';
import { projectSlug } from './runClaude';

export interface ExportOptions {
  /** The run folder (RunResult.root). */
  root: string;
  /** Fixture name: paths become /home/dev/<name>. */
  name: string;
  /** Destination folder; replaced if it exists. */
  out: string;
  /** Extra files to copy from the project folder, relative to it (e.g. 'PLAN.md'). */
  projectFiles?: string[];
}

export interface ExportReport {
  files: string[];
  redactedStrings: number;
}

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/sk-ant-[A-Za-z0-9_-]{8,}/g, 'sk-ant-REDACTED'],
  [/\b(gh[pousr])_[A-Za-z0-9]{20,}/g, 'REDACTED_GITHUB_TOKEN'],
  [/\bAKIA[0-9A-Z]{16}\b/g, 'REDACTED_AWS_KEY_ID'],
];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A function that rewrites every spelling of the run folder (path and slug) in a string. */
export function pathRewriter(root: string, target: string): (s: string) => string {
  const pairs = new Map<string, string>();
  for (const r of new Set([root, realpathSync(root)])) {
    pairs.set(r, target);
    pairs.set(projectSlug(r), projectSlug(target));
  }
  const keys = [...pairs.keys()].sort((a, b) => b.length - a.length);
  const rx = new RegExp(keys.map(escapeRegExp).join('|'), 'g');
  return (s) => s.replace(rx, (m) => pairs.get(m)!);
}

/** A JSON object (or array): what the records' fields are read from. */
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

class Redactor {
  count = 0;
  text(s: string): string {
    this.count++;
    return `[redacted: ${s.length} chars]`;
  }
  /** Replaces every string held under a "description" key, at any depth. */
  descriptions(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.descriptions(v));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        out[k] = k === 'description' && typeof v === 'string' ? this.text(v) : this.descriptions(v);
      }
      return out;
    }
    return value;
  }
  systemBlocks(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) {
      return value.map((b: unknown) => {
        if (typeof b === 'string') return this.text(b);
        if (isObject(b) && typeof b.text === 'string') return { ...b, text: this.text(b.text) };
        return b;
      });
    }
    return value;
  }
  /** The redacted record, or null when the record holds no Claude Code prompt text. */
  record(rec: unknown): Record<string, unknown> | null {
    if (!isObject(rec)) return null;
    if (rec.type === 'api-request-shape' && isObject(rec.shape)) {
      const shape: Record<string, unknown> = { ...rec.shape };
      if ('system' in shape) shape.system = this.systemBlocks(shape.system);
      if ('tools' in shape) shape.tools = this.descriptions(shape.tools);
      return { ...rec, shape };
    }
    const att = rec.attachment;
    if (rec.type === 'attachment' && isObject(att) && att.type === 'prompt_snapshot') {
      const a: Record<string, unknown> = { ...att };
      if ('systemPrompt' in a) a.systemPrompt = this.systemBlocks(a.systemPrompt);
      if (typeof a.cliPrefix === 'string') a.cliPrefix = this.text(a.cliPrefix);
      if ('tools' in a) a.tools = this.descriptions(a.tools);
      return { ...rec, attachment: a };
    }
    return null;
  }
}

function sanitizeText(text: string, rewrite: (s: string) => string, jsonl: boolean, redactor: Redactor): string {
  let out = rewrite(text);
  for (const [rx, repl] of SECRET_PATTERNS) out = out.replace(rx, repl);
  if (!jsonl) return out;
  return out
    .split('\n')
    .map((line) => {
      if (!line.includes('"api-request-shape"') && !line.includes('"prompt_snapshot"')) return line;
      try {
        const red = redactor.record(JSON.parse(line));
        return red ? JSON.stringify(red) : line;
      } catch {
        return line;
      }
    })
    .join('\n');
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** Copies and sanitizes a run into a fixture folder. Throws if an original path survives. */
export function exportFixture(opts: ExportOptions): ExportReport {
  const { root, name, out } = opts;
  const target = `/home/dev/${name}`;
  const rewrite = pathRewriter(root, target);
  const redactor = new Redactor();
  if (existsSync(out)) rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const written: string[] = [];
  const copy = (src: string, destRel: string) => {
    const dest = join(out, rewrite(destRel));
    mkdirSync(dirname(dest), { recursive: true });
    const raw = readFileSync(src);
    const text = raw.toString('utf8');
    if (Buffer.from(text, 'utf8').equals(raw)) {
      writeFileSync(dest, sanitizeText(text, rewrite, src.endsWith('.jsonl'), redactor));
    } else {
      copyFileSync(src, dest);
    }
    written.push(dest);
  };

  const projectsDir = join(root, 'home', '.claude', 'projects');
  for (const f of walk(projectsDir)) copy(f, join('transcripts', relative(projectsDir, f)));
  for (const f of ['hooks.jsonl', 'control.jsonl']) {
    const p = join(root, f);
    if (existsSync(p) && statSync(p).size > 0) copy(p, f);
  }
  const settings = join(root, 'proj', '.claude', 'settings.json');
  if (existsSync(settings)) copy(settings, 'settings.json');
  for (const f of readdirSync(root)) if (/^pane-[\w.-]+\.txt$/.test(f)) copy(join(root, f), f);
  for (const rel of opts.projectFiles ?? []) copy(join(opts.root, 'proj', rel), basename(rel));

  // Nothing may still name the run folder.
  const needles = new Set([root, realpathSync(root), projectSlug(root), projectSlug(realpathSync(root))]);
  for (const f of walk(out)) {
    const body = readFileSync(f, 'utf8');
    for (const n of needles) {
      if (body.includes(n) || f.includes(n)) throw new Error(`${f} still contains ${n}`);
    }
  }
  return { files: written, redactedStrings: redactor.count };
}
