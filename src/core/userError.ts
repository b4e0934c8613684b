// A refusal the person can act on (a file to fix, a lock to wait for): the CLI prints its message as
// one line and exits 1, the hooks file it as a bad state, never as the meter's own bug. Pure, so the
// core's own refusals (the proxy's flags) are one too.
export class UserError extends Error {
  override name = 'UserError';
}
