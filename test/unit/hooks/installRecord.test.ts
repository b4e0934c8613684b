// install.json is what lets uninstall give back the bytes the person had. When it is damaged
// (emptied, truncated, of the wrong shape), uninstall still gives them back from what it can
// derive, and the damaged file is kept aside, never overwritten.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATES } from '../../../src/core/install/entries';
import { meterEntries, parseSettings } from '../../../src/core/install/settingsMerge';
import { cli } from '../helpers/cli';

function tmpRunner(): string {
  const p = join(mkdtempSync(join(tmpdir(), 'pm-runner-')), 'proofmeter.js');
  writeFileSync(p, '#!/usr/bin/env node\nconsole.log("0.0.0-test");\n');
  return p;
}

const env = { ...process.env, PROOFMETER_RUNNER: tmpRunner() };
const install = (dir: string, ...a: string[]) => cli(['install', '--dir', dir, ...a], { cwd: dir, env });
const uninstall = (dir: string, ...a: string[]) => cli(['uninstall', '--dir', dir, ...a], { cwd: dir, env });

// Odd spacing on purpose: only the backup's bytes, not a rewrite, match these.
const USER = '{"permissions": {"allow": ["Bash(ls)"]},   "model":"opus"}';

type Rec = Record<string, unknown>;
/** A damaged form, made from the text of the record install wrote. */
type Damage = (text: string, name: string) => string;

const raw = (bad: string): Damage => () => bad;
const cut = (f: (text: string) => string): Damage => (text) => f(text);
/** An edit of the parsed record; `entry` is the file's own entry. */
const edit = (f: (r: Rec, entry: Rec, name: string) => void): Damage => (text, name) => {
  const r = JSON.parse(text) as Rec;
  f(r, (r.files as Rec)[name] as Rec, name);
  return JSON.stringify(r, null, 2) + '\n';
};
const field = (k: string, v: unknown) => edit((_r, e) => void (e[k] = v));
const drop = (k: string) => edit((_r, e) => void delete e[k]);
const entry = (v: unknown) => edit((r, _e, name) => void ((r.files as Rec)[name] = v));

const DAMAGED: Array<[string, Damage]> = [
  ['an empty file', raw('')],
  ['only whitespace', raw('  \n')],
  ['null', raw('null')],
  ['an array', raw('[]')],
  ['a string', raw('"install"')],
  ['a number', raw('1')],
  ['truncated JSON', cut((t) => t.slice(0, Math.floor(t.length / 2)))],
  ['JSON cut off at its last brace', cut((t) => t.trimEnd().slice(0, -1))],
  ['version as a string', edit((r) => void (r.version = '1'))],
  ['version 2', edit((r) => void (r.version = 2))],
  ['no version', edit((r) => void delete r.version)],
  ['files as an array', edit((r) => void (r.files = []))],
  ['files as a string', edit((r) => void (r.files = 'settings.json'))],
  ['files as null', edit((r) => void (r.files = null))],
  ['no files', edit((r) => void delete r.files)],
  ['the file’s entry as null', entry(null)],
  ['the file’s entry as a number', entry(5)],
  ['the file’s entry as an array', entry([])],
  ['the file’s entry as a string', entry('.claude/proofmeter/backup/settings.json.bak')],
  ['existed as a string', field('existed', 'no')],
  ['existed as null', field('existed', null)],
  ['no existed', drop('existed')],
  ['backup as a number', field('backup', 5)],
  ['backup as an object', field('backup', {})],
  ['backup as true', field('backup', true)],
  ['backup as an array', field('backup', ['x'])],
  ['no backup', drop('backup')],
  ['backup naming another file', field('backup', 'package.json')],
  ['at as a number', field('at', 5)],
  ['at as null', field('at', null)],
  ['no at', drop('at')],
];

function project(): { dir: string; state: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pm-record-'));
  mkdirSync(join(dir, '.claude'));
  return { dir, state: join(dir, '.claude', 'proofmeter') };
}

function keptAside(state: string, bytes: string): void {
  const aside = readdirSync(state).filter((n) => n.startsWith('install.json.damaged'));
  assert.equal(aside.length, 1, `the damaged record is kept aside (${readdirSync(state).join(', ')})`);
  assert.equal(readFileSync(join(state, aside[0]!), 'utf8'), bytes, 'byte for byte');
}

describe('installer: a damaged install.json', () => {
  for (const [name, flag] of [['settings.json', []], ['settings.local.json', ['--local']]] as const) {
    describe(name, () => {
      for (const [what, how] of DAMAGED) {
        it(`with ${what}: uninstall still gives back the exact original bytes`, async () => {
          const { dir, state } = project();
          const file = join(dir, '.claude', name);
          writeFileSync(file, USER);
          assert.equal((await install(dir, ...flag)).code, 0);
          const bad = how(readFileSync(join(state, 'install.json'), 'utf8'), name);
          writeFileSync(join(state, 'install.json'), bad);

          const u = await uninstall(dir, ...flag);
          assert.equal(u.code, 0, u.err);
          assert.equal(u.err, '');
          assert.equal(readFileSync(file, 'utf8'), USER);
          assert.match(u.out, /restored byte for byte/);
          assert.ok(!existsSync(join(state, 'proofmeter.js')), 'the runner is removed');
          keptAside(state, bad);
        });

        it(`with ${what}: uninstall removes a file that install created`, async () => {
          const { dir, state } = project();
          const file = join(dir, '.claude', name);
          assert.equal((await install(dir, ...flag)).code, 0);
          const bad = how(readFileSync(join(state, 'install.json'), 'utf8'), name);
          writeFileSync(join(state, 'install.json'), bad);

          const u = await uninstall(dir, ...flag);
          assert.equal(u.code, 0, u.err);
          assert.ok(!existsSync(file), 'the file is gone, as before install');
          keptAside(state, bad);
        });
      }

      it('with an empty record, a second install over a partly removed install keeps the first backup', async () => {
        const { dir, state } = project();
        const file = join(dir, '.claude', name);
        writeFileSync(file, USER);
        assert.equal((await install(dir, ...flag)).code, 0);
        writeFileSync(join(state, 'install.json'), '');
        // The person takes the meter's statusLine out by hand, so the next install has work to do.
        const p = parseSettings(readFileSync(file, 'utf8'));
        assert.ok(p.ok);
        delete p.value.statusLine;
        writeFileSync(file, JSON.stringify(p.value, null, 2));
        const again = await install(dir, ...flag);
        assert.equal(again.code, 0, again.err);
        assert.equal(readFileSync(join(state, 'backup', `${name}.bak`), 'utf8'), USER, 'the backup still holds the pre-meter bytes');
        const u = await uninstall(dir, ...flag);
        assert.equal(u.code, 0, u.err);
        assert.equal(readFileSync(file, 'utf8'), USER);
      });

      it('with a damaged record before any install: install sets it aside and writes a good one', async () => {
        const { dir, state } = project();
        const file = join(dir, '.claude', name);
        writeFileSync(file, USER);
        mkdirSync(state, { recursive: true });
        writeFileSync(join(state, 'install.json'), '{"version": 1, "files": {"settings.json": {"backup": 7}');
        const i = await install(dir, ...flag);
        assert.equal(i.code, 0, i.err);
        const p = parseSettings(readFileSync(file, 'utf8'));
        assert.ok(p.ok && meterEntries(p.value).length === GATES.length);
        keptAside(state, '{"version": 1, "files": {"settings.json": {"backup": 7}');
        const rec = JSON.parse(readFileSync(join(state, 'install.json'), 'utf8')) as { files: Rec };
        assert.ok(name in rec.files, 'the new record names the file');
        const u = await uninstall(dir, ...flag);
        assert.equal(u.code, 0, u.err);
        assert.equal(readFileSync(file, 'utf8'), USER);
      });
    });
  }

  it('a damaged entry for one file does not lose the other file’s entry', async () => {
    const { dir, state } = project();
    writeFileSync(join(dir, '.claude', 'settings.json'), USER);
    assert.equal((await install(dir)).code, 0);
    assert.equal((await install(dir, '--local')).code, 0);
    const rec = JSON.parse(readFileSync(join(state, 'install.json'), 'utf8')) as { files: Rec };
    (rec.files['settings.json'] as Rec).backup = 5;
    writeFileSync(join(state, 'install.json'), JSON.stringify(rec));
    assert.equal((await uninstall(dir)).code, 0);
    assert.equal(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'), USER);
    const after = JSON.parse(readFileSync(join(state, 'install.json'), 'utf8')) as { files: Rec };
    assert.deepEqual(Object.keys(after.files), ['settings.local.json'], 'the good entry is carried over');
    assert.equal((await uninstall(dir, '--local')).code, 0);
    assert.ok(!existsSync(join(dir, '.claude', 'settings.local.json')), 'install had created it');
  });
});
