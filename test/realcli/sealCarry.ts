// A project prepared outside a run (install, adopt, settings written for the scenario) is copied
// into the run's folder, but the seal keeps its second copy outside the workspace, under the
// user's state folder. This reseals the prepared project as it now stands, as the person would
// after writing those settings, and hands the outside copy over as runClaude files under the run's
// HOME, where the hooks find it by the path the project was sealed at (sealRecord/copies.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outsideSealDir, realWorkspace, workspaceKey } from '../../src/workspace/sealRecord/paths';
import { repoRoot } from './runClaude';

const BUNDLE = join(repoRoot, 'dist', 'proofmeter.js');

/** Files to add to the run: the outside copy of the seal, relative to the run's project folder. */
export function carrySeal(dir: string): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'pm-seal-home-'));
  // A HOME of its own: no user settings, as in the run; the state folder lands under it.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_STATE_HOME: '' };
  const r = spawnSync(process.execPath, [BUNDLE, 'doctor', '--reseal', '--dir', dir], { cwd: dir, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`reseal of the prepared project failed: ${r.stderr}`);
  const real = realWorkspace(dir);
  const from = outsideSealDir(real, env);
  const files: Record<string, string> = {};
  for (const name of readdirSync(from)) files[join('..', 'home', '.local', 'state', 'proofmeter', workspaceKey(real), name)] = readFileSync(join(from, name), 'utf8');
  rmSync(home, { recursive: true, force: true });
  // The copy adopt left under this process's own state folder is not the run's.
  const litter = outsideSealDir(real, process.env);
  if (existsSync(litter)) rmSync(litter, { recursive: true, force: true });
  return files;
}
