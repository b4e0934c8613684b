// Runs INSIDE a fresh network namespace (started as `unshare -n node --import tsx nsHost.ts CONFIG`).
// Brings up loopback, refuses to go on if any other interface exists, starts the fake Messages API
// and the refusing proxy on 127.0.0.1, writes {pid, port, proxyPort} to the ready file, then waits
// until its stdin closes (or SIGTERM). runClaude.ts starts the CLI in the same namespace with
// `nsenter -t <pid> -n`, so the CLI can reach the fake API and nothing else.
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { startFakeMessages, type FakeScript } from './fakeMessages';
import { startDenyProxy } from './denyProxy';

export interface NsHostConfig {
  scriptPath: string;
  requestLog: string;
  proxyLog: string;
  readyFile: string;
}

export interface NsHostReady {
  pid: number;
  port: number;
  proxyPort: number;
}

function fail(message: string): never {
  process.stderr.write(`nsHost: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const configPath = process.argv[2];
  if (!configPath) fail('usage: nsHost.ts CONFIG.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as NsHostConfig;

  const up = spawnSync('ip', ['link', 'set', 'lo', 'up'], { encoding: 'utf8' });
  if (up.status !== 0) fail(`ip link set lo up failed: ${up.stderr || up.error}`);
  const links = spawnSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' });
  const names = links.stdout.split('\n').filter(Boolean).map((l) => l.split(':')[1]?.trim().split('@')[0]);
  if (links.status !== 0 || names.some((n) => n !== 'lo')) {
    fail(`not in an isolated network namespace (interfaces: ${names.join(', ')})`);
  }

  const script = JSON.parse(readFileSync(config.scriptPath, 'utf8')) as FakeScript;
  const api = await startFakeMessages({ script, logPath: config.requestLog });
  const proxy = await startDenyProxy(config.proxyLog);
  const ready: NsHostReady = { pid: process.pid, port: api.port, proxyPort: proxy.port };
  writeFileSync(config.readyFile + '.tmp', JSON.stringify(ready));
  renameSync(config.readyFile + '.tmp', config.readyFile);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await Promise.race([
      Promise.all([api.close(), proxy.close()]),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('error', () => void shutdown());
  process.stdin.resume();
}

main().catch((err: unknown) => fail(String(err instanceof Error ? err.stack : err)));
