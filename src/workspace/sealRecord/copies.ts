// The two copies of the seal, read and set against each other. A copy missing on one side, one
// that does not parse, or two that differ is a `meter-tampered` finding; the check then compares
// the workspace against the outside copy when it can be read (the one a script in the workspace
// is least likely to have touched), else against the workspace copy.
import type { Finding } from '../../core/findings/finding';
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { tampered } from '../../core/sealRecord/findings';
import { sealSchema, type SealRecord } from '../../core/sealRecord/record';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../atomicWrite';
import { outsideSealPath, realWorkspace, workspaceSealPath } from './paths';
import { sealFs, sha256 } from './observe';

export type SealCopy = { state: 'absent'; path: string } | { state: 'bad'; path: string; why: string; text: string } | { state: 'ok'; path: string; seal: SealRecord; text: string };

export interface SealCopies {
  /** The workspace's real path now. */
  real: string;
  inside: SealCopy;
  outside: SealCopy;
  /** The seal the workspace is compared against; null when neither copy can be read. */
  reference: SealRecord | null;
  findings: Finding[];
}

function readText(path: string): string | null {
  try {
    return sealFs.readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function parseCopy(path: string, text: string | null): SealCopy {
  if (text === null) return { state: 'absent', path };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { state: 'bad', path, why: 'is not valid JSON', text };
  }
  const r = sealSchema.safeParse(json);
  if (!r.success) return { state: 'bad', path, why: `does not hold a seal (${r.error.issues[0]?.path.join('.') || 'top'}: ${r.error.issues[0]?.code ?? 'invalid'})`, text };
  return { state: 'ok', path, seal: r.data, text };
}

/** Both copies. The outside copy is looked up by the workspace's real path, then by the path the workspace copy was taken at (a moved or copied workspace). */
export function readSealCopies(workspace: string, env: NodeJS.ProcessEnv): SealCopies {
  const real = realWorkspace(workspace);
  const insidePath = workspaceSealPath(workspace);
  const insideText = readText(insidePath);
  let outsidePath = outsideSealPath(real, env);
  let outsideText = readText(outsidePath);
  // Equal texts need one parse; the other copy is parsed only when they differ.
  const inside = parseCopy(insidePath, insideText);
  if (outsideText === null && inside.state === 'ok' && inside.seal.workspace !== real) {
    outsidePath = outsideSealPath(inside.seal.workspace, env);
    outsideText = readText(outsidePath);
  }
  const outside: SealCopy = outsideText !== null && outsideText === insideText && inside.state === 'ok' ? { state: 'ok', path: outsidePath, seal: inside.seal, text: outsideText } : parseCopy(outsidePath, outsideText);
  const findings: Finding[] = [];
  const at = (c: SealCopy) => (c.state === 'ok' ? ` (sealed ${c.seal.takenAt} by ${c.seal.takenBy})` : '');
  if (inside.state === 'absent' && outside.state !== 'absent') {
    findings.push(tampered('seal', 'inside-missing', `The workspace copy of the seal (${METER_STATE_DIR}/seal.json) is missing; the copy in ${outsidePath} says this workspace was sealed${at(outside)}.`, insidePath));
  } else if (outside.state === 'absent' && inside.state !== 'absent') {
    findings.push(tampered('seal', 'outside-missing', `The seal's copy outside the workspace (${outsidePath}) is missing; the workspace copy says it was sealed${at(inside)}.`, outsidePath));
  }
  for (const c of [inside, outside]) {
    if (c.state === 'bad') findings.push(tampered('seal', `bad\0${c.path}\0${sha256(c.text)}`, `The seal's copy ${c.path} ${c.why}.`, c.path));
  }
  if (inside.state === 'ok' && outside.state === 'ok' && inside.text !== outside.text) {
    findings.push(tampered('seal', `differ\0${sha256(inside.text)}\0${sha256(outside.text)}`, `The two copies of the seal differ (${insidePath} and ${outsidePath}).`, insidePath));
  }
  const reference = outside.state === 'ok' ? outside.seal : inside.state === 'ok' ? inside.seal : null;
  return { real, inside, outside, reference, findings };
}

/**
 * A workspace moved or copied finds its outside copy only through what the workspace copy says
 * about where it was sealed, so removing the workspace copy there would leave no seal at all (a
 * goal with no seal: a finding, but with no seal to compare or restore from). The gates keep the outside copy under the
 * workspace's own key as well, once both copies agree: the seal as the person took it, not retaken.
 */
export function keepOutsideCopyHere(copies: SealCopies, env: NodeJS.ProcessEnv): void {
  const here = outsideSealPath(copies.real, env);
  const { inside, outside } = copies;
  if (outside.state !== 'ok' || outside.path === here || inside.state !== 'ok' || inside.text !== outside.text) return;
  try {
    mkdirSync(dirname(here), { recursive: true, mode: 0o700 });
    writeFileAtomic(here, outside.text, { mode: 0o600 });
  } catch {
    // Not written: the copy under the path it was sealed at still stands.
  }
}
