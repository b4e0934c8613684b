// Tallies written by hand for the text-view tests (formatText, formatEdges): every field literal,
// so an expected line never comes from the engine that made the tally.
import type { ItemJson, Tally } from '../../../src/core/tally/tally';
import type { Stage } from '../../../src/core/tally/stages';

const NAMES: Stage['name'][] = ['plan', 'approve', 'build', 'check', 'commit', 'push', 'close'];

/** All seven stages, done unless `states` says otherwise, each with the detail `<name> detail`. */
export const stages = (states: Partial<Record<Stage['name'], Stage['state']>> = {}): Stage[] =>
  NAMES.map((name) => ({ name, state: states[name] ?? 'done', detail: `${name} detail` }));

/** A proved item of Claude's in the list Steps, with the proof `npm run <id>`. */
export function item(id: string, parts: Partial<ItemJson> = {}): ItemJson {
  return { id, list: 'Steps', owner: 'claude', state: 'proved', proof: `npm run ${id.toLowerCase()}`, text: `Item ${id}.`, planLine: 3, detail: '', run: null, closedBy: null, handover: null, ...parts };
}

/** A finished tally of one approved goal with one proved item, changed by `parts`. */
export function tally(parts: Partial<Tally> = {}): Tally {
  return {
    goal: { title: 'Ship it', planPath: 'PLAN.md', frozenBy: 'approval', frozenAt: '2026-12-01T10:00:00Z' },
    verdict: 'done',
    headline: { done: 4, total: 4 },
    open: 0,
    stages: stages(),
    items: [item('S1')],
    added: [],
    ledger: [],
    findings: [],
    unreadableLines: 0,
    unreadableFiles: [],
    sessions: 1,
    integrity: [],
    ...parts,
  };
}
