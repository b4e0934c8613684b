import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findingsForFrozen } from '../../../src/core/plan/frozenFindings';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { computeTally, type Tally } from '../../../src/core/tally/tally';
import type { GitInput } from '../../../src/core/tally/gitFacts';
import type { TranscriptEvents } from '../../../src/core/types';
import { readTranscripts } from '../../../src/workspace/workspaceTally';

export const FIXTURES = resolve(__dirname, '..', '..', 'fixtures');

/** The main transcript of a recorded lab fixture (test/fixtures/lab/<name>). */
export function labTranscript(name: string): string {
  const root = join(FIXTURES, 'lab', name, 'transcripts');
  const slug = readdirSync(root)[0]!;
  const file = readdirSync(join(root, slug)).find((n) => n.endsWith('.jsonl'))!;
  return join(root, slug, file);
}

export interface EvalOptions {
  git?: GitInput;
  countSdkPrompts?: boolean;
  home?: string;
  transcripts?: TranscriptEvents[];
}

/** Evaluates a plan (Markdown text) as approved against transcript files. */
export function evaluate(planMarkdown: string, files: string[], opts: EvalOptions = {}): Tally {
  const plan = parsePlan(planMarkdown);
  return computeTally({
    goal: { title: plan.title, planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: plan.items,
    // The recordings prove their items with echo commands, which check-plan now refuses
    // (cannot-fail); evaluated as approved, the list counts as frozen before that rule.
    findings: findingsForFrozen(plan, new Set(plan.items.map((i) => i.key))),
    added: [],
    transcripts: opts.transcripts ?? readTranscripts(files),
    git: opts.git === undefined ? null : opts.git,
    home: opts.home ?? '/home/dev',
    countSdkPrompts: opts.countSdkPrompts ?? false,
  });
}

export function stateOf(t: Tally, id: string): string {
  const item = t.items.find((i) => i.id === id);
  if (!item) throw new Error(`no item ${id} in tally`);
  return item.state;
}

export function planOf(proofs: Record<string, string>, heading = 'Steps'): string {
  return `# Test plan\n\n## ${heading}\n\n` + Object.entries(proofs).map(([id, p]) => `- **${id}.** Item ${id}. Proof: ${p}`).join('\n') + '\n';
}

/** The main transcript of a fixture recorded by this project's harness (test/fixtures/recorded/<name>). */
export function recordedTranscript(name: string): string {
  const root = join(FIXTURES, 'recorded', name, 'transcripts');
  const slug = readdirSync(root)[0]!;
  const file = readdirSync(join(root, slug)).find((n) => n.endsWith('.jsonl'))!;
  return join(root, slug, file);
}
