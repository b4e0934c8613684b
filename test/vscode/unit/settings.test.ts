// The settings: each checked on its own (a wrong value falls back to its default and is logged),
// contributed and documented in package.json with the same defaults, and the one that names a
// program to run kept out of Restricted Mode.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newFailures } from '../../../src/extension/newFailures';
import { DEFAULT_SETTINGS, readSettings, SETTING_KEYS } from '../../../src/extension/settings';
import { viewStateSchema, type ViewState } from '../../../src/protocol';
import { underWayTally, viewState } from '../../webview/fixtures';
import { ROOT } from '../fixture.mjs';
import { manifest } from '../manifest';

describe('settings', function () {
  it('reads valid values and falls back, with a warning, for a wrong one', function () {
    const warnings: string[] = [];
    const values: Record<string, unknown> = { showGitItem: false, notifyOnFailure: 'yes', cliPath: '/opt/pm/proofmeter.sh' };
    const s = readSettings((k) => values[k], (m) => warnings.push(m));
    assert.deepEqual(s, { showGitItem: false, notifyOnFailure: false, cliPath: '' });
    assert.equal(warnings.length, 2);
    assert.match(warnings.join('\n'), /proofmeter\.notifyOnFailure ignored/);
    assert.match(warnings.join('\n'), /proofmeter\.cliPath ignored \(must be empty or the path of a proofmeter\.js\)/);
    assert.deepEqual(readSettings(() => undefined, () => assert.fail('no warning for unset settings')), DEFAULT_SETTINGS);
  });

  it('package.json contributes each one, documented, with the same default; cliPath is restricted', function () {
    const pkg = manifest(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
    const props = pkg.contributes.configuration.properties;
    for (const k of SETTING_KEYS) {
      assert.ok(props[`proofmeter.${k}`], `proofmeter.${k} is contributed`);
      assert.deepEqual(props[`proofmeter.${k}`]!.default, DEFAULT_SETTINGS[k], k);
      assert.ok((props[`proofmeter.${k}`]!.markdownDescription ?? '').length > 20, `${k} is documented`);
    }
    assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, ['proofmeter.cliPath']);
  });

  it('notifyOnFailure: only items that turned failed since the last state', function () {
    const before = viewState(underWayTally());
    const after: ViewState = viewStateSchema.parse(JSON.parse(JSON.stringify(before)));
    const s6 = after.tally!.items.find((i) => i.id === 'S6')!;
    s6.state = 'failed';
    assert.deepEqual(newFailures(before, after), ['S6']);
    assert.deepEqual(newFailures(after, after), []);
  });
});
