// A project prepared outside a run (install, adopt, settings written for the scenario) is copied
// into the run's folder, but the seal keeps its second copy outside the workspace, under the
// user's state folder. This reseals the prepared project as it now stands, as the person would
// after writing those settings, and hands the outside copy over as runClaude files under the run's
// HOME, where the hooks find it by the path the project was sealed at (sealRecord/copies.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outsideSealDir, realWorkspace, workspaceKey } from '../../src/workspace/sealRecord/paths';
import { repoRoot } from './runClaude';

const BUNDLE = join(repoRoot, 'dist', 'proofmeter.js');

/**
 * Files to add to the run, relative to the run's project folder: the outside copy of the seal,
 * and `homeFiles` (user settings), which the seal is taken with, under the run's HOME.
 */
export function carrySeal(dir: string, homeFiles: Record<string, string> = {}): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'pm-seal-home-'));
  const files: Record<string, string> = {};
  for (const [rel, text] of Object.entries(homeFiles)) {
    mkdirSync(join(home, rel, '..'), { recursive: true });
    writeFileSync(join(home, rel), text);
    files[join('..', 'home', rel)] = text;
  }
  // A HOME of its own, holding only the given files, as in the run; the state folder lands under it.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_STATE_HOME: '' };
  const r = spawnSync(process.execPath, [BUNDLE, 'doctor', '--reseal', '--dir', dir], { cwd: dir, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`reseal of the prepared project failed: ${r.stderr}`);
  const real = realWorkspace(dir);
  const from = outsideSealDir(real, env);
  for (const name of readdirSync(from)) files[join('..', 'home', '.local', 'state', 'proofmeter', workspaceKey(real), name)] = readFileSync(join(from, name), 'utf8');
  rmSync(home, { recursive: true, force: true });
  // The copy adopt left under this process's own state folder (scenarioKit's personEnv: no XDG_STATE_HOME) is not the run's.
  const litter = outsideSealDir(real, { HOME: process.env.HOME });
  if (existsSync(litter)) rmSync(litter, { recursive: true, force: true });
  return files;
}
