// A workspace with the meter installed and a plan frozen and sealed, every settings level the
// test's own: what the seal tests change, one part at a time.
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { freezePlan } from '../../../src/workspace/freezeGoal';
import { installMeter } from '../../../src/workspace/hookInstaller';
import { takeSeal } from '../../../src/workspace/sealRecord/take';

export const PLAN = '# Seal\n\n## Steps\n- S1. Make it. Proof: `test -f made.txt`\n- S2. Check it. Proof: `grep -q ok made.txt`\n';

export interface Sealed {
  ws: string;
  home: string;
  env: NodeJS.ProcessEnv;
  node: string;
  managed: string;
  places: { managed: string };
}

/** A workspace with the meter installed (a stand-in runner, a stand-in node) and the plan frozen, sealed. */
export function sealed(): Sealed {
  const root = mkdtempSync(join(tmpdir(), 'pm-seal-'));
  const ws = join(root, 'proj');
  const home = join(root, 'home');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  const runner = join(root, 'proofmeter.js');
  writeFileSync(runner, '#!/usr/bin/env node\nconsole.log("0.0.0-test");\n');
  const node = join(root, 'bin', 'node');
  mkdirSync(join(root, 'bin'));
  copyFileSync(runner, node);
  const managed = join(root, 'managed-settings.json');
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: process.env.PATH, CLAUDE_PROJECT_DIR: ws };
  installMeter(ws, 'settings.json', runner, new Date(), { node: { path: node, electron: false } });
  writeFileSync(join(ws, 'PLAN.md'), PLAN);
  const r = freezePlan({ workspace: ws, planText: PLAN, planFile: join(ws, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(), stateEnv: env });
  assert.equal(r.kind, 'frozen');
  // Sealed again with the test's managed settings file, so every level is this test's own; dated
  // past the racy window (observe.ts RACY_MS), so files written just now are trusted by their stat.
  takeSeal(ws, { by: 'reseal', parts: ['goal', 'meter', 'settings', 'content'], env, now: new Date(Date.now() + 5000), places: { managed } });
  return { ws, home, env, node, managed, places: { managed } };
}

/** Edits a JSON file's top-level keys (a missing file as `{}`); deeper edits name the shape (editSettings, goalSchema). */
export const editJson = (path: string, edit: (j: Record<string, unknown>) => void) => {
  let j: Record<string, unknown> = {};
  try {
    j = z.record(z.unknown()).parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    // a file that does not exist yet
  }
  edit(j);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(j, null, 2));
};
