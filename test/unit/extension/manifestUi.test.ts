// What the manifest shows a person (package.json contributes): the icons, where commands appear,
// and the empty items view. Read from the file the extension ships.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROXY_RUNNING_KEY } from '../../../src/extension/proxyController';
import { HAS_GOAL_KEY, ITEMS_VIEW } from '../../../src/extension/treeNodes';

interface Contributes {
  commands: Array<{ command: string; icon?: string }>;
  menus: { commandPalette: Array<{ command: string; when?: string }> };
  viewsWelcome?: Array<{ view: string; contents: string; when?: string }>;
}

function contributes(): Contributes {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { contributes: Contributes };
  return pkg.contributes;
}

describe('the manifest as a person sees it', () => {
  it('Verify has a run icon, not the refresh arrow', () => {
    assert.equal(contributes().commands.find((c) => c.command === 'proofmeter.verify')?.icon, '$(run-all)');
  });

  // Rows: the command, what its palette entry must be conditioned on.
  const proxy: Array<[string, RegExp]> = [
    ['proofmeter.startProxy', new RegExp(`isWorkspaceTrusted && !${PROXY_RUNNING_KEY.replace('.', '\\.')}`)],
    ['proofmeter.stopProxy', new RegExp(`^${PROXY_RUNNING_KEY.replace('.', '\\.')}$`)],
  ];
  for (const [command, when] of proxy) {
    it(`${command} shows in the palette only when it applies (${when.source})`, () => {
      assert.match(contributes().menus.commandPalette.find((m) => m.command === command)?.when ?? '', when);
    });
  }

  it('the empty items view has welcome content with its actions while no goal exists, trusted or not', () => {
    const welcome = (contributes().viewsWelcome ?? []).filter((w) => w.view === ITEMS_VIEW);
    assert.equal(welcome.length, 2);
    for (const w of welcome) assert.match(w.when ?? '', new RegExp(`!${HAS_GOAL_KEY.replace('.', '\\.')}`));
    assert.ok(welcome.some((w) => w.contents.includes('(command:proofmeter.adoptPlan)') && /(?<!!)isWorkspaceTrusted/.test(w.when ?? '')));
    assert.ok(welcome.some((w) => w.contents.includes('(command:workbench.trust.manage)') && /!isWorkspaceTrusted/.test(w.when ?? '')));
  });
});
