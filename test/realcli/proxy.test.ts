// The real Claude Code CLI, offline, through `proofmeter proxy run` with a low threshold, the proxy
// pointed at the fake Messages server. What the fake server received is the evidence: compacted,
// valid JSON, under the threshold, every tool call with its result, and the session completes.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateTokens } from '../../src/core/proxy/estimate';
import type { Message } from '../../src/core/proxy/messages';
import { SUMMARY_HEADER } from '../../src/core/proxy/summary';
import { pairingViolations } from '../../src/core/proxy/turns';
import { readStatus } from '../../src/proxy/runStore';
import { netnsUnavailableReason, readJsonl, repoRoot, resolveClaudeBin, runClaude, type RunResult } from './runClaude';

const STEPS = 16;
const THRESHOLD = 12_000;
const step = (k: number) => `printf 'PXSTEP-${k} '; head -c 4000 /dev/zero | tr '\\0' x`;

describe('real Claude Code CLI through the compaction proxy', function () {
  this.timeout(10 * 60 * 1000);
  let run: RunResult | undefined;
  let wrapper = '';

  before(async function () {
    const reason = netnsUnavailableReason();
    if (reason) throw new Error(`cannot isolate the CLI from the network here: ${reason}`);
    const claude = await resolveClaudeBin();
    const cli = join(repoRoot, 'dist', 'proofmeter.js');
    if (!existsSync(cli)) throw new Error('build first: node esbuild.mjs');
    // The CLI joins the test's network namespace, so the proxy it starts does too; its upstream is
    // the fake server the harness pointed ANTHROPIC_BASE_URL at.
    wrapper = join(mkdtempSync(join(tmpdir(), 'pm-proxy-')), 'claude-through-proxy.sh');
    writeFileSync(wrapper, [
      '#!/bin/sh',
      `exec ${process.execPath} ${cli} proxy run --upstream "$ANTHROPIC_BASE_URL" --threshold ${THRESHOLD} --log "$PROOFMETER_LAB_OUT/proxy-log.jsonl" -- ${claude} "$@"`,
      '',
    ].join('\n'));
    chmodSync(wrapper, 0o755);
  });

  after(() => run?.cleanup());

  it('sends compacted, valid requests under the threshold with every pair intact, and the session completes', async function () {
    this.timeout(180 * 1000);
    run = await runClaude({
      name: 'proxy',
      mode: 'print',
      prompt: 'run the proxy long session',
      args: ['--dangerously-skip-permissions'],
      claudeBin: wrapper,
      env: { PROOFMETER_PROXY_STATE: '{{ROOT}}/proxy-state' },
      timeoutMs: 150_000,
      script: {
        threads: [{
          name: 'main',
          match: 'run the proxy long session',
          stepPattern: 'PXSTEP-(\\d+)',
          turns: [
            ...Array.from({ length: STEPS }, (_, k) => ({
              content: [
                { type: 'text' as const, text: `Step ${k} of the long session.` },
                { type: 'tool_use' as const, name: 'Bash', input: { command: step(k), description: `Step ${k}` } },
              ],
            })),
            { text: 'Long session finished.' },
          ],
        }],
      },
    });

    const inv = run.invocations[0]!;
    assert.equal(inv.exitCode, 0, `claude exited ${inv.exitCode}: ${readFileSync(inv.stderrPath!, 'utf8').slice(0, 2000)}`);
    const result = readJsonl<{ type?: string; result?: unknown } | null>(inv.stdoutPath!).find((m) => m?.type === 'result');
    assert.equal(result?.result, 'Long session finished.');

    const main = run.requests().filter((r) => r.reply.kind === 'thread');
    assert.ok(main.length >= STEPS + 1, `${main.length} main-thread requests`);
    const steps = main.map((r) => r.reply.step!);
    for (let k = 0; k <= STEPS; k++) assert.ok(steps.includes(k), `step ${k} was reached (steps ${steps.join(',')})`);

    const log = readJsonl<{ action?: string; threshold?: number; estAfter?: number; path: string }>(join(run.root, 'proxy-log.jsonl'));
    const limit = Math.max(...log.map((e) => e.threshold ?? 0));
    assert.ok(limit >= THRESHOLD, `threshold applied ${limit}`);
    const compacted = main.filter((r) => JSON.stringify(r.body).includes(SUMMARY_HEADER));
    assert.ok(compacted.length >= 3, `${compacted.length} of ${main.length} requests compacted`);
    for (const r of main) {
      const messages = r.body?.messages as Message[];
      assert.equal(pairingViolations(messages), 0, `request ${r.n}: every tool call with its result`);
      assert.equal(messages[0]!.role, 'user');
      for (let i = 1; i < messages.length; i++) assert.ok(messages[i]!.role !== messages[i - 1]!.role || messages[i]!.role !== 'user', `request ${r.n}: no two user messages in a row`);
      assert.ok(estimateTokens(r.body) <= limit, `request ${r.n}: ${estimateTokens(r.body)} estimated tokens <= ${limit}`);
    }
    const uncompactedPeak = Math.max(...log.map((e) => (e as { estBefore?: number }).estBefore ?? 0));
    assert.ok(uncompactedPeak > limit, `the history grew past the threshold (${uncompactedPeak} > ${limit})`);
    assert.ok(log.some((e) => e.action === 'reuse'), 'a compacted prefix was reused');
    assert.ok(!readFileSync(join(run.root, 'proxy-log.jsonl'), 'utf8').includes('sk-ant-'), 'no key in the log');
    const status = readStatus(join(run.root, 'proxy-state'));
    assert.equal(status.live.length, 0, 'the proxy ended with its command');
    assert.equal(status.allTime.compacted + status.allTime.reused, log.filter((e) => e.action === 'compact' || e.action === 'reuse').length);
    assert.ok(status.allTime.estBefore > status.allTime.estAfter);
  });
});
