// Install and uninstall rewrite a file the person owns: it must stay the same file. A symlink
// (dotfiles) stays a symlink to the same target, a hard link stays linked, the mode and the owner
// stay, and the backups holding the file's text are readable by its owner only.
import { strict as assert } from 'node:assert';
import { chmodSync, chownSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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

// Odd spacing on purpose: a rewrite from the parsed object would not give these bytes back.
const USER = '{"env": {"API_KEY": "secret"},   "model":"opus"}\n';

type Name = 'settings.json' | 'settings.local.json';
const NAMES: Array<[Name, string[]]> = [
  ['settings.json', []],
  ['settings.local.json', ['--local']],
];

function project(): { root: string; dir: string; claude: string } {
  const root = mkdtempSync(join(tmpdir(), 'pm-identity-'));
  const dir = join(root, 'proj');
  mkdirSync(join(dir, '.claude'), { recursive: true });
  return { root, dir, claude: join(dir, '.claude') };
}

function armed(text: string): boolean {
  const p = parseSettings(text);
  return p.ok && meterEntries(p.value).length === GATES.length;
}

const mode = (p: string) => statSync(p).mode & 0o7777;
const backups = (dir: string) => join(dir, '.claude', 'proofmeter', 'backup');

function noTempFiles(...dirs: string[]): void {
  for (const d of dirs) assert.deepEqual(readdirSync(d).filter((n) => n.endsWith('.tmp')), [], `no temp file left in ${d}`);
}

describe('installer: the person’s settings files keep their identity', () => {
  for (const [name, flag] of NAMES) {
    for (const [how, makeLink] of [
      ['an absolute symlink', (target: string, link: string) => symlinkSync(target, link)],
      ['a relative symlink', (_target: string, link: string) => symlinkSync(join('..', '..', 'dotfiles', name), link)],
      ['a chain of two symlinks', (target: string, link: string) => {
        symlinkSync(target, target + '.hop');
        symlinkSync(target + '.hop', link);
      }],
    ] as const) {
      it(`${name} as ${how} stays a link, and its target gets the entries and then its exact bytes back`, async () => {
        const { root, dir, claude } = project();
        mkdirSync(join(root, 'dotfiles'));
        const target = join(root, 'dotfiles', name);
        writeFileSync(target, USER);
        const link = join(claude, name);
        makeLink(target, link);
        const linkText = readlinkSync(link);

        const i = await install(dir, ...flag);
        assert.equal(i.code, 0, i.err);
        assert.ok(lstatSync(link).isSymbolicLink(), 'still a symlink after install');
        assert.equal(readlinkSync(link), linkText);
        assert.ok(armed(readFileSync(target, 'utf8')), 'the target holds the entries');
        noTempFiles(claude, join(root, 'dotfiles'));

        const u = await uninstall(dir, ...flag);
        assert.equal(u.code, 0, u.err);
        assert.ok(lstatSync(link).isSymbolicLink(), 'still a symlink after uninstall');
        assert.equal(readlinkSync(link), linkText);
        assert.equal(readFileSync(target, 'utf8'), USER);
        assert.match(u.out, /restored byte for byte/);
        noTempFiles(claude, join(root, 'dotfiles'));
      });
    }

    it(`${name} as a dangling symlink: install creates the target, uninstall removes it and leaves the link`, async () => {
      const { root, dir, claude } = project();
      mkdirSync(join(root, 'dotfiles'));
      const target = join(root, 'dotfiles', name);
      const link = join(claude, name);
      symlinkSync(target, link);
      const i = await install(dir, ...flag);
      assert.equal(i.code, 0, i.err);
      assert.ok(lstatSync(link).isSymbolicLink());
      assert.ok(armed(readFileSync(target, 'utf8')));
      const u = await uninstall(dir, ...flag);
      assert.equal(u.code, 0, u.err);
      assert.ok(lstatSync(link).isSymbolicLink(), 'the link is the person’s; it stays');
      assert.ok(!existsSync(target), 'the file install created is gone again');
    });

    // Hard links: a rename cannot keep one, so the file is rewritten in place (see atomicWrite.ts).
    it(`${name} with a second hard link: both names keep sharing one file through install and uninstall`, async () => {
      const { root, dir, claude } = project();
      const file = join(claude, name);
      writeFileSync(file, USER);
      chmodSync(file, 0o600);
      const other = join(root, 'dotfiles-copy.json');
      linkSync(file, other);
      const ino = statSync(file).ino;

      const i = await install(dir, ...flag);
      assert.equal(i.code, 0, i.err);
      assert.equal(statSync(file).ino, ino, 'same inode after install');
      assert.equal(statSync(file).nlink, 2);
      assert.ok(armed(readFileSync(other, 'utf8')), 'the other name sees the entries');
      assert.equal(mode(file), 0o600);
      noTempFiles(claude);

      const u = await uninstall(dir, ...flag);
      assert.equal(u.code, 0, u.err);
      assert.equal(statSync(file).ino, ino, 'same inode after uninstall');
      assert.equal(readFileSync(other, 'utf8'), USER);
      assert.equal(readFileSync(file, 'utf8'), USER);
      noTempFiles(claude);
    });

    for (const m of [0o600, 0o640, 0o444]) {
      it(`${name} with mode ${m.toString(8)} keeps it through install and uninstall, and its backups are 600`, async () => {
        const { dir, claude } = project();
        const file = join(claude, name);
        writeFileSync(file, USER);
        chmodSync(file, m);
        const i = await install(dir, ...flag);
        assert.equal(i.code, 0, i.err);
        assert.equal(mode(file), m, 'mode after install');
        assert.equal(mode(join(backups(dir), `${name}.bak`)), 0o600, 'the install backup');
        const u = await uninstall(dir, ...flag);
        assert.equal(u.code, 0, u.err);
        assert.equal(mode(file), m, 'mode after uninstall');
        assert.equal(readFileSync(file, 'utf8'), USER);
        assert.equal(mode(join(backups(dir), `${name}.before-uninstall.bak`)), 0o600, 'the uninstall backup');
      });
    }

    it(`${name}: a backup left 644 by an older version is made 600 when it is written again`, async () => {
      const { dir, claude } = project();
      const file = join(claude, name);
      writeFileSync(file, USER);
      mkdirSync(backups(dir), { recursive: true });
      writeFileSync(join(backups(dir), `${name}.bak`), 'old', { mode: 0o644 });
      chmodSync(join(backups(dir), `${name}.bak`), 0o644);
      assert.equal((await install(dir, ...flag)).code, 0);
      assert.equal(mode(join(backups(dir), `${name}.bak`)), 0o600);
      assert.equal(readFileSync(join(backups(dir), `${name}.bak`), 'utf8'), USER);
    });

    it(`${name} owned by another user keeps its owner when root installs and uninstalls`, async function () {
      // Carrying another user's owner needs root; CI and this project's machines run as root. Never a silent skip.
      assert.equal(process.getuid?.(), 0, 'this test needs root (chown to another user)');
      const { dir, claude } = project();
      const file = join(claude, name);
      writeFileSync(file, USER);
      chownSync(file, 4321, 4322);
      assert.equal((await install(dir, ...flag)).code, 0);
      assert.deepEqual([statSync(file).uid, statSync(file).gid], [4321, 4322], 'owner after install');
      const bak = statSync(join(backups(dir), `${name}.bak`));
      assert.deepEqual([bak.uid, bak.gid], [4321, 4322], 'the backup belongs to the file’s owner, who can read it');
      assert.equal((await uninstall(dir, ...flag)).code, 0);
      assert.deepEqual([statSync(file).uid, statSync(file).gid], [4321, 4322], 'owner after uninstall');
      assert.equal(readFileSync(file, 'utf8'), USER);
    });
  }
});
