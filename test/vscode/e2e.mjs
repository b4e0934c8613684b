// Browser end-to-end check: the built .vsix, installed into code-server, on the fixture workspace.
// Reads the status bar, opens the dashboard and the evidence view, checks every item's state inside
// the webview frames against the engine's tally, clicks through to the plan, and, in the light, dark
// and both high-contrast themes, takes screenshots and measures the contrast of every text. Last,
// the Testing view lists the plan's items with their states' icons.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditContrast } from './contrast.mjs';
import { launchBrowser, runCommand, webviewFrame } from './lib.mjs';

const THEMES = [
  // labels as the theme picker shows them (VS Code 1.139's default themes)
  { name: 'light', theme: 'Light 2026', workbenchClass: 'vs', bodyClass: 'vscode-light' },
  { name: 'dark', theme: 'Dark 2026', workbenchClass: 'vs-dark', bodyClass: 'vscode-dark' },
  { name: 'hc', theme: 'Dark High Contrast', workbenchClass: 'hc-black', bodyClass: 'vscode-high-contrast' },
  { name: 'hclight', theme: 'Light High Contrast', workbenchClass: 'hc-light', bodyClass: 'vscode-high-contrast-light' },
];

const PROGRESS = '#proofmeter\\.proofmeter\\.proofmeter\\.progress';
const GIT = '#proofmeter\\.proofmeter\\.proofmeter\\.git';

/**
 * expected: { headline: {done,total}, states: {id: state}, planLines: {id: line}, statusText, gitText }
 * Returns { checks: [{name, ok, detail}], ms }.
 */
export async function runE2E({ base, ws, shotDir, docsDir, browserDir, expected, log = console.log }) {
  const t0 = Date.now();
  const checks = [];
  const check = (name, ok, detail = '') => {
    checks.push({ name, ok: !!ok, detail });
    log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` ${detail}` : ''}`);
  };
  const step = (m) => log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  mkdirSync(shotDir, { recursive: true });
  const { ctx, page } = await launchBrowser({ userDataDir: browserDir });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page.on('pageerror', (e) => log(`pageerror: ${e.message}`));
  const shot = async (file, target = page) => {
    const path = join(shotDir, file);
    await target.screenshot({ path });
    return path;
  };
  // Through the UI, as a person would: Preferences: Color Theme, type the name, Enter.
  const setTheme = async (t) => {
    if (await page.locator(`.monaco-workbench.${t.workbenchClass}`).count()) return;
    await runCommand(page, 'Preferences: Color Theme');
    const input = page.locator('.quick-input-widget input');
    await input.fill(t.theme);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: t.theme }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator(`.monaco-workbench.${t.workbenchClass}`).waitFor({ timeout: 20_000 });
  };
  try {
    await page.goto(`${base}/?folder=${encodeURIComponent(ws)}`);
    await page.locator('.monaco-workbench').waitFor();
    step('workbench loaded');
    await setTheme(THEMES[0]);

    // 1. the status bar, from the installed .vsix (activated by workspaceContains:.claude/**)
    const progress = page.locator(PROGRESS);
    await progress.filter({ hasText: `${expected.headline.done}/${expected.headline.total}` }).waitFor({ timeout: 60_000 });
    const progressText = (await progress.innerText()).trim();
    step(`status bar: "${progressText}"`);
    check('status bar shows the goal progress', progressText.endsWith(expected.statusText), JSON.stringify(progressText));
    const anyFailed = Object.values(expected.states).includes('failed');
    const cls = (await progress.getAttribute('class')) ?? '';
    check(`progress item ${anyFailed ? 'uses' : 'does not use'} the warning colours`, cls.includes('warning-kind') === anyFailed, cls);
    const git = page.locator(GIT);
    await git.filter({ hasText: '⎇' }).waitFor();
    const gitText = (await git.innerText()).trim();
    check('status bar shows commit/push', gitText === expected.gitText, JSON.stringify(gitText));
    const label = await page.locator(`${PROGRESS} a, ${PROGRESS} [role="button"]`).first().getAttribute('aria-label');
    check('progress item has a screen-reader label', /Proofmeter: \d+ of \d+ done/.test(label ?? ''), JSON.stringify(label));

    // 2. the dashboard, opened by clicking the status bar item
    await progress.click();
    const dash = await webviewFrame(page, /Proofmeter Dashboard/);
    await dash.locator('tr[data-id]').first().waitFor();
    const rows = await dash.locator('tr[data-id]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-id'), e.getAttribute('data-state')]));
    check('dashboard lists every item', rows.length === Object.keys(expected.states).length, JSON.stringify(rows));
    const wrong = rows.filter(([id, st]) => expected.states[id] !== st);
    check('dashboard shows each item in the engine state', rows.length > 0 && wrong.length === 0, JSON.stringify(wrong));
    const stages = await dash.locator('[data-stage]').evaluateAll((els) => els.map((e) => e.getAttribute('data-stage')));
    check('dashboard shows the seven stages', stages.length === 7, JSON.stringify(stages));
    const csp = await dash.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '');
    check('dashboard page has the strict CSP', /default-src 'none'/.test(csp) && /script-src 'nonce-[A-Za-z0-9+/]{20,}'/.test(csp) && !/unsafe/.test(csp), csp);
    check('dashboard body says data-view="dashboard"', (await dash.evaluate(() => document.body.dataset.view)) === 'dashboard');
    // hook health, from `proofmeter doctor --json` (no hooks installed in the fixture)
    // As many rows as the CLI's own doctor lists gates (one list of gates, in the installer).
    const doctor = spawnSync(process.execPath, [new URL('../../dist/proofmeter.js', import.meta.url).pathname, 'doctor', '--json'], { cwd: ws, encoding: 'utf8' });
    const gateCount = JSON.parse(doctor.stdout || '{"gates":[]}').gates.length;
    await dash.locator('tr[data-armed]').nth(gateCount - 1).waitFor({ timeout: 20_000 }).catch(() => {});
    const armed = await dash.locator('tr[data-armed]').evaluateAll((els) => els.map((e) => e.getAttribute('data-armed')));
    check('dashboard shows hook health for each gate (none armed)', gateCount > 0 && armed.length === gateCount && armed.every((a) => a === 'false'), JSON.stringify(armed));
    step('dashboard checked');

    // the seal section, with a real finding: the fixture's goal was sealed at adopt, when check.sh
    // (V1's proof `sh check.sh`) did not exist; a check.sh that cannot fail, written now, is the
    // engine's checker-trivialized finding, and the dashboard lists it with the engine's id
    const sealList = dash.locator('section[aria-labelledby="pm-seal-title"]');
    check('dashboard seal section reads the fixture as sealed (never "not checked")', (await sealList.locator('[data-seal="not-checked"]').count()) === 0);
    const checker = join(ws, 'check.sh');
    writeFileSync(checker, '#!/bin/sh\nexit 0\n');
    try {
      const cli = new URL('../../dist/proofmeter.js', import.meta.url).pathname;
      const engine = JSON.parse(spawnSync(process.execPath, [cli, 'tally', '--json'], { cwd: ws, encoding: 'utf8' }).stdout || '{"integrity":[]}');
      const want = engine.integrity.find((f) => f.kind === 'checker-trivialized');
      const row = sealList.locator('li.pm-seal[data-severity="error"]', { hasText: 'check.sh can no longer fail' });
      await row.waitFor({ timeout: 30_000 }).catch(() => {});
      const rowText = (await row.count()) ? (await row.first().innerText()).replace(/\s+/g, ' ') : '';
      check(
        'dashboard seal section lists the real checker-trivialized finding, with its id and what to do',
        want && rowText.includes(want.id) && rowText.includes('`exit 0` decides its exit') && rowText.includes('restore check.sh'),
        JSON.stringify({ rowText, engine: want ?? engine.integrity.map((f) => f.kind) }),
      );
      if (await row.count()) await row.first().scrollIntoViewIfNeeded();
      await shot('light-seal-finding.png', page.locator('.part.editor'));
    } finally {
      rmSync(checker, { force: true });
    }
    await sealList.locator('li.pm-seal', { hasText: 'check.sh can no longer fail' }).waitFor({ state: 'detached', timeout: 30_000 }).catch(() => {});
    check('dashboard seal section drops the finding once check.sh is as sealed', (await sealList.locator('li.pm-seal', { hasText: 'check.sh can no longer fail' }).count()) === 0);

    // 3. the evidence view in the activity bar
    // The whole entry: with the items tree's badge on it, the badge covers part of the label.
    await page.locator('.activitybar .action-item:has(> a[aria-label^="Proofmeter"]), .activitybar .action-item:has(> .action-label[aria-label^="Proofmeter"])').first().click();
    const side = await webviewFrame(page, /Proofmeter Evidence/);
    await side.locator('li.pm-item[data-id]').first().waitFor();
    const items = await side.locator('li.pm-item[data-id]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-id'), e.getAttribute('data-state')]));
    const wrongSide = items.filter(([id, st]) => expected.states[id] !== st);
    check('evidence view shows each item in the engine state', items.length === Object.keys(expected.states).length && wrongSide.length === 0, JSON.stringify(items));
    step('evidence view checked');

    // 4. screenshots and contrast in each theme (the webviews follow the theme); one item open, so
    // its details (proof, evidence, buttons) are measured too
    await side.locator('li.pm-item[data-id="S3"] button.pm-item-toggle').click();
    await side.locator('li.pm-item[data-id="S3"] .pm-item-details:not([hidden])').waitFor();
    const ratios = {};
    for (const t of THEMES) {
      await setTheme(t);
      await dash.locator(`body.${t.bodyClass}`).waitFor({ timeout: 20_000 });
      await side.locator(`body.${t.bodyClass}`).waitFor({ timeout: 20_000 });
      // let transient status bar entries ("Activating Extensions...") go before the pictures
      await page.locator('.part.statusbar .statusbar-item', { hasText: /Activating Extensions/ }).waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
      await page.waitForTimeout(300);
      await shot(`${t.name}-workbench.png`);
      await shot(`${t.name}-statusbar.png`, page.locator('.part.statusbar'));
      await shot(`${t.name}-dashboard.png`, page.locator('.part.editor'));
      await shot(`${t.name}-sidebar.png`, page.locator('.part.sidebar'));
      check(`screenshots in the ${t.name} theme`, true);
      for (const [name, frame] of [['dashboard', dash], ['sidebar', side]]) {
        const a = await auditContrast(frame);
        ratios[`${t.name} ${name}`] = a.lowest ? `${a.min}:1 (${a.lowest.selector} ${a.lowest.fg} on ${a.lowest.bg})` : null;
        const worst = a.failures
          .sort((x, y) => x.ratio - y.ratio)
          .slice(0, 6)
          .map((f) => `${f.selector} "${f.text}" ${f.fg} on ${f.bg} = ${f.ratio}:1 (needs ${f.needs})`);
        check(`${name} text meets WCAG AA contrast in the ${t.name} theme (${a.count} texts, lowest ${a.min}:1)`, a.count > 10 && a.failures.length === 0, worst.join(' | '));
      }
    }
    step(`contrast, lowest text ratio per view: ${JSON.stringify(ratios)}`);
    // a narrow window: the expectations table stacks (one block per item) below ~700 px
    await page.setViewportSize({ width: 900, height: 860 });
    await page.waitForTimeout(500);
    const narrow = await dash.evaluate(() => ({ width: window.innerWidth, display: getComputedStyle(document.querySelector('tr[data-id]')).display }));
    check('dashboard table stacks in a narrow editor', narrow.width < 700 && narrow.display === 'block', JSON.stringify(narrow));
    await page.setViewportSize({ width: 1400, height: 860 });
    await page.waitForTimeout(300);
    await side.locator('li.pm-item[data-id="S3"] button.pm-item-toggle').click();
    await setTheme(THEMES[0]);

    // 5. a click in the evidence view reaches the host: expand S2, open its plan line
    const s2 = side.locator('li.pm-item[data-id="S2"]');
    await s2.locator('button.pm-item-toggle').click();
    await s2.locator('button', { hasText: /Open plan line/ }).click();
    await page.locator('.tabs-container .tab', { hasText: 'PLAN.md' }).waitFor({ timeout: 15_000 });
    const line = await page.locator('.statusbar-item[id="status.editor.selection"]').innerText().catch(() => '');
    check('evidence view opens the plan at the item line', new RegExp(`Ln ${expected.planLines.S2}\\b`).test(line), JSON.stringify(line));

    // 6. a command from the palette
    await runCommand(page, 'Proofmeter: Show Tally');
    await page.locator('.part.panel .monaco-editor', { hasText: /verdict:\sNOT\sDONE/ }).first().waitFor({ timeout: 15_000 });
    check('Show Tally prints the tally in the Proofmeter output channel', true);
    await shot('light-show-tally.png');

    // 7. Set Goal: pick the plan, get the /goal line, copy it
    await runCommand(page, 'Proofmeter: Set Goal');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Proofmeter: Set Goal' }).waitFor();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'PLAN.md' }).first().click();
    // the message may stay in the notification center rather than pop up (headless windows have no focus)
    const note = page.locator('.notification-list-item', { hasText: '/goal PLAN.md' }).first();
    if (!(await note.isVisible().catch(() => false))) await runCommand(page, 'Notifications: Show Notifications');
    await note.waitFor({ timeout: 15_000 });
    await shot('light-set-goal.png');
    // no hooks in the fixture: the line would do nothing, so Install Hooks is offered first
    const noteText = (await note.innerText()).replace(/\s+/g, ' ');
    check('Set Goal says the prompt gate is not armed and offers Install Hooks first', /prompt gate is not armed/.test(noteText) && /Install Hooks/.test(noteText), JSON.stringify(noteText));
    await note.locator('.monaco-button', { hasText: 'Copy' }).click();
    let clip = '';
    for (let i = 0; i < 50 && clip !== '/goal PLAN.md'; i++) {
      clip = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => `(clipboard not readable: ${e.message})`);
      await page.waitForTimeout(100);
    }
    check('Set Goal offers the /goal line and copies it', clip === '/goal PLAN.md', JSON.stringify(clip));

    // 8. the Testing view: every plan item, with the icon of the meter's state (testStates.ts)
    await runCommand(page, 'Testing: Focus on Test Explorer View');
    const testRows = page.locator('.test-explorer .testing-stdtree-container');
    await testRows.filter({ hasText: /^S1\./ }).first().waitFor({ timeout: 20_000 });
    const icon = { proved: 'passed', closed: 'passed', failed: 'failed' };
    const listed = await testRows.evaluateAll((els) => els.map((e) => [e.querySelector('.label')?.textContent ?? '', e.querySelector('.computed-state')?.className ?? '']));
    const shown = Object.fromEntries(listed.map(([label, cls]) => [/^(\w+)\./.exec(label)?.[1], /testing-(\w+)-icon/.exec(cls)?.[1]]));
    const wrongTests = Object.entries(expected.states).filter(([id, st]) => shown[id] !== (icon[st] ?? 'skipped'));
    check("Testing view lists every plan item with its state's icon", wrongTests.length === 0, JSON.stringify(listed));
    await shot('light-testing.png');

    // 9. Uninstall Hooks asks first, naming what it removes; its default (focused) button keeps the
    // hooks, so Enter removes nothing (issue 27, M2): VS Code focuses a modal's first button.
    await runCommand(page, 'Proofmeter: Uninstall Hooks');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    const dialogText = (await dialog.innerText()).replace(/\s+/g, ' ');
    check('Uninstall Hooks asks first, naming what it removes', /Uninstall the Proofmeter hooks\?/.test(dialogText) && /It removes:/.test(dialogText) && /records in \.claude\/proofmeter\/ are kept/.test(dialogText), JSON.stringify(dialogText));
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const primary = await dialog.locator('.dialog-buttons .monaco-button:not(.secondary)').allInnerTexts();
    check('its default button is Keep Hooks: focused and the only primary one; Uninstall is secondary', focused === 'Keep Hooks' && primary.length === 1 && primary[0].trim() === 'Keep Hooks', JSON.stringify({ focused, primary }));
    await shot('light-uninstall-confirm.png');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.waitForTimeout(1500);
    const ran = await page.locator('.notification-list-item', { hasText: /nothing to remove|Removed \d+ proofmeter entr|Uninstall Hooks (done|failed)/ }).count();
    check('Enter on it closes it and runs nothing', ran === 0, `${ran} notification(s) from an uninstall`);
  } catch (e) {
    check('browser end-to-end run', false, e.message.split('\n')[0]);
    await shot('e2e-error.png').catch(() => {});
  } finally {
    await ctx.close();
  }
  if (docsDir) {
    mkdirSync(docsDir, { recursive: true });
    for (const t of ['light', 'dark']) {
      for (const part of ['workbench', 'dashboard', 'sidebar', 'statusbar']) {
        try {
          copyFileSync(join(shotDir, `${t}-${part}.png`), join(docsDir, `${part}-${t}.png`));
        } catch {
          // a failed run has fewer screenshots; the checks say why
        }
      }
    }
  }
  return { checks, ms: Date.now() - t0 };
}
