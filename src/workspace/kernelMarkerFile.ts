// Leaves or clears the per-session marker the guard reads (core/install/kernelMarker.ts): present
// exactly when the session starts under the kernel's protection.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { kernelMarkerRel } from '../core/install/kernelMarker';
import type { Protection } from '../core/install/protection';
import { writeFileAtomic } from './atomicWrite';

export function markSessionProtection(workspace: string, sessionId: string, protection: Protection): void {
  const rel = kernelMarkerRel(sessionId);
  if (!rel) return;
  const path = join(workspace, rel);
  if (protection.level === 'guard only') rmSync(path, { force: true });
  else writeFileAtomic(path, '');
}
