// Fast tests of the extension host's parts that do not need VS Code: the webview page and its CSP,
// the status bar words, the coalescer, the doctor's gates, the incremental transcript reads and the
// assembly of the tally (which must agree with the CLI's `proofmeter tally --json`).
// Run: npx mocha --config .mocharc.json 'test/vscode/unit/**/*.test.ts' (needs dist/proofmeter.js).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { findingsForFrozen } from '../../../src/core/plan/frozenFindings';
import { computeTally, type Tally } from '../../../src/core/tally/tally';
import { tallySchema } from '../../../src/core/tally/tallySchema';
import { Coalescer } from '../../../src/extension/coalesce';
import { parseGates } from '../../../src/extension/gates';
import { faultView, gitView, progressView } from '../../../src/extension/statusText';
import { readWorkspace, tallyOf, TranscriptCache } from '../../../src/extension/tallySource';
import { contentSecurityPolicy, makeNonce, renderPage } from '../../../src/extension/webviewHtml';
import { readGitFacts } from '../../../src/workspace/git';
import { withChecks, workspaceChecks } from '../../../src/workspace/gitPast';
import { readTranscript } from '../../../src/workspace/readTranscript';
import { run as tallyCommand } from '../../../src/cli/commands/tally';
import { appendBashRun, makeFixture, recordedSession, ROOT } from '../fixture.mjs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fixtureTally(planMd: string): Tally {
  const plan = parsePlan(planMd);
  const rec = recordedSession('lab/main');
  return computeTally({
    goal: { title: plan.title, planPath: 'PLAN.md', frozenBy: 'adopt', frozenAt: '2026-01-01T00:00:00.000Z' },
    items: plan.items,
    // Frozen (adopt) before check-plan refused the recording's echo proofs, so they stand.
    findings: findingsForFrozen(plan, new Set(plan.items.map((i) => i.key))),
    added: [],
    transcripts: [readTranscript(rec.main, 'main').events],
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
  });
}

describe('extension host parts (no VS Code)', () => {
  describe('webview page', () => {
    const page = renderPage({ view: 'sidebar', cspSource: 'https://x.vscode-cdn.net', scriptUri: 'https://x/main.js', styleUri: 'https://x/main.css', nonce: 'abcDEF123' });

    it('has a strict CSP: nothing by default, scripts only by nonce, styles/images/fonts from the webview source', () => {
      assert.equal(
        contentSecurityPolicy('https://x.vscode-cdn.net', 'abcDEF123'),
        "default-src 'none'; script-src 'nonce-abcDEF123'; style-src https://x.vscode-cdn.net; img-src https://x.vscode-cdn.net data:; font-src https://x.vscode-cdn.net",
      );
      assert.ok(page.includes(`content="default-src 'none'; script-src 'nonce-abcDEF123';`));
      assert.ok(!/unsafe-(inline|eval)/.test(page));
    });

    it('loads one nonce-tagged module script and no inline script or data', () => {
      const scripts = page.match(/<script\b[^>]*>/g) ?? [];
      assert.deepEqual(scripts, ['<script type="module" nonce="abcDEF123" src="https://x/main.js">']);
      assert.ok(page.includes('<script type="module" nonce="abcDEF123" src="https://x/main.js"></script>'), 'the script element is empty');
      assert.ok(!/<style/.test(page) && !/ style=/.test(page), 'no inline styles');
      assert.ok(page.includes('<body data-view="sidebar">'));
      assert.ok(page.includes('<link rel="stylesheet" href="https://x/main.css">'));
    });

    it('makes a fresh 128-bit nonce each time', () => {
      const a = makeNonce();
      const b = makeNonce();
      assert.notEqual(a, b);
      assert.match(a, /^[A-Za-z0-9+/]{22}$/);
    });
  });

  describe('status bar words', () => {
    const plan = '# Greeting\n\n## Steps\n\n- **S1.** Greet. Proof: `echo hello-from-bash; echo to-stderr >&2`\n- **S2.** Exit. Proof: `echo before-exit; echo err-before-exit >&2; exit 3`\n- **S3.** Test. Proof: `npm test`\n\n## Checks\n\n- **V1.** Read it. Proof: human — you read it\n';

    it('shows the bar and done/total, warning for failed items, the stages and what is open in the tooltip', () => {
      const t = fixtureTally(plan);
      const v = progressView(t, { fault: null, trusted: true });
      assert.equal(v.text, '$(warning) ▰▰▱▱▱▱▱▱ 1/3');
      assert.equal(v.severity, 'warning');
      for (const s of ['plan', 'approve', 'build', 'check', 'commit', 'push', 'close']) assert.ok(v.tooltip.includes(`**${s}**`), s);
      assert.ok(v.tooltip.includes('`S2` failed: exit code 3'), v.tooltip);
      assert.ok(v.tooltip.includes('`S3` not run yet'), v.tooltip);
      assert.ok(v.tooltip.includes('**Open for you**') && v.tooltip.includes('`V1`'), v.tooltip);
      assert.match(v.ariaLabel, /^Proofmeter: \d+ of \d+ done/);
    });

    it('is plain when nothing failed, an error when the meter has a fault, and says Restricted Mode', () => {
      const ok = fixtureTally('# G\n\n## Steps\n\n- **S1.** Greet. Proof: `echo hello-from-bash; echo to-stderr >&2`\n');
      assert.equal(progressView(ok, { fault: null, trusted: true }).severity, 'ok');
      assert.equal(progressView(ok, { fault: 'cannot read', trusted: true }).severity, 'error');
      assert.match(progressView(ok, { fault: null, trusted: false }).tooltip, /Restricted Mode/);
      assert.equal(faultView('goal.json is not valid JSON').severity, 'error');
    });

    it('says what git says: uncommitted, unpushed, no upstream, clean', () => {
      // Pushed or not as the remote itself answers (gitPast.ts); not asked, push is unverified.
      const answer = (has: boolean) => ({ recorded: null, remotes: [{ name: 'origin', url: '/o.git' }], upstreamRemote: 'origin', answer: has ? { kind: 'has-head' as const, ref: 'refs/heads/main' } : { kind: 'lacks-head' as const, ref: 'refs/heads/main', at: 'abc' } });
      const base = { root: '/w', dirty: ['a', 'b'], hasRemote: true, upstream: 'origin/main', ahead: 1, remote: answer(false) };
      assert.equal(gitView(base).text, '⎇ 2 uncommitted · 1 unpushed');
      assert.equal(gitView({ ...base, dirty: [], ahead: 0, remote: answer(true) }).text, '⎇ committed · pushed');
      assert.equal(gitView({ ...base, dirty: [], ahead: 0, remote: undefined }).text, '⎇ committed · push unverified');
      assert.equal(gitView({ ...base, upstream: null, ahead: 0 }).text, '⎇ 2 uncommitted · no upstream');
      assert.equal(gitView({ ...base, hasRemote: false, upstream: null, ahead: 0 }).text, '⎇ 2 uncommitted');
    });

    it('escapes Markdown in names it did not write', () => {
      const t = fixtureTally('# Fix #12 | v1.0_beta!\n\n## Steps\n\n- **S1.** Greet. Proof: `npm test`\n');
      assert.equal(t.goal.title, 'Fix #12 | v1.0_beta!');
      assert.ok(progressView(t, { fault: null, trusted: true }).tooltip.includes('Fix \\#12 \\| v1\\.0\\_beta\\!'));
    });
  });

  describe('coalescer', () => {
    it('runs once for a burst, after the delay', async () => {
      let n = 0;
      const c = new Coalescer(() => n++, 50, 1000);
      for (let i = 0; i < 10; i++) {
        c.schedule();
        await sleep(5);
      }
      assert.equal(n, 0);
      await sleep(120);
      assert.equal(n, 1);
      c.dispose();
    });

    it('still runs during a steady stream, by the ceiling', async () => {
      let n = 0;
      const c = new Coalescer(() => n++, 50, 150);
      const end = Date.now() + 400;
      while (Date.now() < end) {
        c.schedule();
        await sleep(10);
      }
      assert.ok(n >= 2, `${n} runs`);
      c.dispose();
    });

    it('never runs after dispose', async () => {
      let n = 0;
      const c = new Coalescer(() => n++, 10, 100);
      c.schedule();
      c.dispose();
      await sleep(40);
      assert.equal(n, 0);
    });
  });

  describe('gates from proofmeter doctor --json', () => {
    it('maps each gate; rejects output that is not a doctor report', () => {
      const json = JSON.stringify({
        gates: [
          { hook: 'stop', label: 'stop gate [Stop]', entryIn: ['project'], armed: true, why: null, lastFired: { time: '2026-01-01T00:00:00Z', outcome: 'allow', session: null } },
          { hook: 'guard', label: 'guard', entryIn: [], armed: false, why: 'no entry in any settings file', lastFired: null },
        ],
      });
      assert.deepEqual(parseGates(json), [
        { gate: 'stop gate [Stop]', armed: true, detail: 'entry in project', lastFired: '2026-01-01T00:00:00Z', statusLine: false },
        { gate: 'guard', armed: false, detail: 'no entry in any settings file', lastFired: null, statusLine: false },
      ]);
      assert.equal(parseGates('not json'), null);
      assert.equal(parseGates('{"gates": [{"armed": "yes"}]}'), null);
      assert.equal(parseGates('[]'), null);
    });

    it('reads the real CLI report', () => {
      const dir = mkdtempSync(join(tmpdir(), 'pm-doc-'));
      try {
        let out = '';
        try {
          out = execFileSync(process.execPath, [join(ROOT, 'dist', 'proofmeter.js'), 'doctor', '--dir', dir, '--json'], { encoding: 'utf8' });
        } catch (e) {
          out = (e as { stdout: string }).stdout; // exit 1: gates unarmed
        }
        const gates = parseGates(out);
        assert.ok(gates && gates.length >= 6 && gates.every((g) => !g.armed), out.slice(0, 300));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('incremental transcript reads', () => {
    it('reads only appended bytes and gives what a full read gives', () => {
      const dir = mkdtempSync(join(tmpdir(), 'pm-inc-'));
      try {
        const file = join(dir, 's.jsonl');
        copyFileSync(recordedSession().main, file);
        const cache = new TranscriptCache();
        cache.read(file, 'main');
        assert.equal(cache.bytesRead, statSync(file).size);
        cache.resetCounters();
        const size = statSync(file).size;
        appendBashRun(file, 'test -s CHANGELOG.md');
        const inc = cache.read(file, 'main');
        assert.equal(cache.bytesRead, statSync(file).size - size);
        assert.deepEqual(inc, readTranscript(file, 'main').events);
        cache.resetCounters();
        cache.read(file, 'main');
        assert.equal(cache.bytesRead, 0, 'an unchanged file is not read');
        writeFileSync(file, ''); // truncated: read again from the start
        appendFileSync(file, '{"type":"user"}\n');
        const fresh = cache.read(file, 'main');
        assert.equal(fresh?.lines, 1);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('the tally the extension assembles', function () {
    this.timeout(30_000);
    let root: string;
    before(() => {
      root = mkdtempSync(join(tmpdir(), 'pm-ws-'));
    });
    after(() => rmSync(root, { recursive: true, force: true }));

    it("equals the CLI's `proofmeter tally --json` on the fixture workspace, protection included, before and after an append", () => {
      const home = join(root, 'home');
      const fx = makeFixture({ root, name: 'ws', home });
      const env = { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: '' };
      const cache = new TranscriptCache();
      // Compared as JSON, every key, before any parse; the parse only types the reads below.
      const mineJson = (): unknown => {
        const r = readWorkspace({ cwd: fx.ws, env, cache });
        // git as the meter reads it: its status, then what status does not show (gitPast.ts).
        return JSON.parse(JSON.stringify(tallyOf(r.inputs!, withChecks(readGitFacts(fx.ws), workspaceChecks(fx.ws, env, r.inputs!.transcripts, 0), env), r.protection, { cwd: fx.ws, env })));
      };
      const mine = () => tallySchema.parse(mineJson());
      const cli = (): unknown => {
        const out: string[] = [];
        const r = tallyCommand(['--json', '--cwd', fx.ws], { out: (l) => void out.push(l), err: () => undefined, readStdin: async () => '', env, cwd: fx.ws });
        assert.equal(r.code, 0);
        return JSON.parse(out.join('\n'));
      };
      assert.deepEqual(mineJson(), cli());
      assert.ok(mine().protection, 'the protection is part of the tally');
      assert.deepEqual(mine().headline, { done: 4, total: 9 });
      appendBashRun(fx.transcript, 'test -s CHANGELOG.md');
      assert.deepEqual(mineJson(), cli());
      assert.deepEqual(mine().headline, { done: 5, total: 9 });
      appendBashRun(fx.transcript, 'sh suite.sh', { exit: 1, output: '1 failing' });
      assert.deepEqual(mineJson(), cli());
      assert.equal(mine().items.find((i) => i.id === 'V2')?.state, 'failed');
    });

    it('has no tally without a goal, and a goal file it cannot read is a tampered meter, never no goal', () => {
      const ws = join(root, 'empty');
      execFileSync('mkdir', ['-p', join(ws, '.claude', 'proofmeter')]);
      const env = { HOME: join(root, 'home') };
      assert.equal(readWorkspace({ cwd: ws, env, cache: new TranscriptCache() }).inputs, null);
      writeFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), '{ not json');
      // A corrupt goal is held as a goal with a meter-tampered finding (the seal issue): NOT DONE, never "no goal".
      const held = readWorkspace({ cwd: ws, env, cache: new TranscriptCache() }).inputs;
      assert.ok(held, 'a corrupt goal still reads as a goal');
      const t = tallyOf(held, null, null);
      assert.equal(t.verdict, 'not-done');
      assert.deepEqual(t.integrity.map((f) => [f.kind, f.severity]), [['meter-tampered', 'error']]);
    });
  });
});
