// `proofmeter proxy replay SESSION [flags] [--json]`: each recorded request rebuilt from the
// transcript and put through the proxy's rule, with the same flags as serve. No provider is called,
// so there are no responses to calibrate against, and the system prompt and tools, which the
// transcript does not hold, are not counted.
import { createHash } from 'node:crypto';
import { Engine } from '../../core/proxy/engine';
import { parseProxyFlags } from '../../core/proxy/options';
import { replayRecords, reportJson } from '../../core/proxy/replay';
import { findSession } from '../../proxy/findSession';
import { transcriptRecords } from '../../proxy/jsonlRecords';
import { UsageError, type CommandResult, type Io } from '../io';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function run(args: string[], io: Io): CommandResult {
  const { opts, rest } = parseProxyFlags(args);
  if (rest.length !== 1) throw new UsageError('usage: proofmeter proxy replay SESSION [flags] [--json]');
  const file = findSession(rest[0]!, io.cwd, io.env);
  if (!file) throw new UsageError(`no transcript '${rest[0]}' (a path, or a session id under ~/.claude/projects)`);
  const engine = new Engine({ ...opts, calibrate: false, shadow: false }, sha256);
  const r = replayRecords(transcriptRecords(file), engine, sha256);
  if (opts.json) {
    io.out(JSON.stringify(reportJson(r)));
  } else {
    const n = (x: number) => x.toLocaleString('en-US');
    io.out(`replay of ${file}`);
    io.out(`  requests            ${n(r.requests)}`);
    io.out(`  sent compacted      ${n(r.compacted)} (${n(r.newCompactions)} new compactions, ${n(r.reusedPrefix)} reused the prefix before)`);
    io.out(`  peak before         ${n(r.peakBefore)} estimated tokens`);
    io.out(`  peak after          ${n(r.peakAfter)} estimated tokens (highest threshold applied ${n(Math.round(r.peakThreshold))}; ${n(r.overThreshold)} still over)`);
    io.out(`  pairing violations  ${n(r.pairingViolations)}`);
    io.out(`  est. cache read     ${n(r.estCacheRead)}, write ${n(r.estCacheWrite)} (perfect-cache model)`);
    io.out('Sizes are estimates (4 characters per token; messages only: the transcript holds no system prompt or tools).');
  }
  return { code: r.pairingViolations > 0 ? 1 : 0 };
}
