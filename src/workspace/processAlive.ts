// Whether a process of this machine still runs, for a file that names its writer's pid (the install
// lock, a proxy's run file): signal 0 checks without sending anything, and EPERM means it runs
// under another user.
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
