// The fact the SessionStart hook leaves for the guard: an empty file named after the session, in
// the state folder, when the protection in force for that session is `kernel` (or `kernel,
// locked`). The hook runs outside the sandbox and the state folder is read-only inside it, so the
// agent cannot make the file; without it the guard reads commands as it did before the kernel
// (`guard only`). One spelling here, for the hook that writes it and the guard's sh front and
// runner that read it.
import { METER_STATE_DIR } from '../meterStateDir';

/** The folder's name inside the state folder (the sh front, which lives there, joins it itself). */
export const KERNEL_MARKER_NAME = 'kernel';

/** Workspace-relative and `/`-separated. */
export const KERNEL_MARKER_DIR = `${METER_STATE_DIR}/${KERNEL_MARKER_NAME}`;

/** Claude Code's session ids are uuids; anything else names no marker (and no path outside the folder). */
export const SESSION_ID = /^[0-9A-Za-z-]+$/;

/** The marker's workspace-relative path for a session, or null for an id that cannot name one. */
export function kernelMarkerRel(sessionId: string): string | null {
  return SESSION_ID.test(sessionId) ? `${KERNEL_MARKER_DIR}/${sessionId}` : null;
}
