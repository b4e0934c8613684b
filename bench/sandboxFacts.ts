// Facts about Claude Code 2.1.332 the sandbox work depends on, measured with the real CLI offline
// (test/realcli/SANDBOX-MEASURED.md holds the results): what the sandbox does to Bash's network in
// bypass and default mode with no `sandbox.network` settings, and whether a PreToolUse hook entry's
// `onFailure: "block"` stops the tool call when the hook fails. Prints what each run saw; asserts
// nothing, as these are what Claude Code does, not what the meter promises.
//
//   node --import tsx bench/sandboxFacts.ts [network] [onfailure]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runClaude, type RunResult } from '../test/realcli/runClaude';
import type { ScriptTurn } from '../test/realcli/fakeMessages';
import { bash, threadRequests } from '../test/realcli/scenarioKit';

const only = process.argv.slice(2);
const want = (n: string) => !only.length || only.includes(n);

function resultText(run: RunResult, step: number): string {
  const next = threadRequests(run, 'main').find((q) => q.reply.step === step + 1);
  const body = next?.body as { messages?: Array<{ role?: string; content?: unknown }> } | undefined;
  const last = body?.messages?.filter((m) => m.role === 'user').at(-1);
  if (!Array.isArray(last?.content)) return '(no result)';
  return (last.content as Array<Record<string, unknown>>)
    .filter((b) => b.type === 'tool_result')
    .map((b) => `${b.is_error === true ? '[error] ' : ''}${typeof b.content === 'string' ? b.content : JSON.stringify(b.content)}`)
    .join('\n');
}

const SANDBOX = { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false, autoAllowBashIfSandboxed: true };

async function network(): Promise<void> {
  const port = "$(python3 -c \"import json; print(json.load(open('{{ROOT}}/.host-ready.json'))['port'])\")";
  const probes: Array<[string, ScriptTurn]> = [
    ['curl http:// to a host', bash("curl -s -o /dev/null -w '%{http_code}' --max-time 15 http://registry.npmjs.org/")],
    ['curl https:// to a host', bash("curl -s -o /dev/null -w '%{http_code}' --max-time 15 https://registry.npmjs.org/")],
    ['a server started inside, on 127.0.0.1', bash(`python3 -m http.server 8765 --bind 127.0.0.1 >/dev/null 2>&1 & sleep 2; curl -s -o /dev/null -w '%{http_code}' --noproxy '*' --max-time 5 http://127.0.0.1:8765/; echo " rc=$?"; kill $!`)],
    ['a server outside the sandbox, on 127.0.0.1 (the fake API)', bash(`curl -s -o /dev/null -w '%{http_code}' --noproxy '*' --max-time 5 http://127.0.0.1:${port}/v1/models; echo " rc=$?"`)],
    // One command each above: in default mode a compound command with curl in it asked for approval as a whole.
    ['the proxy variables', bash('env | grep -i _proxy | sort')],
  ];
  for (const [mode, args] of [['bypass', ['--dangerously-skip-permissions']], ['default', []]] as const) {
    const run = await runClaude({
      name: `facts-network-${mode}`,
      mode: 'print',
      prompt: 'probe the network',
      args: [...args],
      settings: { sandbox: SANDBOX },
      script: { threads: [{ name: 'main', match: 'probe the network', turns: [...probes.map(([, t]) => t), { text: 'Done.' }] }] },
    });
    console.log(`\n## network, ${mode} mode (exit ${run.invocations[0]!.exitCode})`);
    probes.forEach(([what], i) => console.log(`- ${what}: ${resultText(run, i).replace(/\s+/g, ' ').slice(0, 400)}`));
    const proxied = existsSync(run.proxyLog) ? readFileSync(run.proxyLog, 'utf8').split('\n').filter(Boolean) : [];
    console.log(`- the run's refusing proxy logged ${proxied.length} attempt(s): ${proxied.map((l) => l.slice(0, 120)).join(' | ')}`);
    run.cleanup();
  }
}

async function onFailure(): Promise<void> {
  const variants: Array<[string, Record<string, unknown>]> = [
    ['exit 1, no onFailure', { type: 'command', command: 'exit 1' }],
    ['exit 1, onFailure: block', { type: 'command', command: 'exit 1', onFailure: 'block' }],
    ['a missing script (node exits 1), onFailure: block', { type: 'command', command: 'node /nonexistent/hook.js', onFailure: 'block' }],
    ['a missing program (sh exits 127), onFailure: block', { type: 'command', command: '/nonexistent/hook', onFailure: 'block' }],
    ['timed out (sleep 20, timeout 2), onFailure: block', { type: 'command', command: 'sleep 20', timeout: 2, onFailure: 'block' }],
  ];
  console.log('\n## PreToolUse onFailure (bypass mode)');
  for (const [i, [what, hook]] of variants.entries()) {
    const run = await runClaude({
      name: `facts-onfailure-${i}`,
      mode: 'print',
      prompt: 'run the command',
      args: ['--dangerously-skip-permissions'],
      settings: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } },
      script: { threads: [{ name: 'main', match: 'run the command', turns: [bash('echo ran > ran.txt && echo RAN'), { text: 'Done.' }] }] },
    });
    const ran = existsSync(join(run.project, 'ran.txt'));
    console.log(`- ${what} ${JSON.stringify(hook)}: the Bash call ${ran ? 'RAN' : 'did not run'}; result: ${resultText(run, 0).replace(/\s+/g, ' ').slice(0, 300)}`);
    run.cleanup();
  }
}

async function main(): Promise<void> {
  if (want('network')) await network();
  if (want('onfailure')) await onFailure();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
