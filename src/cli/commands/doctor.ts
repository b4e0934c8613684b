// `proofmeter doctor [--dir DIR] [--json] [--reseal [--preview] | --restore]`: is each gate armed? For each: its entry in the
// settings files, the runner present and runnable, and when it last fired (health.jsonl), per
// session. Then the known reasons a gate silently does not fire, with the ones seen here marked.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GATES, RUNNER_REL, isMeterCommand, meterHookOf, type HookName } from '../../core/install/entries';
import { GUARD_SCRIPT_REL } from '../../core/install/guardScript';
import { nodeOfCommand } from '../../core/install/nodeEntry';
import { HOOK_SCRIPT_REL } from '../../core/install/hookScript';
import { hintedNode } from '../../workspace/nodeHint';
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { RECEIPT_SCRIPT_REL } from '../../core/install/receiptScript';
import type { SettingsFileState } from '../../core/install/settingsFileState';
import { isObject, meterEntries, parseSettings, type Settings } from '../../core/install/settingsMerge';
import { readHealth, type HealthRecord } from '../../workspace/health';
import { lastReceipt } from '../../workspace/receiptStore';
import { claudeConfigDir } from '../../workspace/transcriptFiles';
import { protectionNow } from '../../workspace/protectionNow';
import { protectionLine } from '../../core/tally/format';
import type { Protection } from '../../core/install/protection';
import { UsageError, type CommandResult, type Io } from '../io';
import { doctorHeadline } from '../../core/doctorHeadline';
import { reseal, resealPreview, restore, sealReport, sealText, type SealReport } from './doctorSeal';
import { standing, standingText, type Standing } from './doctorStanding';

interface SettingsSource {
  label: string;
  path: string;
  state: SettingsFileState;
  settings: Settings | null;
}

export interface GateReport {
  hook: HookName | 'statusline';
  label: string;
  entryIn: string[];
  armed: boolean;
  why: string | null;
  lastFired: { time: string; outcome: string; session: string | null } | null;
}

export interface Diagnosis {
  workspace: string;
  runner: { present: boolean; runs: boolean; detail: string };
  node: string | null;
  sources: Array<{ label: string; path: string; state: string }>;
  gates: GateReport[];
  sessions: Array<{ session: string; last: string; events: Record<string, { time: string; outcome: string }> }>;
  reasons: Array<{ seen: boolean; text: string }>;
  /** The seal check (doctorSeal.ts). */
  seal: SealReport;
  /** What keeps the agent off the meter's files (core/install/protection.ts). */
  protection: Protection;
  /** What keeps the verdict NOT DONE, and the stop gate's faults in a row (doctorStanding.ts). */
  standing: Standing;
}

function readSource(label: string, path: string): SettingsSource {
  if (!existsSync(path)) return { label, path, state: 'absent', settings: null };
  try {
    const p = parseSettings(readFileSync(path, 'utf8'));
    return p.ok ? { label, path, state: 'ok', settings: p.value } : { label, path, state: 'invalid', settings: null };
  } catch {
    return { label, path, state: 'invalid', settings: null };
  }
}

function which(cmd: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, cmd))) return join(dir, cmd);
  }
  return null;
}

export function diagnose(workspace: string, env: NodeJS.ProcessEnv): Diagnosis {
  const home = env.HOME || homedir();
  const sources = [
    readSource('project', join(workspace, '.claude', 'settings.json')),
    readSource('local', join(workspace, '.claude', 'settings.local.json')),
    readSource('user', join(claudeConfigDir(env), 'settings.json')),
    readSource('managed', '/etc/claude-code/managed-settings.json'),
  ];
  // Installed entries name an absolute node; older ones find node on PATH.
  const entryNode = sources.flatMap((s) => (s.settings ? meterEntries(s.settings) : [])).map((e) => nodeOfCommand(e.command)).find((n): n is string => n !== null) ?? null;
  // Shared entries start the launcher, which tries install's node for this machine, then PATH.
  const launched = sources.some((s) => s.settings && meterEntries(s.settings).some((e) => e.command.includes(HOOK_SCRIPT_REL)));
  const hinted = launched ? hintedNode(workspace) : null;
  const node = entryNode ? (existsSync(entryNode) ? entryNode : null) : hinted && existsSync(hinted) ? hinted : which('node', env);
  const runnerAbs = join(workspace, RUNNER_REL);
  const launcherAbs = join(workspace, HOOK_SCRIPT_REL);
  const runner = { present: existsSync(runnerAbs), runs: false, detail: 'missing' };
  if (runner.present) {
    // Through the launcher when the entries use it: the very path a hook takes on this machine.
    const r = launched && existsSync(launcherAbs)
      ? spawnSync('sh', [launcherAbs, '--version'], { input: '', encoding: 'utf8', timeout: 10000, env: { ...env, CLAUDE_PROJECT_DIR: workspace } })
      : spawnSync(node ?? process.execPath, [runnerAbs, '--version'], { encoding: 'utf8', timeout: 10000, env: { ...env, CLAUDE_PROJECT_DIR: workspace } });
    runner.runs = r.status === 0 && r.stdout.trim() !== '';
    runner.detail = runner.runs ? `runs (version ${r.stdout.trim()})` : `present but fails to run (${r.error ? r.error.message : `exit ${r.status}`})`;
  }
  const disabledIn = sources.filter((s) => s.settings?.disableAllHooks === true).map((s) => s.label);
  const managedOnly = sources.find((s) => s.label === 'managed')?.settings?.allowManagedHooksOnly === true;
  const health = readHealth(workspace);
  const lastOf = (hook: string): HealthRecord | undefined => [...health].reverse().find((h) => h.event === hook);

  const gates: GateReport[] = GATES.map((g) => {
    const entryIn = sources.filter((s) => s.settings && meterEntries(s.settings).some((e) => e.event === g.event && meterHookOf(e.command) === g.hook)).map((s) => s.label);
    let why: string | null = null;
    if (!entryIn.length) why = 'no entry in any settings file (run proofmeter install)';
    else if (!runner.present) why = `the runner ${RUNNER_REL} is missing (run proofmeter install)`;
    else if (!runner.runs) why = `the runner does not run: ${runner.detail}`;
    else if (launched && !existsSync(launcherAbs)) why = `its launcher ${HOOK_SCRIPT_REL} is missing (run proofmeter install)`;
    else if (g.hook === 'guard' && !existsSync(join(workspace, GUARD_SCRIPT_REL))) why = `its front ${GUARD_SCRIPT_REL} is missing (run proofmeter install)`;
    else if (g.hook === 'receipt' && !existsSync(join(workspace, RECEIPT_SCRIPT_REL))) why = `its script ${RECEIPT_SCRIPT_REL} is missing (run proofmeter install)`;
    else if (!node) why = entryNode ? `the node the entries run (${entryNode}) is missing (run proofmeter install)` : 'node is not on PATH';
    else if (disabledIn.length) why = `disableAllHooks is set in the ${disabledIn.join(', ')} settings`;
    else if (managedOnly && !entryIn.includes('managed')) why = 'managed settings allow managed hooks only';
    // The sh receipt writes no health line (it stays cheap); its receipts say when it last wrote.
    const receipt = g.hook === 'receipt' ? lastReceipt(workspace) : null;
    const last = receipt ? { ...receipt, outcome: 'receipt' } : lastOf(g.hook);
    return {
      hook: g.hook,
      label: `${g.label} [${g.event}${g.matcher ? ` ${g.matcher}` : ''}]`,
      entryIn,
      armed: why === null,
      why,
      lastFired: last ? { time: last.time, outcome: last.outcome, session: last.session } : null,
    };
  });
  // The status line: the last settings source with a statusLine wins (local over project over user).
  const slSource = ['local', 'project', 'user'].map((l) => sources.find((s) => s.label === l)!).find((s) => s.settings && s.settings.statusLine !== undefined);
  const slIsMeter = !!slSource && isObject(slSource.settings!.statusLine) && isMeterCommand(slSource.settings!.statusLine.command);
  gates.push({
    hook: 'statusline',
    label: 'status line [statusLine]',
    entryIn: slSource && slIsMeter ? [slSource.label] : [],
    armed: slIsMeter && runner.runs,
    why: !slSource ? 'no statusLine in any settings file' : !slIsMeter ? `the ${slSource.label} settings' own statusLine is in effect (kept on purpose)` : runner.runs ? null : 'the runner does not run',
    lastFired: null,
  });

  const bySession = new Map<string, Diagnosis['sessions'][number]>();
  for (const h of health) {
    const key = h.session ?? '(unknown)';
    const s = bySession.get(key) ?? { session: key, last: h.time, events: {} };
    s.last = h.time > s.last ? h.time : s.last;
    s.events[h.event] = { time: h.time, outcome: h.outcome };
    bySession.set(key, s);
  }
  const sessions = [...bySession.values()].sort((a, b) => (a.last < b.last ? 1 : -1)).slice(0, 5);

  const local = sources.find((s) => s.label === 'local');
  const trusted = (() => {
    try {
      const j = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8')) as { projects?: Record<string, { hasTrustDialogAccepted?: boolean }> };
      return j.projects?.[workspace]?.hasTrustDialogAccepted === true;
    } catch {
      return false;
    }
  })();
  const reasons: Diagnosis['reasons'] = [
    { seen: disabledIn.length > 0, text: 'disableAllHooks: true in any settings file (user, project, local or managed) turns every hook off.' },
    { seen: managedOnly, text: 'allowManagedHooksOnly in managed settings ignores the hooks of project and local settings.' },
    { seen: !!local?.settings && local.settings.statusLine !== undefined && !slIsMeter, text: ".claude/settings.local.json is read after settings.json: hooks from both run, but a statusLine there replaces the meter's." },
    { seen: sources.some((s) => s.state === 'invalid'), text: `A settings file that is not valid JSON is skipped by Claude Code${sources.filter((s) => s.state === 'invalid').map((s) => ` (invalid now: ${s.path})`).join('')}.` },
    { seen: false, text: "A settings change that touches hooks, env or disableAllHooks while a session runs is refused for that session by the meter's config-change gate: restart Claude Code to apply it (proofmeter uninstall applies at once)." },
    { seen: !node, text: "The shared entries (settings.json) find node through .claude/proofmeter/hook.sh: PATH, then the node install recorded on this machine, then Homebrew, Volta, asdf, fnm, n and nvm; settings.local.json names the absolute node. Without one, hooks let everything through unless a goal is frozen on this machine." },
    { seen: !trusted, text: `Project hooks run only in a trusted folder: accept the trust dialog once in the terminal UI${trusted ? '' : ' (no trust recorded for this folder in ~/.claude.json)'}.` },
    { seen: !runner.present, text: `A fresh clone has no runner unless ${RUNNER_REL} was committed (install's .gitignore offers it): without it the shared entries let everything through, with one message per session; run proofmeter install there.` },
    { seen: false, text: 'The plan gate fires only where ExitPlanMode can run: the terminal UI, the VS Code panel, or an SDK host with --permission-prompt-tool; `claude -p` disables it.' },
    { seen: false, text: 'The statusLine runs only in the terminal UI, not under -p, the SDK or the VS Code panel.' },
  ];
  return {
    workspace,
    runner,
    node,
    sources: sources.map((s) => ({ label: s.label, path: s.path, state: s.state })),
    gates,
    sessions,
    reasons,
    seal: sealReport(workspace, env),
    protection: protectionNow(workspace, env),
    standing: standing(workspace, env, health),
  };
}

export function doctorText(d: Diagnosis): string {
  const hooksArmed = d.gates.filter((g) => g.hook !== 'statusline');
  // The same sentence heads the report and ends it, and VS Code's notification says it too (doctorVerdict.ts).
  const headline = doctorHeadline({ armed: hooksArmed.filter((g) => g.armed).length, total: hooksArmed.length, sealState: d.seal.state, runnerPresent: d.runner.present, stopFaults: d.standing.stopFaults.inARow });
  const out: string[] = [`Doctor: ${headline}`, `Workspace: ${d.workspace}`];
  out.push(`Runner: ${RUNNER_REL}: ${d.runner.detail}`);
  out.push(`node for hooks: ${d.node ?? 'NOT FOUND'}`);
  out.push('Settings: ' + d.sources.filter((s) => s.state !== 'absent').map((s) => `${s.label} ${s.path}${s.state === 'invalid' ? ' (NOT VALID JSON)' : ''}`).join('; '));
  out.push('Gates:');
  for (const g of d.gates) {
    const fired = g.lastFired ? `last fired ${g.lastFired.time} (${g.lastFired.outcome})` : g.hook === 'statusline' ? '' : 'never fired here yet';
    out.push(`  ${g.armed ? 'ARMED    ' : 'NOT ARMED'} ${g.label}${g.entryIn.length ? ` in ${g.entryIn.join(', ')}` : ''}${g.why ? `: ${g.why}` : ''}${fired ? `; ${fired}` : ''}`);
  }
  if (d.sessions.length) {
    out.push('Last firing per session (newest first):');
    for (const s of d.sessions) {
      out.push(`  ${s.session}: ` + Object.entries(s.events).map(([e, v]) => `${e} ${v.time} ${v.outcome}`).join(', '));
    }
  } else out.push(`No hook has fired in this workspace yet (${METER_STATE_DIR}/health.jsonl is empty).`);
  out.push(...sealText(d.seal));
  out.push(...standingText(d.standing));
  out.push(protectionLine(d.protection));
  out.push('Known reasons a gate silently does not fire (! = seen here):');
  for (const r of d.reasons) out.push(`  ${r.seen ? '!' : '-'} ${r.text}`);
  out.push(headline);
  return out.join('\n');
}

export function run(args: string[], io: Io): CommandResult {
  const { values, positionals } = parseArgs({
    args,
    options: { dir: { type: 'string' }, json: { type: 'boolean' }, reseal: { type: 'boolean' }, restore: { type: 'boolean' }, preview: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.length || (values.reseal && values.restore) || (values.preview && !values.reseal)) throw new UsageError('usage: proofmeter doctor [--dir DIR] [--json] [--reseal [--preview] | --restore]');
  const ws = resolve(io.cwd, values.dir ?? '.');
  if (values.reseal && values.preview) return resealPreview(ws, io, values.json === true);
  if (values.reseal) return reseal(ws, io);
  if (values.restore) return restore(ws, io);
  const d = diagnose(ws, io.env);
  io.out(values.json ? JSON.stringify(d, null, 2) : doctorText(d));
  return { code: d.gates.filter((g) => g.hook !== 'statusline').every((g) => g.armed) && d.seal.state !== 'tampered' ? 0 : 1 };
}
