// The guard's one line for a runner subcommand an agent may not run, with what to do instead.

export function gateChangeReason(target: string): string {
  const sub = target.replace(/^proofmeter /, '');
  if (sub === 'adopt' || sub === 'install' || sub === 'uninstall') {
    return `Proofmeter guard: \`${target}\` changes the frozen goal or the hooks; adopting, installing and uninstalling are the person's steps. Ask the person to run it.`;
  }
  if (sub === 'hook') {
    return `Proofmeter guard: \`${target}\` runs one of the meter's gates by hand, with input Claude Code did not send; only Claude Code calls the gates. Read the state with \`proofmeter tally\` or \`proofmeter doctor\`.`;
  }
  return `Proofmeter guard: \`${target}\` is not one an agent may run (tally, statusline, check-plan, doctor, handover, --version and --help only read); ask the person to run it.`;
}
