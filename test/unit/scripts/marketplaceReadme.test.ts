// The README the .vsix carries (scripts/marketplaceReadme.mjs): built from README.md as `npm run package`
// builds it, with the set-up block at the end, no broken image or link, and under 2,500 words; and
// README.md itself still opens with the two set-up commands.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  absoluteLinks,
  docProblems,
  firstScreen,
  headingAnchors,
  marketplaceProblems,
  marketplaceReadme,
  readmeProblems,
  repoFiles,
  ROOT,
  SETUP_COMMANDS,
  setupCommands,
  whereOf,
  wordCount,
  writeMarketplaceReadme,
  type RepoFiles,
} from '../../../scripts/marketplaceReadme.mjs';

const where = { repo: 'o/r', branch: 'main' };
const RAW = 'https://raw.githubusercontent.com/o/r/main';
const BLOB = 'https://github.com/o/r/blob/main';
/** A repository of a few files, for the checks to look links up in. */
const memory = (files: Record<string, string>): RepoFiles => ({
  read: (p) => files[p],
  isDir: (p) => Object.keys(files).some((f) => f.startsWith(`${p}/`)),
});
const fake = memory({ 'docs/a.md': '# A\n\n## Some part\n', 'docs/shot.png': 'png', 'CHANGELOG.md': '# Changelog\n' });

const README = `# Tool

What it does.

<!-- develop -->
From a clone ([more](docs/a.md)):

\`\`\`sh
npm ci && npm start     # the demo
npm test                # every suite
\`\`\`
<!-- /develop -->

![shot](docs/shot.png)

## Your first goal in three steps

1. Install it.

## The plan format

A proof: \`npm test -- --grep x\`, see [A](docs/a.md#some-part) and [steps](#your-first-goal-in-three-steps).
`;

describe('the Marketplace README (scripts/marketplaceReadme.mjs)', () => {
  describe('building it from README.md', () => {
    const page = marketplaceReadme(README, where);

    it('moves the set-up block to the end under "## Develop" and keeps everything else in order', () => {
      assert.equal(page.includes('<!-- develop -->'), false);
      assert.match(page, /## The plan format[\s\S]*\n## Develop\n\nFrom a clone[\s\S]*npm ci && npm start[\s\S]*npm test {16}# every suite\n```\n$/);
      assert.ok(page.indexOf('What it does.') < page.indexOf('![shot]'));
    });

    it('makes relative images raw URLs and relative links blob URLs, leaving anchors, URLs and code alone', () => {
      assert.ok(page.includes(`![shot](${RAW}/docs/shot.png)`), page);
      assert.ok(page.includes(`[A](${BLOB}/docs/a.md#some-part)`));
      assert.ok(page.includes(`[more](${BLOB}/docs/a.md)`));
      assert.ok(page.includes('[steps](#your-first-goal-in-three-steps)'));
      assert.equal(absoluteLinks('`[x](y.md)` and [u](https://e.org/y.md)\n\n    [z](z.md)\n', where), '`[x](y.md)` and [u](https://e.org/y.md)\n\n    [z](z.md)\n');
      assert.equal(absoluteLinks('[![i](a/b.png)](./c/../d.md "t")\n', where), `[![i](${RAW}/a/b.png)](${BLOB}/d.md "t")\n`);
    });

    it('passes its own checks', () => assert.deepEqual(marketplaceProblems(page, fake, where), []));

    it('refuses a README without the set-up block markers, in one line', () => {
      assert.throws(() => marketplaceReadme(README.replace('<!-- /develop -->', ''), where), /^Error: README\.md: no set-up block between <!-- develop --> and <!-- \/develop -->$/);
    });
  });

  describe('what keeps a page from shipping', () => {
    const ok = marketplaceReadme(README, where);
    const cases: Array<[string, string, RegExp]> = [
      ['a set-up command on the first screen', ok.replace('1. Install it.', '1. Run `npm install` first.'), /^line \d+: a set-up command on the first screen: 1\. Run `npm install` first\.$/],
      ['the set-up block left at the top', absoluteLinks(README.replace(/<!-- \/?develop -->\n/g, ''), where), /a set-up command on the first screen: npm ci && npm start/],
      ['a relative image', ok.replace(`${RAW}/docs/shot.png`, 'docs/shot.png'), /image docs\/shot\.png is not an absolute https URL/],
      ['an http image', ok.replace(`${RAW}/docs/shot.png`, 'http://e.org/s.png'), /image http:\/\/e\.org\/s\.png is not an absolute https URL/],
      ['an image of this repository that does not exist', ok.replace('docs/shot.png', 'docs/gone.png'), /image https:\/\/raw\.githubusercontent\.com\/o\/r\/main\/docs\/gone\.png: docs\/gone\.png is not in the repository/],
      ['an <img> tag with a relative source', `${ok}\n<img src="docs/shot.png">\n`, /image docs\/shot\.png \(an <img> tag\)/],
      ['a relative link', ok.replace(`${BLOB}/docs/a.md#some-part`, 'docs/a.md'), /link docs\/a\.md is relative/],
      ['a link to a missing file', ok.replace(`${BLOB}/docs/a.md#some-part`, `${BLOB}/docs/b.md`), /docs\/b\.md is not in the repository/],
      ['a link to a missing heading of another file', ok.replace('#some-part', '#no-part'), /docs\/a\.md has no heading #no-part/],
      ['a link to a missing heading of the page', ok.replace('(#your-first-goal-in-three-steps)', '(#gone)'), /link #gone: no such heading on the page/],
      ['no three-steps section', ok.replace('three steps', 'a few steps'), /no "## … three steps" section/],
      ['no Develop section at the end', ok.replace('## Develop', '## Building'), /does not end with the "## Develop" section/],
      ['a Develop section without a set-up command', ok.replace('npm test                # every suite', 'make'), /"## Develop" lacks `npm test`/],
      ['2,500 words or more', `${ok}\n${'word '.repeat(2500)}\n## Develop\n\n${SETUP_COMMANDS.join('\n')}\n`, /words, the limit is under 2500$/],
    ];
    for (const [name, page, expected] of cases) {
      it(`${name} is a problem`, () => {
        const problems = marketplaceProblems(page, fake, where);
        assert.ok(problems.some((p) => expected.test(p)), problems.join('\n'));
      });
    }
  });

  describe('the first screen', () => {
    const rows: Array<[string, string, number, boolean]> = [
      ['ends before the section after the three steps', '# T\n\n## Install in three steps\n\n1. x\n\n## More\n\ny\n', 6, true],
      ['skips a "## " inside a code block', '# T\n\n## Three steps\n\n```md\n## Not a section\n```\n\n## More\n', 8, true],
      ['is the first 40 lines without a three-steps section', `# T\n${'line\n'.repeat(60)}`, 40, false],
    ];
    for (const [name, text, lines, steps] of rows) {
      it(name, () => assert.deepEqual([firstScreen(text).lines.length, firstScreen(text).steps], [lines, steps]));
    }
  });

  it('names headings as GitHub anchors them, numbering repeats', () => {
    assert.deepEqual([...headingAnchors('# Claude Code hooks: install and hardening\n## `npm test` — fast?\n## A\n## A\n')], ['claude-code-hooks-install-and-hardening', 'npm-test--fast', 'a', 'a-1']);
  });

  it('counts words as wc -w does', () => assert.equal(wordCount(' a  b\nc\t`d` '), 4));

  describe('README.md in the repository', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const files = repoFiles();
    const here = whereOf();

    it('opens with exactly the two set-up commands, before its first section', () => {
      assert.deepEqual(setupCommands(text), [...SETUP_COMMANDS]);
      assert.ok(text.indexOf('npm ci && npm start') < text.indexOf('\n## '));
    });

    it('has no problem: set-up block, links that resolve, absolute https images, under 2,500 words', () => {
      assert.deepEqual(readmeProblems(text, files, here), []);
    });

    it('its set-up check fails on a third command or a missing one', () => {
      assert.ok(readmeProblems(text.replace('npm test      ', 'npm test\nnpm run lint'), files, here).some((p) => p.includes('exactly `npm ci && npm start` and `npm test`')));
      assert.ok(readmeProblems(text.replace(/^npm test .*\n/m, ''), files, here).some((p) => p.includes('it has `npm ci && npm start`')));
    });

    it('the moved sections keep their links working (docs/, hooks/README.md, CONTRIBUTING.md)', () => {
      const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
      assert.ok(docs.length >= 8, docs.join(', '));
      for (const path of [...docs, 'hooks/README.md', 'CONTRIBUTING.md']) {
        assert.deepEqual(docProblems(readFileSync(join(ROOT, path), 'utf8'), path, files, here), [], path);
      }
      assert.deepEqual(docProblems('[x](../nope.md) [y](../README.md#your-first-goal-in-three-steps)', 'docs/z.md', files, here), ['line 1: link ../nope.md: nope.md is not in the repository']);
    });

    it('builds, as `npm run package` does, into a page with no problem', () => {
      const out = join(mkdtempSync(join(tmpdir(), 'pm-market-')), 'README.md');
      const built = writeMarketplaceReadme({ out });
      assert.deepEqual(built.problems, []);
      const page = readFileSync(out, 'utf8');
      assert.equal(page, marketplaceReadme(text, here));
      assert.ok(built.words < 2500 && built.words > 500, String(built.words));
      assert.equal(/npm (ci|test|start)/.test(firstScreen(page).lines.join('\n')), false);
    });
  });
});
