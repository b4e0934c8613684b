// Install Hooks' questions and the `proofmeter install` arguments they make: the sandbox is
// pre-selected where it can run (kept: no flag), unticked is --no-sandbox, and where it cannot run
// the option says why and is not pre-selected.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNNER_REL } from '../../../src/core/install/entries';
import { hookArgs, whereChoices, type InstallWhere } from '../../../src/extension/installChoice';
import { installFlow, sandboxOption, type InstallAsk, type SandboxOption } from '../../../src/extension/installFlow';
import type { SandboxSupport } from '../../../src/workspace/sandboxSupport';

const LINUX_OK: SandboxSupport = { supported: true, missing: [] };
const LINUX_BARE: SandboxSupport = { supported: false, missing: ['bwrap', 'socat'] };
const WINDOWS: SandboxSupport = { supported: false, missing: [] };

interface Asked {
  sandbox: SandboxOption[];
  confirm: Array<{ question: string; detail: string }>;
  where: number;
}

/** A person who picks `where`, then leaves the sandbox as shown (or sets it), then confirms (or not). */
function person(answers: { where?: InstallWhere; sandbox?: (o: SandboxOption) => boolean | undefined; confirm?: boolean } = {}): InstallAsk & { asked: Asked } {
  const asked: Asked = { sandbox: [], confirm: [], where: 0 };
  return {
    asked,
    where: async () => (asked.where++, answers.where ?? 'project'),
    sandbox: async (o) => (asked.sandbox.push(o), (answers.sandbox ?? ((x) => x.picked))(o)),
    confirm: async (question, detail) => (asked.confirm.push({ question, detail }), answers.confirm ?? true),
  };
}

describe('Install Hooks: the sandbox option', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'pm-install-flow-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it('where the sandbox can run, it is pre-selected with the one sentence on what it changes; kept, install gets no flag', async () => {
    const ask = person();
    const plan = await installFlow(cwd, undefined, LINUX_OK, ask);
    assert.deepEqual(ask.asked.sandbox, [
      {
        label: "Run Claude's Bash commands in Claude Code's sandbox (recommended)",
        detail: "The meter's files become read-only to them, and a command cannot ask to leave the sandbox.",
        picked: true,
      },
    ]);
    assert.deepEqual(plan, { where: 'project', sandbox: true, args: ['install', '--dir', cwd] });
    assert.match(ask.asked.confirm[0]!.detail, /\.claude\/settings\.json \(added, with the hook entries, the status line and Claude Code's sandbox settings\)/);
  });

  it('unticked, install gets --no-sandbox (local settings too), and the confirmation leaves the sandbox out', async () => {
    const ask = person({ where: 'local', sandbox: () => false });
    const plan = await installFlow(cwd, undefined, LINUX_OK, ask);
    assert.deepEqual(plan?.args, ['install', '--local', '--no-sandbox', '--dir', cwd]);
    assert.equal(ask.asked.confirm[0]!.question, 'Install the Proofmeter hooks in .claude/settings.local.json?');
    assert.doesNotMatch(ask.asked.confirm[0]!.detail, /sandbox/);
  });

  it('where bubblewrap and socat are missing, the option says what to install and is not pre-selected: kept, --no-sandbox', async () => {
    const ask = person();
    const plan = await installFlow(cwd, undefined, LINUX_BARE, ask);
    assert.equal(ask.asked.sandbox[0]!.picked, false);
    assert.equal(ask.asked.sandbox[0]!.detail, 'Needs bubblewrap and socat: apt-get install bubblewrap socat');
    assert.deepEqual(plan?.args, ['install', '--no-sandbox', '--dir', cwd]);
  });

  it('names only what is missing, by its package', () => {
    assert.equal(sandboxOption({ supported: false, missing: ['bwrap'] }).detail, 'Needs bubblewrap: apt-get install bubblewrap');
    assert.equal(sandboxOption({ supported: false, missing: ['socat'] }).detail, 'Needs socat: apt-get install socat');
  });

  it('on a platform with no sandbox (Windows) it says so, not what to install', () => {
    const o = sandboxOption(WINDOWS);
    assert.equal(o.picked, false);
    assert.equal(o.detail, "Claude Code's sandbox needs Linux or macOS.");
  });

  it('ticked where it cannot run: the flag is left off (the CLI itself leaves the block out) and the list does not promise it', async () => {
    const ask = person({ sandbox: () => true });
    const plan = await installFlow(cwd, undefined, LINUX_BARE, ask);
    assert.deepEqual(plan?.args, ['install', '--dir', cwd]);
    assert.doesNotMatch(ask.asked.confirm[0]!.detail, /sandbox/);
  });

  it('cancelling any step installs nothing', async () => {
    assert.equal(await installFlow(cwd, undefined, LINUX_OK, person({ sandbox: () => undefined })), null);
    assert.equal(await installFlow(cwd, undefined, LINUX_OK, person({ confirm: false })), null);
    const noWhere: InstallAsk = { ...person(), where: async () => undefined };
    assert.equal(await installFlow(cwd, undefined, LINUX_OK, noWhere), null);
  });

  it('answers given by code are not asked again; confirmed takes the pre-selection for the sandbox', async () => {
    const ask = person();
    assert.deepEqual((await installFlow(cwd, { where: 'local', confirmed: true }, LINUX_OK, ask))?.args, ['install', '--local', '--dir', cwd]);
    assert.deepEqual((await installFlow(cwd, { where: 'project', confirmed: true }, LINUX_BARE, ask))?.args, ['install', '--no-sandbox', '--dir', cwd]);
    assert.deepEqual((await installFlow(cwd, { where: 'project', sandbox: false, confirmed: true }, LINUX_OK, ask))?.args, ['install', '--no-sandbox', '--dir', cwd]);
    assert.deepEqual(ask.asked, { sandbox: [], confirm: [], where: 0 });
  });

  it('given only where, it still asks about the sandbox and for the confirmation', async () => {
    const ask = person({ sandbox: () => false });
    const plan = await installFlow(cwd, { where: 'local' }, LINUX_OK, ask);
    assert.equal(ask.asked.where, 0);
    assert.equal(ask.asked.sandbox.length, 1);
    assert.equal(ask.asked.confirm.length, 1);
    assert.deepEqual(plan?.args, ['install', '--local', '--no-sandbox', '--dir', cwd]);
  });

  it('uninstall never takes the flag: it takes out what install recorded', () => {
    assert.deepEqual(hookArgs('uninstall', 'project', cwd, { sandbox: false }), ['uninstall', '--dir', cwd]);
  });
});

describe('Install/Repair Hooks: where the hooks are now', () => {
  const rows: Array<[string, InstallWhere[], string[]]> = [
    ['nowhere: the two places as always, the project first', [], ['Project (shared; commit it)', 'Only me (settings.local.json)']],
    [
      'only in settings.local.json: that place first, named as the repair',
      ['local'],
      ['Only me (settings.local.json): installed here now, installs it again (repair)', 'Project (shared; commit it)'],
    ],
  ];
  for (const [what, installed, labels] of rows) it(what, () => assert.deepEqual(whereChoices(installed).map((c) => c.label), labels));

  it('asks with the installed place first in a workspace whose local settings run the meter', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pm-repair-'));
    mkdirSync(join(cwd, '.claude'));
    writeFileSync(join(cwd, '.claude', 'settings.local.json'), JSON.stringify({ statusLine: { type: 'command', command: `node ${RUNNER_REL} statusline` } }));
    let first: string | undefined;
    const ask: InstallAsk = { ...person(), where: async (choices) => ((first = choices[0]?.where), choices[0]?.where) };
    assert.equal((await installFlow(cwd, {}, LINUX_OK, ask))?.where, 'local');
    assert.equal(first, 'local');
  });
});
