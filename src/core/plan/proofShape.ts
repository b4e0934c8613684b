// Refusals and warnings that read a proof as the shell will run it (core/shell): a proof whose
// exit cannot reflect a failure is refused, one that only checks a file exists is warned about.
import { existenceOnly, exitReading } from '../shell/exitStatus';
import { parse, simpleCommands, type Script } from '../shell/parse';
import { cannotFailMessage, existenceOnlyMessage } from './messages';

export type ShapeJudgement =
  | { rule: 'cannot-fail'; severity: 'error'; message: string; fix?: { from: string; to: string } }
  | { rule: 'existence-only'; severity: 'warning'; message: string }
  | null;

export function judgeShape(id: string, command: string): ShapeJudgement {
  const script = parse(command);
  const reading = exitReading(command, script);
  if (reading.kind === 'cannot-fail') {
    const message = cannotFailMessage(id, command, reading);
    return reading.fix && reading.fix.trim() !== command.trim() ? { rule: 'cannot-fail', severity: 'error', message, fix: { from: command, to: reading.fix.trim() } } : { rule: 'cannot-fail', severity: 'error', message };
  }
  if (existenceOnly(command, script)) {
    const { target, folder } = checkedPath(script);
    return { rule: 'existence-only', severity: 'warning', message: existenceOnlyMessage(id, command, target, folder) };
  }
  return null;
}

/** The path the first existence check names, for the example that checks its content instead. */
function checkedPath(script: Script): { target: string | null; folder: boolean } {
  const words = simpleCommands(script.list).find((c) => c.words[0]?.value !== 'set')?.words.map((w) => w.value) ?? [];
  const operands = words.slice(1).filter((w) => !w.startsWith('-') && w !== ']' && w !== ']]');
  const target = operands[operands.length - 1] ?? null;
  return { target, folder: words.includes('-d') || (target?.endsWith('/') ?? false) };
}
