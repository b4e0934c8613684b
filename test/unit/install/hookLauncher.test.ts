// The launcher and the shared entries, run by the real sh: a node found on this machine whatever
// its place, and a machine without node or without the runner let through unless a goal is frozen
// on it (either seal copy).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gateCommand, statuslineCommand, type HookName } from '../../../src/core/install/entries';
import { CANNOT_START_MESSAGE, HOOK_SCRIPT, NODE_HINT_NAME, NOT_ACTIVE_MESSAGE } from '../../../src/core/install/hookScript';
import { workspaceKey } from '../../../src/workspace/sealRecord/paths';

/** The programs the launcher and the entries use, and nothing else: no node on this PATH. */
const TOOLS = ['sh', 'cat', 'sha256sum', 'uname', 'echo', 'printf', 'env'];

interface Machine {
  ws: string;
  dir: string;
  home: string;
  state: string;
  tools: string;
}

const RUNNER = "process.stdout.write('runner ' + process.argv.slice(2).join(' ') + (process.env.ELECTRON_RUN_AS_NODE ? ' electron' : ''))";

function machine(): Machine {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'pm-launch-')));
  const ws = join(root, 'ws');
  const dir = join(ws, '.claude', 'proofmeter');
  const home = join(root, 'home');
  const state = join(root, 'state');
  const tools = join(root, 'tools');
  for (const d of [dir, home, state, tools]) mkdirSync(d, { recursive: true });
  for (const t of TOOLS) {
    const found = spawnSync('sh', ['-c', `command -v ${t}`], { encoding: 'utf8' }).stdout.trim();
    if (found.startsWith('/')) symlinkSync(found, join(tools, t));
  }
  writeFileSync(join(dir, 'hook.sh'), HOOK_SCRIPT, { mode: 0o755 });
  writeFileSync(join(dir, 'proofmeter.js'), RUNNER);
  return { ws, dir, home, state, tools };
}

/** A folder holding `node`, a link to the node running these tests. */
function nodeDir(at: string): string {
  mkdirSync(at, { recursive: true });
  symlinkSync(process.execPath, join(at, 'node'));
  return at;
}

function launch(m: Machine, args: string[], path = m.tools) {
  const r = spawnSync(join(m.tools, 'sh'), [join(m.dir, 'hook.sh'), ...args], {
    input: '{"session_id":"s"}',
    encoding: 'utf8',
    env: { PATH: path, HOME: m.home, XDG_STATE_HOME: m.state },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function entry(m: Machine, command: string, path = m.tools) {
  const r = spawnSync(join(m.tools, 'sh'), ['-c', command], {
    input: '{"session_id":"s"}',
    encoding: 'utf8',
    env: { PATH: path, HOME: m.home, XDG_STATE_HOME: m.state, CLAUDE_PROJECT_DIR: m.ws },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const cleanup: string[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) rmSync(d, { recursive: true, force: true });
});
function fresh(): Machine {
  const m = machine();
  cleanup.push(join(m.ws, '..'));
  return m;
}

describe('the hook launcher (a node found on the machine that runs the hook)', () => {
  const places: Array<[string, (m: Machine) => { path?: string }]> = [
    ['node on PATH', (m) => ({ path: `${nodeDir(join(m.home, 'bin'))}:${m.tools}` })],
    ["the node install recorded for this machine, with no node on PATH", (m) => {
      writeFileSync(join(m.dir, NODE_HINT_NAME), `${process.execPath}\n`);
      return {};
    }],
    ["Volta's node when PATH has none (a GUI-launched editor)", (m) => (nodeDir(join(m.home, '.volta', 'bin')), {})],
    ["nvm's node when PATH has none", (m) => (nodeDir(join(m.home, '.nvm', 'versions', 'node', 'v20.1.0', 'bin')), {})],
  ];
  for (const [name, arrange] of places) {
    it(`starts the runner with ${name}`, () => {
      const m = fresh();
      const { path } = arrange(m);
      const r = launch(m, ['hook', 'prompt'], path);
      assert.equal(r.out, 'runner hook prompt', r.err);
      assert.equal(r.code, 0);
    });
  }

  it('takes node on PATH before the recorded one, so a rewritten node-path decides nothing where PATH has node', () => {
    const m = fresh();
    const fake = join(m.home, 'fake-node');
    writeFileSync(fake, `#!${join(m.tools, 'sh')}\necho fake\n`);
    chmodSync(fake, 0o755);
    writeFileSync(join(m.dir, NODE_HINT_NAME), `${fake}\n`);
    assert.equal(launch(m, ['hook', 'stop'], `${nodeDir(join(m.home, 'bin'))}:${m.tools}`).out, 'runner hook stop');
  });

  it('skips a recorded node that is gone and takes the one on PATH', () => {
    const m = fresh();
    writeFileSync(join(m.dir, NODE_HINT_NAME), '/nowhere/node\n');
    const r = launch(m, ['statusline'], `${nodeDir(join(m.home, 'bin'))}:${m.tools}`);
    assert.equal(r.out, 'runner statusline');
  });

  it("starts VS Code's own binary as node when install recorded it so", () => {
    const m = fresh();
    const code = join(m.home, 'code');
    writeFileSync(code, `#!${join(m.tools, 'sh')}\nexec ${process.execPath} "$@"\n`);
    chmodSync(code, 0o755);
    writeFileSync(join(m.dir, NODE_HINT_NAME), `electron ${code}\n`);
    assert.equal(launch(m, ['hook', 'stop']).out, 'runner hook stop electron');
  });

  describe('without node on this machine', () => {
    it('says once, at session start, that the meter is not active here, and lets the session start', () => {
      const m = fresh();
      const r = launch(m, ['hook', 'session-start']);
      assert.equal(r.code, 0);
      assert.deepEqual(JSON.parse(r.out), { systemMessage: NOT_ACTIVE_MESSAGE });
    });

    const gated: Array<[string, HookName | 'statusline', (m: Machine) => void, number, string]> = [
      ['a stop with no goal frozen here goes through, silently', 'stop', () => undefined, 0, ''],
      ['a guarded call with no goal frozen here goes through', 'guard', () => undefined, 0, ''],
      ["a stop is blocked when the seal's inside copy says a goal is frozen here", 'stop', (m) => writeFileSync(join(m.dir, 'seal.json'), '{}'), 2, CANNOT_START_MESSAGE],
      ["a guarded call is blocked when only the outside copy (the person's state folder) says so", 'guard', (m) => {
        const k = join(m.state, 'proofmeter', workspaceKey(m.ws));
        mkdirSync(k, { recursive: true });
        writeFileSync(join(k, 'seal.json'), '{}');
      }, 2, CANNOT_START_MESSAGE],
      ['another gate goes through', 'prompt', (m) => writeFileSync(join(m.dir, 'seal.json'), '{}'), 0, ''],
    ];
    for (const [name, hook, arrange, code, err] of gated) {
      it(name, () => {
        const m = fresh();
        arrange(m);
        const r = launch(m, ['hook', hook]);
        assert.equal(r.code, code);
        assert.equal(r.err.trim(), err);
        assert.equal(r.out, '');
      });
    }

    it('the status line says the meter is not active here', () => {
      assert.match(launch(fresh(), ['statusline']).out, /not active on this machine/);
    });
  });
});

describe('the shared entries (what a teammate without the meter gets)', () => {
  const withNode = (m: Machine) => `${nodeDir(join(m.home, 'bin'))}:${m.tools}`;
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('name no machine path', () => {
    for (const c of [gateCommand('stop', { portable: true, runnerSha256: sha(RUNNER), node: { path: '/usr/bin/node', electron: false } }), statuslineCommand({ portable: true, node: { path: '/usr/bin/node', electron: false } })]) {
      assert.ok(!c.includes('/usr/bin/node'), c);
    }
  });

  const stops: Array<[string, (m: Machine) => void, boolean, number, RegExp]> = [
    ['the runner as installed answers the stop', () => undefined, true, 0, /^runner hook stop$/],
    ['a clone without the runner and no goal frozen here stops freely', (m) => rmSync(join(m.dir, 'proofmeter.js')), true, 0, /^$/],
    ['a clone without the launcher and no goal frozen here stops freely', (m) => rmSync(join(m.dir, 'hook.sh')), true, 0, /^$/],
    ['a missing runner blocks where a goal is frozen', (m) => (rmSync(join(m.dir, 'proofmeter.js')), writeFileSync(join(m.dir, 'seal.json'), '{}')), true, 2, /^$/],
    ['a launcher rewritten to let every stop through blocks where a goal is frozen', (m) => (writeFileSync(join(m.dir, 'hook.sh'), 'exit 0\n'), writeFileSync(join(m.dir, 'seal.json'), '{}')), true, 2, /^$/],
    ['a rewritten launcher where no goal is frozen lets the stop through', (m) => writeFileSync(join(m.dir, 'hook.sh'), 'exit 0\n'), true, 0, /^$/],
    ['a runner that is not the one install copied blocks where a goal is frozen', (m) => (writeFileSync(join(m.dir, 'proofmeter.js'), 'process.exit(0)'), writeFileSync(join(m.dir, 'seal.json'), '{}')), true, 2, /^$/],
    ['no node blocks where a goal is frozen', (m) => writeFileSync(join(m.dir, 'seal.json'), '{}'), false, 2, /^$/],
  ];
  for (const [name, arrange, node, code, out] of stops) {
    it(name, () => {
      const m = fresh();
      arrange(m);
      const r = entry(m, gateCommand('stop', { portable: true, runnerSha256: sha(RUNNER) }), node ? withNode(m) : m.tools);
      assert.equal(r.code, code, r.err);
      assert.match(r.out, out);
      if (code === 2) assert.match(r.err, /Proofmeter/);
    });
  }

  it('session start without the launcher prints the one message and lets the session start', () => {
    const m = fresh();
    rmSync(join(m.dir, 'hook.sh'));
    const r = entry(m, gateCommand('session-start', { portable: true }), withNode(m));
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.out), { systemMessage: NOT_ACTIVE_MESSAGE });
  });

  for (const hook of ['guard', 'receipt', 'prompt', 'plan-gate', 'config-change'] as const) {
    it(`the ${hook} entry lets the call through when the clone lacks the meter's files`, () => {
      const m = fresh();
      for (const f of ['hook.sh', 'proofmeter.js']) rmSync(join(m.dir, f));
      const r = entry(m, gateCommand(hook, { portable: true }), withNode(m));
      assert.equal(r.code, 0, r.err);
      assert.equal(r.out, '');
    });
  }
});
