// What install leaves for git, read by real git: a project install offers the runner, its scripts
// and the settings to commit and nothing of this machine's records; `install --local` leaves git
// nothing at all, through .git/info/exclude, and uninstall takes its lines out again.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { METER_GITIGNORE, isMeterGitignore } from '../../../src/core/install/meterGitignore';
import { sandboxBlock } from '../../../src/core/install/sandboxBlock';
import { installSandboxBlock } from '../../../src/workspace/installSandbox';
import { LOCAL_EXCLUDES, withBlock, withoutBlock } from '../../../src/workspace/gitExclude';
import { installMeter, uninstallMeter } from '../../../src/workspace/hookInstaller';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** What `git status` offers to add, file by file. */
function untracked(ws: string): string[] {
  return git(ws, 'status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).map((l) => l.slice(3)).sort();
}

describe('what install leaves for git', () => {
  let ws = '';
  // The root hook (test/freshBundle.ts) has built it from the current sources.
  const runner = resolve(__dirname, '..', '..', '..', 'dist', 'proofmeter.js');
  beforeEach(() => {
    ws = mkdtempSync(join(tmpdir(), 'pm-team-'));
    git(ws, 'init', '-q');
  });
  afterEach(() => rmSync(ws, { recursive: true, force: true }));

  it("a project install offers the settings, the runner and its scripts to commit, and none of this machine's records", () => {
    installMeter(ws, 'settings.json', runner, new Date(), { node: { path: process.execPath, electron: false } });
    // Records a session leaves behind, which stay this machine's.
    const dir = join(ws, '.claude', 'proofmeter');
    for (const f of ['seal.json', 'seal-content.json', 'acceptances.json', 'verify.json', 'health.jsonl', 'receipts/s.jsonl', 'kernel/s', 'incidents/x.json', 'stop-blocks.json']) {
      mkdirSync(join(dir, f, '..'), { recursive: true });
      writeFileSync(join(dir, f), '{}');
    }
    mkdirSync(join(dir, 'plans'));
    for (const f of ['goal.json', 'plans/p.md']) writeFileSync(join(dir, f), 'x');
    assert.deepEqual(untracked(ws), [
      '.claude/proofmeter/.gitignore',
      '.claude/proofmeter/goal.json',
      '.claude/proofmeter/guard.sh',
      '.claude/proofmeter/hook.sh',
      '.claude/proofmeter/plans/p.md',
      '.claude/proofmeter/proofmeter.js',
      '.claude/proofmeter/receipt.sh',
      '.claude/settings.json',
    ]);
    assert.ok(!readFileSync(join(ws, '.claude', 'settings.json'), 'utf8').includes(process.execPath), 'the shared settings name no machine path');
  });

  it("a project install from before takes failIfUnavailable back out of the shared settings; the local file keeps it", () => {
    const node = { path: process.execPath, electron: false };
    const settings = join(ws, '.claude', 'settings.json');
    // An install of the earlier block (with failIfUnavailable) into the shared file, then this one.
    installMeter(ws, 'settings.json', runner, new Date(), { node, sandbox: sandboxBlock({ anchor: 'project', workspace: ws, outsideDir: '/o', home: '/h' }) });
    assert.equal((JSON.parse(readFileSync(settings, 'utf8')) as { sandbox: Record<string, unknown> }).sandbox.failIfUnavailable, true);
    installMeter(ws, 'settings.json', runner, new Date(), { node, sandbox: installSandboxBlock(ws, 'settings.json', { HOME: '/h' }) });
    const shared = JSON.parse(readFileSync(settings, 'utf8')) as { sandbox: Record<string, unknown> };
    assert.equal('failIfUnavailable' in shared.sandbox, false);
    assert.equal(shared.sandbox.enabled, true);
    assert.equal((installSandboxBlock(ws, 'settings.local.json', { HOME: '/h' }) as { sandbox: Record<string, unknown> }).sandbox.failIfUnavailable, true);
    uninstallMeter(ws, 'settings.json');
    assert.equal(existsSync(settings), false, 'uninstall still takes out exactly what install added');
  });

  it('install --local leaves git nothing to add, and uninstall takes its exclude lines out', () => {
    const before = readFileSync(join(ws, '.git', 'info', 'exclude'), 'utf8');
    const r = installMeter(ws, 'settings.local.json', runner, new Date(), { node: { path: process.execPath, electron: false } });
    assert.deepEqual(r.excluded?.added, [...LOCAL_EXCLUDES]);
    assert.deepEqual(untracked(ws), []);
    git(ws, 'check-ignore', '-q', '.claude/settings.local.json');
    assert.equal(installMeter(ws, 'settings.local.json', runner).excluded?.added.length, 0, 'a second install adds nothing');
    const u = uninstallMeter(ws, 'settings.local.json');
    assert.equal(u.excludeRemoved, true);
    assert.equal(readFileSync(join(ws, '.git', 'info', 'exclude'), 'utf8'), before);
  });

  it("install brings its own earlier .gitignore up to date and keeps one the person edited", () => {
    const ignore = join(ws, '.claude', 'proofmeter', '.gitignore');
    mkdirSync(join(ignore, '..'), { recursive: true });
    writeFileSync(ignore, '# mine\n*.log\n');
    installMeter(ws, 'settings.json', runner);
    assert.equal(readFileSync(ignore, 'utf8'), '# mine\n*.log\n');
    assert.equal(isMeterGitignore(METER_GITIGNORE), false, 'only earlier texts are replaced; the current one is already current');
  });
});

describe('the exclude block', () => {
  const cases: Array<[string, string, string]> = [
    ['is appended to an empty file', '', `# proofmeter install --local: kept out of git on this machine only\n${LOCAL_EXCLUDES.join('\n')}\n# end proofmeter install --local\n`],
    ['starts on a new line after text without one', '*.o', `*.o\n# proofmeter install --local: kept out of git on this machine only\n${LOCAL_EXCLUDES.join('\n')}\n# end proofmeter install --local\n`],
  ];
  for (const [name, text, want] of cases) it(name, () => assert.equal(withBlock(text).text, want));

  it('comes out exactly, leaving the lines around it', () => {
    const text = `a\n${withBlock('b\n').text}c\n`;
    assert.equal(withoutBlock(text).text, 'a\nb\nc\n');
  });

  it('is not taken out when its end line was removed by hand', () => {
    const text = withBlock('').text.replace('# end proofmeter install --local\n', '');
    assert.deepEqual(withoutBlock(text), { text, had: false });
  });
});
