// Reading the ancestry: fake tables for the walk, real processes for the Linux reader, ps text for macOS.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { argvOfPsArgs, linuxTable, parsePsColumn, readAncestry, type ProcessTable } from '../../../src/workspace/processAncestry';

type Row = { ppid: number; argv: string[]; cwd?: string; claudeEnv?: boolean };

function fakeTable(self: number, rows: Record<number, Row>, reads: string[] = []): ProcessTable {
  return {
    self,
    proc: (pid) => {
      const r = rows[pid];
      return r ? { pid, ppid: r.ppid, comm: r.argv[0]!, argv: r.argv, exe: null } : null;
    },
    cwd: (pid) => (reads.push(`cwd ${pid}`), rows[pid]?.cwd ?? null),
    startedInsideClaude: (pid) => (reads.push(`environ ${pid}`), rows[pid]?.claudeEnv ?? null),
    stdin: () => 'socket',
  };
}

describe('reading the ancestry', () => {
  it('walks from the runner to the first process that cannot be read, nearest first', () => {
    const t = fakeTable(30, { 30: { ppid: 20, argv: ['node'] }, 20: { ppid: 10, argv: ['sh'] }, 10: { ppid: 5, argv: ['bash'] } });
    assert.deepEqual(readAncestry(t).map((p) => p.pid), [30, 20, 10]);
  });

  it('stops at a loop instead of walking forever', () => {
    const t = fakeTable(30, { 30: { ppid: 20, argv: ['node'] }, 20: { ppid: 30, argv: ['sh'] } });
    assert.deepEqual(readAncestry(t).map((p) => p.pid), [30, 20]);
  });

  it('reads the working folder and start environment of Claude Code processes only', () => {
    const reads: string[] = [];
    const t = fakeTable(30, {
      30: { ppid: 20, argv: ['node'] },
      20: { ppid: 10, argv: ['sh', '-c', 'x'] },
      10: { ppid: 1, argv: ['claude'], cwd: '/w', claudeEnv: true },
      1: { ppid: 0, argv: ['init'] },
    }, reads);
    const chain = readAncestry(t);
    assert.deepEqual(reads, ['cwd 10', 'environ 10']);
    assert.equal(chain[2]!.cwd, '/w');
    assert.equal(chain[2]!.startedInsideClaude, true);
    assert.equal(chain[0]!.cwd, undefined);
  });
});

describe('the Linux reader on real processes', function () {
  if (process.platform !== 'linux') return;

  it('finds its own parent, and a child whose name holds spaces and parentheses', async () => {
    const self = linuxTable().proc(process.pid);
    assert.equal(self?.ppid, process.ppid);
    const child = spawn(process.execPath, ['-e', "process.title = 'a) b (c'; setTimeout(() => {}, 5000)"], { stdio: 'ignore' });
    try {
      const table = linuxTable(child.pid);
      let seen = '';
      for (let i = 0; i < 50 && !seen.includes(')'); i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = table.proc(child.pid!)?.comm ?? '';
      }
      assert.equal(seen, 'a) b (c');
      assert.equal(table.proc(child.pid!)?.ppid, process.pid);
      assert.deepEqual(readAncestry(table).slice(0, 2).map((p) => p.pid), [child.pid, process.pid]);
    } finally {
      child.kill();
    }
  });

  it('reads a working folder', () => {
    assert.equal(linuxTable().cwd(process.pid), process.cwd());
  });
});

describe('the macOS reader’s ps text', () => {
  it('keeps the command of `sh -c` whole and splits other arguments on spaces', () => {
    assert.deepEqual(argvOfPsArgs('/bin/sh -c node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook prompt'), ['/bin/sh', '-c', 'node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook prompt']);
    assert.deepEqual(argvOfPsArgs('node /usr/local/bin/claude --resume'), ['node', '/usr/local/bin/claude', '--resume']);
  });

  it('reads each row’s pid and the rest of its line, spaces kept', () => {
    const rows = parsePsColumn('    1     0 /sbin/launchd\n  512     1 /Applications/Claude Code.app/claude\n');
    assert.equal(rows.get(512), '1 /Applications/Claude Code.app/claude');
    assert.equal(rows.size, 2);
  });
});
