// Issue 8, "no fault may read as a pass": state files the meter wrote and reads back may parse and
// still hold the wrong shape (a crash, another version, a hand edit). A cache or a count is then
// rebuilt from its source; a damaged goal blocks the stop, never "no goal".
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stopStatePath } from '../../../src/hooks/stopState';
import { goalPath, readGoal } from '../../../src/workspace/goalState';
import { cli } from '../helpers/cli';
import { setAt, type JsonPath } from '../helpers/jsonEdit';
import { blockReason, addSession, freeze, gate, MAIN_PLAN, payload, workspace, type Workspace } from './helpers';

const SESSION = payload('stop-first').session_id;

function damage(path: string, at: JsonPath, value: unknown): void {
  writeFileSync(path, JSON.stringify(setAt(JSON.parse(readFileSync(path, 'utf8')), at, value)));
}

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
}

async function blockNumber(w: Workspace, name: 'stop-first' | 'stop-active'): Promise<string> {
  const r = await gate('stop', payload(name, { cwd: w.ws }), w);
  assert.equal(r.json?.decision, 'block', `a block, not ${JSON.stringify(r.json)}`);
  return /Stop blocked (\d+) of/.exec(blockReason(r))?.[1] ?? '?';
}

describe('state that parses but has the wrong shape', () => {
  describe('a damaged plan cache is rebuilt from the plan file', () => {
    const cases: Array<{ name: string; at: JsonPath; value: unknown }> = [
      { name: 'an item that is null', at: ['plan', 'items', 0], value: null },
      { name: 'an item whose key is a number', at: ['plan', 'items', 0, 'key'], value: 7 },
      { name: 'items that are an object', at: ['plan', 'items'], value: { S1: true } },
      { name: 'findings that are null', at: ['plan', 'findings'], value: null },
    ];
    for (const c of cases) {
      it(`the stop gate still blocks, with ${c.name}`, async () => {
        const w = workspace();
        addSession(w, 'main');
        freeze(w, MAIN_PLAN);
        assert.equal(await blockNumber(w, 'stop-first'), '1');
        damage(join(w.ws, '.claude', 'proofmeter', 'scan', 'plan.json'), c.at, c.value);
        assert.equal(await blockNumber(w, 'stop-active'), '2');
        assert.equal(await blockNumber(w, 'stop-active'), '3', 'and the calls after it');
      });

      it(`the status line still shows the tally, with ${c.name}`, async () => {
        const w = workspace();
        addSession(w, 'main');
        freeze(w, MAIN_PLAN);
        const stdin = JSON.stringify({ workspace: { project_dir: w.ws } });
        const before = await cli(['statusline'], { cwd: w.ws, env: w.env, stdin });
        damage(join(w.ws, '.claude', 'proofmeter', 'scan', 'plan.json'), c.at, c.value);
        const after = await cli(['statusline'], { cwd: w.ws, env: w.env, stdin });
        assert.equal(after.out, before.out);
        assert.match(after.out, /^▰/);
      });
    }
  });

  describe('a damaged stop count restarts the count, and the gate keeps blocking', () => {
    const cases: Array<{ name: string; path: (ws: string) => string; value: unknown }> = [
      { name: 'the shared file of version 1 with a session of null', path: (ws) => join(ws, '.claude', 'proofmeter', 'stop-blocks.json'), value: { version: 1, sessions: { [SESSION]: null } } },
      { name: 'the shared file of version 1 with sessions of null', path: (ws) => join(ws, '.claude', 'proofmeter', 'stop-blocks.json'), value: { version: 1, sessions: null } },
      { name: "the session's file with blocks as text", path: (ws) => stopStatePath(ws, SESSION), value: { version: 2, session: SESSION, promptId: null, blocks: 'many', at: 'x' } },
      { name: "the session's file holding null", path: (ws) => stopStatePath(ws, SESSION), value: null },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const w = workspace();
        addSession(w, 'main');
        freeze(w, MAIN_PLAN);
        write(c.path(w.ws), c.value);
        assert.equal(await blockNumber(w, 'stop-active'), '1');
        assert.equal(await blockNumber(w, 'stop-active'), '2');
      });
    }
  });

  describe('a damaged goal blocks the stop, never "no goal"', () => {
    const cases: Array<{ name: string; value: unknown }> = [
      { name: 'null', value: null },
      { name: 'an empty object', value: {} },
      { name: 'an item that is null', value: { version: 1, planPath: 'PLAN.md', title: null, frozenBy: 'adopt', frozenAt: '2025-01-01T00:00:00Z', sessionId: null, items: [null] } },
      { name: 'items that are text', value: { version: 1, planPath: 'PLAN.md', title: null, frozenBy: 'adopt', frozenAt: '2025-01-01T00:00:00Z', sessionId: null, items: 'S1' } },
      { name: 'a version from the future', value: { version: 2, planPath: 'PLAN.md', title: null, frozenBy: 'adopt', frozenAt: '2025-01-01T00:00:00Z', sessionId: null, items: [] } },
    ];
    for (const c of cases) {
      it(`holding ${c.name}`, async () => {
        const w = workspace();
        write(goalPath(w.ws), c.value);
        assert.equal(readGoal(w.ws).kind, 'bad');
        const stop = await gate('stop', payload('stop-first', { cwd: w.ws }), w);
        assert.equal(stop.answer.outcome, 'block-tampered');
        assert.match(blockReason(stop), /^- meter-tampered \(F-\w+\): The goal file \.claude\/proofmeter\/goal\.json is corrupt/m);
        assert.match(blockReason(stop), /proofmeter doctor/);
        const line = await cli(['statusline'], { cwd: w.ws, env: w.env, stdin: JSON.stringify({ workspace: { project_dir: w.ws } }) });
        assert.equal(line.out, '⚠ tampered: meter-tampered · proofmeter doctor');
      });
    }
  });
});
