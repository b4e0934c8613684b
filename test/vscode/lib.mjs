// Shared pieces of the VS Code test runner: code-server in its own process group, chromium through
// playwright-core (Debian's binary, nothing downloaded), and finding the webview frames.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './fixture.mjs';

const require = createRequire(join(ROOT, 'package.json'));
export const { chromium } = require('playwright-core');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const servers = new Set();

/** Kills every code-server this process started (its whole process group). */
export async function stopAllServers() {
  await Promise.all([...servers].map((s) => s.stop()));
}

/**
 * Starts code-server on 127.0.0.1:<port> in a new process group. `settings` becomes the user
 * settings.json. Resolves once /healthz answers.
 */
export async function startCodeServer({ codeServer, env, userDataDir, extensionsDir, port, logFile, trust = false, settings = {} }) {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(
    join(userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.welcomePage.walkthroughs.openOnInstall': false,
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        'chat.disableAIFeatures': true,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'git.enabled': false,
        'git.autoRepositoryDetection': false,
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.banner': 'never',
        'security.workspace.trust.emptyWindow': false,
        'window.commandCenter': false,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'workbench.colorTheme': 'Light 2026',
        ...settings,
      },
      null,
      2,
    ),
  );
  const args = [
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    // lets the workbench take extensionDevelopmentPath/extensionTestsPath from the payload parameter
    '--vscode-option', 'enable-smoke-test-driver',
  ];
  if (!trust) args.push('--disable-workspace-trust');
  const out = createWriteStream(logFile);
  const child = spawn(codeServer, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  let exited = false;
  child.on('exit', () => (exited = true));
  const server = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      servers.delete(server);
      const pid = child.pid;
      if (exited || pid === undefined) return;
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        return;
      }
      for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
  servers.add(server);
  const t0 = Date.now();
  for (;;) {
    if (exited) throw new Error(`code-server exited at start; see ${logFile}`);
    try {
      const r = await fetch(`${server.url}/healthz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - t0 > 30_000) {
      await server.stop();
      throw new Error(`code-server did not answer /healthz in 30 s; see ${logFile}`);
    }
    await sleep(100);
  }
  server.startMs = Date.now() - t0;
  return server;
}

export async function launchBrowser({ userDataDir, chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium', width = 1400, height = 860 }) {
  const ctx = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width, height },
    deviceScaleFactor: 1,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  page.setDefaultTimeout(30_000);
  return { ctx, page };
}

/** The inner frame of a webview (iframe.webview > iframe#active-frame) whose document title matches. */
export async function webviewFrame(page, titleRe, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    for (const f of page.frames()) {
      if (f.name() !== 'active-frame' && !/fake\.html/.test(f.url())) continue;
      try {
        if (titleRe.test(await f.title())) return f;
      } catch {
        // a frame that went away while we looked
      }
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`webview frame not found: ${titleRe}`);
}

/** Runs a command from the command palette by its title. */
export async function runCommand(page, title) {
  const input = page.locator('.quick-input-widget input');
  // A focused webview keeps the keys to itself: give the focus back to the workbench first.
  for (let attempt = 0; ; attempt++) {
    await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
    if (attempt > 0) await page.locator('.part.editor .tabs-and-actions-container, .part.editor .title').first().click({ position: { x: 5, y: 5 } }).catch(() => {});
    await page.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt >= 2) throw e;
    }
  }
  await input.fill('>' + title);
  // the row whose label is exactly the title (others may contain it: "... Color Themes in Marketplace")
  const exact = new RegExp(`^\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exact }) }).first();
  await row.click();
}

export function payloadUrl(base, folder, payload) {
  const authority = new URL(base).host;
  const remote = (p) => `vscode-remote://${authority}${p}`;
  const entries = Object.entries(payload).map(([k, v]) => [k, k.endsWith('Path') ? remote(v) : v]);
  return `${base}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(entries))}`;
}
