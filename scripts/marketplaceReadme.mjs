#!/usr/bin/env node
// `node scripts/marketplaceReadme.mjs`: writes out/marketplace/README.md, the README the .vsix carries
// (the Marketplace page and VS Code's extension view), derived from README.md. The repository's README
// opens with the two set-up commands a developer needs (the team's checker reads them there); a user
// should first see what Proofmeter does, so the block between <!-- develop --> and <!-- /develop -->
// moves to the end under "## Develop". The package has no docs/, so every relative link becomes an
// absolute GitHub URL. Never edit or commit the output: `npm run package` and test/vscode/build.mjs
// make it, and this script refuses to write a page that fails the checks below (exit 1, one line each).
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fromMarkdown } from 'mdast-util-from-markdown';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'out', 'marketplace', 'README.md');
/** The set-up commands README.md opens with, in this order and no others. */
export const SETUP_COMMANDS = ['npm ci && npm start', 'npm test'];
export const WORD_LIMIT = 2500;
/** Where a page without a three-steps section is taken to end its first screen. */
export const FIRST_SCREEN_LINES = 40;
const OPEN = '<!-- develop -->';
const CLOSE = '<!-- /develop -->';
const SETUP_WORDS = /\bnpm\s+(?:ci|install|i|test|start)\b/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** owner/name from package.json's repository (a string or { url }). */
export function repoOf(manifest) {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const m = /github\.com[/:]([^/]+\/[^/#?]+?)(?:\.git)?\/?$/.exec(url ?? '');
  if (!m) throw new Error(`package.json: repository is not a GitHub URL (${String(url)})`);
  return m[1];
}

/** Every link, image and link definition with the source range of its destination. */
function destinations(markdown) {
  const found = [];
  const walk = (node) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.position) {
      const { start, end } = node.position;
      const src = markdown.slice(start.offset, end.offset);
      const marker = node.type === 'definition' ? ']:' : '](';
      const at = node.type === 'definition' ? src.indexOf(marker) : src.lastIndexOf(marker);
      if (at >= 0) {
        let from = at + marker.length;
        while (/\s/.test(src[from] ?? '')) from++;
        let to = from;
        if (src[from] === '<') to = src.indexOf('>', from) + 1;
        else while (to < src.length && !/[\s)]/.test(src[to])) to++;
        found.push({ type: node.type, url: node.url, from: start.offset + from, to: start.offset + to, line: start.line });
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(fromMarkdown(markdown));
  return found;
}

/**
 * The repository path a relative link names from a file in folder `base` ('' for the root), and its
 * #fragment; null for a URL or a bare #anchor.
 */
function relativeTarget(url, base = '') {
  if (SCHEME.test(url) || url.startsWith('#') || url.startsWith('//')) return null;
  const [path, ...rest] = url.split('#');
  const parts = [];
  for (const part of [...base.split('/'), ...decodeURI(path).split('/')]) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return { path: parts.join('/'), fragment: rest.length ? rest.join('#') : null };
}

/** The README.md-relative file an absolute URL of this repository's `branch` names, or null. */
function repoFile(url, repo, branch) {
  const raw = `https://raw.githubusercontent.com/${repo}/${branch}/`;
  const web = new RegExp(`^https://github\\.com/${repo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree|raw)/${branch}/`);
  if (url.startsWith(raw)) return relativeTarget(url.slice(raw.length));
  const m = web.exec(url);
  return m ? relativeTarget(url.slice(m[0].length)) : null;
}

/** The absolute form of a relative link: raw.githubusercontent.com for images, github.com/…/blob for the rest. */
export function absoluteUrl(url, isImage, { repo, branch }) {
  const target = relativeTarget(url);
  if (!target) return url;
  const hash = target.fragment === null ? '' : `#${target.fragment}`;
  return isImage ? `https://raw.githubusercontent.com/${repo}/${branch}/${target.path}${hash}` : `https://github.com/${repo}/blob/${branch}/${target.path}${hash}`;
}

/** The same Markdown with every relative link and image made absolute (code spans and blocks untouched). */
export function absoluteLinks(markdown, where) {
  let out = markdown;
  for (const d of destinations(markdown).sort((a, b) => b.from - a.from)) {
    const abs = absoluteUrl(d.url, d.type === 'image', where);
    if (abs !== d.url) out = out.slice(0, d.from) + abs + out.slice(d.to);
  }
  return out;
}

/** The Marketplace README: the develop block moved to the end under "## Develop", every link absolute. */
export function marketplaceReadme(readme, where) {
  const text = readme.replace(/\r\n/g, '\n');
  const open = text.indexOf(OPEN);
  const close = text.indexOf(CLOSE);
  if (open < 0 || close < open) throw new Error(`README.md: no set-up block between ${OPEN} and ${CLOSE}`);
  const block = text.slice(open + OPEN.length, close).trim();
  const rest = (text.slice(0, open).trimEnd() + '\n\n' + text.slice(close + CLOSE.length).trimStart()).trimEnd();
  return absoluteLinks(`${rest}\n\n## Develop\n\n${block}\n`, where);
}

/** GitHub's anchor for each heading of a Markdown text (the Marketplace uses the same). */
export function headingAnchors(markdown) {
  const seen = new Map();
  const anchors = new Set();
  const text = (node) => (node.value ?? '') + (node.children ?? []).map(text).join('');
  const walk = (node) => {
    if (node.type === 'heading') {
      const base = text(node).toLowerCase().trim().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n ? `${base}-${n}` : base);
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(fromMarkdown(markdown));
  return anchors;
}

/** Words as `wc -w` counts them. */
export const wordCount = (text) => text.split(/\s+/).filter(Boolean).length;

/**
 * What is wrong with links and images: a link to a file the repository lacks (relative, or an absolute
 * URL of this repository's branch), an anchor no heading has, an image that is not https.
 * `files.read(path)` gives a repository file's text, or undefined when there is none.
 */
function linkProblems(markdown, files, { repo, branch, allowRelative, base = '' }) {
  const problems = [];
  const own = headingAnchors(markdown);
  for (const d of destinations(markdown)) {
    const what = d.type === 'image' ? 'image' : 'link';
    if (d.type === 'image' && !/^https:\/\//i.test(d.url)) problems.push(`line ${d.line}: image ${d.url} is not an absolute https URL (broken on the Marketplace)`);
    if (d.url.startsWith('#')) {
      if (!own.has(decodeURIComponent(d.url.slice(1)))) problems.push(`line ${d.line}: link ${d.url}: no such heading on the page`);
      continue;
    }
    const relative = relativeTarget(d.url, base);
    if (relative && !allowRelative && d.type !== 'image') problems.push(`line ${d.line}: link ${d.url} is relative (broken on the Marketplace)`);
    const target = relative ?? repoFile(d.url, repo, branch);
    if (!target) continue;
    const body = files.read(target.path);
    if (body === undefined && !files.isDir(target.path)) {
      problems.push(`line ${d.line}: ${what} ${d.url}: ${target.path} is not in the repository`);
    } else if (target.fragment && body !== undefined && /\.md$/i.test(target.path) && !headingAnchors(body).has(decodeURIComponent(target.fragment))) {
      problems.push(`line ${d.line}: link ${d.url}: ${target.path} has no heading #${target.fragment}`);
    }
  }
  for (const m of markdown.matchAll(/<img\b[^>]*\bsrc=["']([^"']*)["']/gi)) {
    if (!/^https:\/\//i.test(m[1])) problems.push(`image ${m[1]} (an <img> tag) is not an absolute https URL`);
  }
  return problems;
}

/** The lines of the first screen: up to the first `## ` section after the three steps. */
export function firstScreen(markdown) {
  const lines = markdown.split('\n');
  let fence = false;
  let steps = -1;
  for (let i = 0; i < lines.length; i++) {
    if (/^(```|~~~)/.test(lines[i])) fence = !fence;
    if (fence || !/^## /.test(lines[i])) continue;
    if (steps < 0 && /three steps/i.test(lines[i])) steps = i;
    else if (steps >= 0) return { lines: lines.slice(0, i), steps: true };
  }
  return { lines: lines.slice(0, steps >= 0 ? lines.length : FIRST_SCREEN_LINES), steps: steps >= 0 };
}

/** What keeps a generated Marketplace README from shipping; empty when it may. */
export function marketplaceProblems(markdown, files, where) {
  const problems = [];
  const screen = firstScreen(markdown);
  if (!screen.steps) problems.push('no "## … three steps" section: the first screen is taken as the first 40 lines');
  screen.lines.forEach((line, i) => {
    if (SETUP_WORDS.test(line)) problems.push(`line ${i + 1}: a set-up command on the first screen: ${line.trim()}`);
  });
  const develop = markdown.lastIndexOf('\n## Develop\n');
  if (develop < 0 || markdown.indexOf('\n## ', develop + 1) >= 0) problems.push('the page does not end with the "## Develop" section');
  else for (const c of SETUP_COMMANDS) if (!markdown.slice(develop).includes(c)) problems.push(`"## Develop" lacks \`${c}\``);
  problems.push(...linkProblems(markdown, files, { ...where, allowRelative: false }));
  const words = wordCount(markdown);
  if (words >= WORD_LIMIT) problems.push(`${words} words, the limit is under ${WORD_LIMIT}`);
  return problems;
}

/** The set-up commands README.md opens with: the command lines of the first code block before any `## `. */
export function setupCommands(markdown) {
  const top = markdown.split(/\n## /)[0];
  const block = /```(?:sh|bash|shell)?\n([\s\S]*?)```/.exec(top);
  if (!block) return [];
  return block[1]
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** What is wrong with README.md itself: the set-up block, links, images, length. */
export function readmeProblems(markdown, files, where) {
  const problems = [];
  const commands = setupCommands(markdown);
  if (JSON.stringify(commands) !== JSON.stringify(SETUP_COMMANDS)) {
    problems.push(`README.md must open (before its first "## ") with exactly ${SETUP_COMMANDS.map((c) => `\`${c}\``).join(' and ')}; it has ${commands.length ? commands.map((c) => `\`${c}\``).join(', ') : 'none'}`);
  }
  const open = markdown.indexOf(OPEN);
  const close = markdown.indexOf(CLOSE);
  const firstSection = markdown.indexOf('\n## ');
  if (open < 0 || close < open || (firstSection >= 0 && close > firstSection)) problems.push(`the set-up block is not between ${OPEN} and ${CLOSE} before the first "## "`);
  problems.push(...linkProblems(markdown, files, { ...where, allowRelative: true }));
  const words = wordCount(markdown);
  if (words >= WORD_LIMIT) problems.push(`README.md has ${words} words, the limit is under ${WORD_LIMIT}`);
  return problems;
}

/** Broken links and images of another Markdown file of the repository (`path` from the root). */
export function docProblems(markdown, path, files, where) {
  return linkProblems(markdown, files, { ...where, allowRelative: true, base: dirname(path).replace(/^\.$/, '') });
}

/** The repository's files as the checks read them. */
export function repoFiles(root = ROOT) {
  return {
    read: (path) => {
      try {
        return readFileSync(join(root, path), 'utf8');
      } catch {
        return undefined;
      }
    },
    isDir: (path) => statSync(join(root, path), { throwIfNoEntry: false })?.isDirectory() ?? false,
  };
}

/** The repository and branch the absolute URLs point at, from package.json. */
export function whereOf(root = ROOT) {
  return { repo: repoOf(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))), branch: 'main' };
}

/** Builds the Marketplace README from README.md and writes it to `out` unless a check fails. */
export function writeMarketplaceReadme({ root = ROOT, out = OUT } = {}) {
  const where = whereOf(root);
  const files = repoFiles(root);
  const page = marketplaceReadme(readFileSync(join(root, 'README.md'), 'utf8'), where);
  const problems = marketplaceProblems(page, files, where);
  if (!problems.length) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, page);
  }
  return { out, problems, words: wordCount(page) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { out, problems, words } = writeMarketplaceReadme();
    if (problems.length) {
      for (const p of problems) console.error(`marketplace README: ${p}`);
      process.exit(1);
    }
    console.log(`${out} (${words} words)`);
  } catch (e) {
    console.error(`marketplace README: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
