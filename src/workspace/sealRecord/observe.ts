// Reading what the seal records: stats, digests, and the arming of every settings file Claude Code
// reads. Shared by taking the seal and checking it, so both see the same thing the same way.
import { createHash } from '../lazyCrypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { armingOf } from '../../core/sealRecord/arming';
import { SETTINGS_LEVELS, SMALL_FILE_BYTES, type FileSeal, type FileStat, type SettingsLevel, type SettingsSeal } from '../../core/sealRecord/record';
import { parseSettings } from '../../core/install/settingsMerge';
import { claudeConfigDir } from '../transcriptFiles';

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The file system calls the seal makes, in one place: the tests count them (a check must stay cheap). */
export const sealFs = { readFileSync, statSync };

export function statOf(path: string): FileStat | null {
  try {
    const st = sealFs.statSync(path);
    if (!st.isFile()) return null;
    return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
  } catch {
    return null;
  }
}

export function sameStat(a: FileStat | null, b: FileStat | null): boolean {
  if (a === null || b === null) return a === b;
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}

/**
 * File times this close to the seal (or after it) do not prove a file unchanged: file times come
 * from a coarse clock, so a write in the same tick as the seal can leave them as they were (git's
 * racily clean entries). Such a file is read again, whatever its stat says.
 */
export const RACY_MS = 2000;

/** The stat says the file is as sealed, and its times are old enough to trust. */
export function unmoved(sealed: FileStat | null, now: FileStat | null, takenAtMs: number): boolean {
  if (!sameStat(sealed, now)) return false;
  return now === null || Math.max(now.mtimeMs, now.ctimeMs) < takenAtMs - RACY_MS;
}

function readOrNull(path: string): Buffer | null {
  try {
    return sealFs.readFileSync(path);
  } catch {
    return null;
  }
}

/** A file as the seal keeps it; null when it is not there. `stored`: the path written in the seal. */
export function fileSeal(abs: string, stored: string, smallBytes = SMALL_FILE_BYTES): FileSeal | null {
  const stat = statOf(abs);
  const bytes = stat ? readOrNull(abs) : null;
  if (!stat || !bytes) return null;
  return { path: stored, stat, sha256: sha256(bytes), text: bytes.length <= smallBytes ? bytes.toString('utf8') : null };
}

/** The digest of a file now, when its stat moved since `sealed`; null when it is gone. */
export function currentDigest(abs: string): { stat: FileStat; sha256: string; bytes: Buffer } | null {
  const stat = statOf(abs);
  const bytes = stat ? readOrNull(abs) : null;
  return stat && bytes ? { stat, sha256: sha256(bytes), bytes } : null;
}

export interface SettingsPlaces {
  /** The managed settings file; tests point it elsewhere. */
  managed?: string;
}

/** Claude Code's managed settings file on this platform. */
export function managedSettingsPath(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? '/Library/Application Support/ClaudeCode/managed-settings.json' : '/etc/claude-code/managed-settings.json';
}

/** Every settings file Claude Code reads for this workspace, by level. */
export function settingsFiles(workspace: string, env: NodeJS.ProcessEnv, places: SettingsPlaces = {}): Array<{ level: SettingsLevel; path: string }> {
  const paths: Record<SettingsLevel, string> = {
    user: join(claudeConfigDir(env), 'settings.json'),
    project: join(workspace, '.claude', 'settings.json'),
    local: join(workspace, '.claude', 'settings.local.json'),
    managed: places.managed ?? managedSettingsPath(),
  };
  return SETTINGS_LEVELS.map((level) => ({ level, path: paths[level] }));
}

export interface SettingsNow extends SettingsSeal {
  /** The file's env as it is now, for naming a lowered cap. */
  env: Record<string, unknown>;
}

/** One settings file's arming as it is now. */
export function settingsNow(level: SettingsLevel, path: string): SettingsNow {
  const stat = statOf(path);
  const bytes = stat ? readOrNull(path) : null;
  if (!stat || !bytes) return { level, path, stat: null, state: 'absent', arming: armingOf(null, sha256), env: {} };
  const p = parseSettings(bytes.toString('utf8'));
  // A file that is not valid JSON is skipped by Claude Code: it arms nothing.
  if (!p.ok) return { level, path, stat, state: 'invalid', arming: armingOf(null, sha256), env: {} };
  const env = typeof p.value.env === 'object' && p.value.env !== null && !Array.isArray(p.value.env) ? (p.value.env as Record<string, unknown>) : {};
  return { level, path, stat, state: 'ok', arming: armingOf(p.value, sha256), env };
}
