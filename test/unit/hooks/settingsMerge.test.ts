import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATES, STATUSLINE_COMMAND, STOP_TIMEOUT_S, gateCommand, statuslineCommand } from '../../../src/core/install/entries';
import { detectFormat, formatSettings, meterEntries, mergeMeter, parseSettings, unmergeMeter, type Settings } from '../../../src/core/install/settingsMerge';
import { cli } from '../helpers/cli';
import { groupsOf, settingsJson } from '../helpers/settingsJson';

function tmpRunner(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pm-runner-'));
  const p = join(dir, 'proofmeter.js');
  writeFileSync(p, '#!/usr/bin/env node\nconsole.log("0.0.0-test");\n');
  return p;
}

function ws(settings?: string, name = 'settings.json'): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pm-install-'));
  mkdirSync(join(dir, '.claude'));
  const file = join(dir, '.claude', name);
  if (settings !== undefined) writeFileSync(file, settings);
  return { dir, file };
}

const runner = tmpRunner();
const env = { ...process.env, PROOFMETER_RUNNER: runner };
const install = (dir: string, ...a: string[]) => cli(['install', '--dir', dir, ...a], { cwd: dir, env });
const uninstall = (dir: string, ...a: string[]) => cli(['uninstall', '--dir', dir, ...a], { cwd: dir, env });

const USER_FILES: Array<[string, string]> = [
  ['two-space JSON with the user’s own hooks and statusLine', JSON.stringify({ model: 'opus', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }], PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-guard' }] }] }, statusLine: { type: 'command', command: 'my-status' } }, null, 2) + '\n'],
  ['four spaces, no final newline', '{\n    "permissions": {\n        "allow": ["Bash(ls)"]\n    }\n}'],
  ['tabs and CRLF', '{\r\n\t"env": {\r\n\t\t"A": "1"\r\n\t}\r\n}\r\n'],
  ['compact one-liner with odd spacing', '{"a":1,  "b":[1,2,3]}'],
  ['an empty object', '{}\n'],
  ['an empty file', ''],
  ['an empty Stop list the user keeps', '{\n  "hooks": {\n    "Stop": []\n  }\n}\n'],
  ['a byte order mark', '\uFEFF{\n  "x": true\n}\n'],
];

describe('installer: merge and unmerge', () => {
  describe('pure merge', () => {
    it('adds one group per gate and the statusLine to an empty object', () => {
      const r = mergeMeter({});
      assert.ok(r.ok);
      assert.equal(r.changed, true);
      assert.deepEqual(r.report.added, GATES.map((g) => `${g.event}${g.matcher ? ` ${g.matcher}` : ''}`));
      assert.deepEqual(r.settings.statusLine, { type: 'command', command: STATUSLINE_COMMAND });
      assert.equal(meterEntries(r.settings).length, GATES.length);
      assert.deepEqual(groupsOf(settingsJson(r.settings), 'Stop'), [{ hooks: [{ type: 'command', command: gateCommand('stop'), timeout: STOP_TIMEOUT_S }] }]);
    });

    it('is idempotent: merging a merged object changes nothing', () => {
      const once = mergeMeter({ a: 1 });
      assert.ok(once.ok);
      const twice = mergeMeter(once.settings);
      assert.ok(twice.ok);
      assert.equal(twice.changed, false);
      assert.deepEqual(twice.settings, once.settings);
    });

    it('keeps the user’s statusLine and their hooks, appending after them', () => {
      const user: Settings = { statusLine: { type: 'command', command: 'mine' }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo a' }] }] } };
      const r = mergeMeter(user);
      assert.ok(r.ok);
      assert.equal(r.report.statusLine, 'kept-user');
      assert.deepEqual(r.settings.statusLine, { type: 'command', command: 'mine' });
      assert.deepEqual(groupsOf(settingsJson(r.settings), 'Stop')[0], { hooks: [{ type: 'command', command: 'echo a' }] });
      assert.deepEqual(user.hooks, { Stop: [{ hooks: [{ type: 'command', command: 'echo a' }] }] }, 'the input is not mutated');
    });

    it('refuses shapes it cannot merge into', () => {
      assert.deepEqual(mergeMeter({ hooks: [] }), { ok: false, error: '"hooks" is not an object' });
      assert.deepEqual(mergeMeter({ hooks: { Stop: {} } }), { ok: false, error: '"hooks.Stop" is not an array' });
      assert.deepEqual(parseSettings('[1]'), { ok: false, error: 'not a JSON object' });
      assert.deepEqual(parseSettings('{\n  "a": 1,\n}'), { ok: false, error: 'not valid JSON (line 3, column 1)' });
    });

    it('unmerge removes only meter commands, even from a group the user added to', () => {
      const merged = mergeMeter({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo a' }] }] } });
      assert.ok(merged.ok);
      const withB = settingsJson(merged.settings);
      groupsOf(withB, 'Stop')[1]!.hooks.push({ type: 'command', command: 'echo b' });
      const back = parseSettings(JSON.stringify(withB));
      assert.ok(back.ok);
      const un = unmergeMeter(back.value);
      assert.ok(un.ok);
      assert.deepEqual(un.settings, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo a' }] }, { hooks: [{ type: 'command', command: 'echo b' }] }] } });
    });

    it('formatting follows the original file', () => {
      assert.deepEqual(detectFormat('{\r\n\t"a": 1\r\n}'), { indent: '\t', eol: '\r\n', finalNewline: false });
      assert.equal(formatSettings({ a: 1 }, detectFormat('{\n    "b": 2\n}\n')), '{\n    "a": 1\n}\n');
    });
  });

  describe('install and uninstall on disk', () => {
    for (const [name, text] of USER_FILES) {
      it(`round trip is byte-identical: ${name}`, async () => {
        const { dir, file } = ws(text);
        const i = await install(dir);
        assert.equal(i.code, 0, i.err);
        const installed = readFileSync(file, 'utf8');
        assert.notEqual(installed, text);
        const parsed = parseSettings(installed);
        assert.ok(parsed.ok);
        assert.equal(meterEntries(parsed.value).length, GATES.length);
        assert.equal(readFileSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js'), 'utf8'), readFileSync(runner, 'utf8'));
        // Twice changes nothing.
        const again = await install(dir);
        assert.match(again.out, /already installed/);
        assert.equal(readFileSync(file, 'utf8'), installed);
        // The runner's code cache, as the bundle's loader writes it on first use.
        writeFileSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js.hook.v8cache'), 'cache');
        const u = await uninstall(dir);
        assert.equal(u.code, 0, u.err);
        assert.equal(readFileSync(file, 'utf8'), text);
        assert.ok(!existsSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js')), 'the runner is removed');
        assert.ok(!existsSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js.hook.v8cache')), 'and its code cache');
        assert.match(u.out, /restored byte for byte/);
      });
    }

    it('a file that did not exist is created, then removed again', async () => {
      const { dir, file } = ws();
      await install(dir);
      assert.ok(existsSync(file));
      const u = await uninstall(dir);
      assert.ok(!existsSync(file));
      assert.match(u.out, /deleted \(install had created it\)/);
    });

    it('--local writes settings.local.json and leaves settings.json alone', async () => {
      const shared = '{\n  "a": 1\n}\n';
      const { dir, file } = ws(shared);
      await install(dir, '--local');
      assert.equal(readFileSync(file, 'utf8'), shared);
      const local = parseSettings(readFileSync(join(dir, '.claude', 'settings.local.json'), 'utf8'));
      assert.ok(local.ok && meterEntries(local.value).length === GATES.length);
      await uninstall(dir, '--local');
      assert.ok(!existsSync(join(dir, '.claude', 'settings.local.json')));
    });

    it('the runner stays while the other settings file still uses it', async () => {
      const { dir } = ws('{}');
      await install(dir);
      await install(dir, '--local');
      await uninstall(dir, '--local');
      assert.ok(existsSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js')));
      await uninstall(dir);
      assert.ok(!existsSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js')));
    });

    it('edits made after install survive uninstall; only the meter’s entries go', async () => {
      const { dir, file } = ws('{\n  "a": 1\n}\n');
      await install(dir);
      const p = parseSettings(readFileSync(file, 'utf8'));
      assert.ok(p.ok);
      p.value.b = 2;
      writeFileSync(file, JSON.stringify(p.value, null, 2) + '\n');
      const u = await uninstall(dir);
      assert.match(u.out, /rewritten without them/);
      assert.equal(readFileSync(file, 'utf8'), '{\n  "a": 1,\n  "b": 2\n}\n');
    });

    it('keeps a user statusLine and prints how to run the meter beside it', async () => {
      const text = '{\n  "statusLine": {\n    "type": "command",\n    "command": "~/bin/my-line"\n  }\n}\n';
      const { dir, file } = ws(text);
      const i = await install(dir);
      const p = parseSettings(readFileSync(file, 'utf8'));
      assert.ok(p.ok);
      assert.deepEqual(p.value.statusLine, { type: 'command', command: '~/bin/my-line' });
      assert.match(i.out, /Your own statusLine is kept\./);
      // The project's settings are shared: the suggested command starts the launcher, naming no node.
      assert.ok(i.out.includes(`| ${statuslineCommand({ portable: true })})"`), i.out);
      assert.ok(!i.out.includes(process.execPath), i.out);
      assert.match(i.out, /where YOUR_COMMAND is: ~\/bin\/my-line/);
      await uninstall(dir);
      assert.equal(readFileSync(file, 'utf8'), text);
    });

    it('keeps a backup of the file as it was before install', async () => {
      const text = '{"keep": "me"}';
      const { dir } = ws(text);
      const i = await install(dir);
      assert.match(i.out, /kept in \.claude\/proofmeter\/backup\/settings\.json\.bak/);
      assert.equal(readFileSync(join(dir, '.claude', 'proofmeter', 'backup', 'settings.json.bak'), 'utf8'), text);
    });

    for (const [name, bad] of [['invalid JSON', '{\n  "a": 1,,\n}\n'], ['a JSON array', '[]\n'], ['hooks that are not an object', '{"hooks": 3}']] as const) {
      it(`refuses ${name} with one line and leaves the file untouched`, async () => {
        const { dir, file } = ws(bad);
        const i = await install(dir);
        assert.equal(i.code, 2);
        assert.equal(i.out, '');
        assert.equal(i.err.split('\n').length, 1);
        assert.match(i.err, /^proofmeter install: \.claude\/settings\.json.*Nothing was changed\.$/);
        assert.equal(readFileSync(file, 'utf8'), bad);
        assert.ok(!existsSync(join(dir, '.claude', 'proofmeter', 'proofmeter.js')), 'nothing installed');
        const u = await uninstall(dir);
        assert.equal(u.code, 2);
        assert.equal(readFileSync(file, 'utf8'), bad);
      });
    }
  });
});
