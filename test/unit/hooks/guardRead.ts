// The guard's reading of one Bash command in a fresh workspace, for the table-driven guard tests:
// `prepare` sets the workspace up first (folders, scripts the command runs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash, type BashFinding } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

export function guardRead(command: string, prepare?: (ws: string) => void): { found: BashFinding[]; ws: string } {
  const w = workspace();
  prepare?.(w.ws);
  return { found: analyzeBash(command, { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) }), ws: w.ws };
}

/** A workspace with the meter installed as the guard sees it (its state folder and settings) and a `src` folder. */
export function withMeter(ws: string): void {
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, '.claude', 'settings.json'), '{}');
}
