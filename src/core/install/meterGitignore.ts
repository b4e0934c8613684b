// What of the meter's folder a team commits, decided once: the .gitignore install writes there.
// Shared: the runner and its sh scripts (a teammate's hooks run them), the frozen goal and its plan
// (a clone shows the goal, read as sealed on another machine until someone reseals it there).
// This machine's alone: the seal's copies, receipts, acceptances, verify and stop records, health,
// incidents, caches, install records and the node install found. Everything is ignored and the
// shared files are named back, so a record added later stays out of git without a new rule.

export const SHARED_METER_FILES = ['proofmeter.js', 'guard.sh', 'receipt.sh', 'hook.sh', 'goal.json', 'plans/'] as const;

export const METER_GITIGNORE = `# Written by proofmeter install: what a team commits from .claude/proofmeter/.
# Committed: the runner and its scripts, the frozen goal and its plan. Not committed: the seal's
# copies, receipts, acceptances, health and every other record of this machine.
*
!.gitignore
${SHARED_METER_FILES.map((f) => (f.endsWith('/') ? `!${f}\n!${f}**` : `!${f}`)).join('\n')}
`;

/** What install wrote before the shared files were decided: it ignored records by name. */
const EARLIER = [
  `# Written by proofmeter install: the meter's runtime records stay out of git.
# The runner (proofmeter.js) and the frozen goal (goal.json, plans/) may be committed.
health*.jsonl
incidents/
stop-blocks.json
scan/
verify.json
backup/
install.json
install.json.damaged-*
install.lock*
receipts/
armed.json
seal.json
seal-content.json
*.v8cache
*.tmp
`,
];

/** A .gitignore exactly as an earlier install wrote it, which install brings up to date; one the person edited is theirs. */
export function isMeterGitignore(text: string): boolean {
  return EARLIER.includes(text);
}
