// The witness on a person's words against the prompt hook's receipts: which receipt words are
// matched to (by prompt id, else by digest), when words under a real prompt id were rewritten, which
// of several receipts gives the ids and the source, and the ids the receipt lets the words keep.
import { strict as assert } from 'node:assert';
import type { PromptReceipt } from '../../../src/core/evidence/receipt';
import { witness, type Witnessed } from '../../../src/core/evidence/witness';
import type { PersonWords, TranscriptEvents } from '../../../src/core/types';

const SESSION = 'words-session';
const FILE = '/home/dev/.claude/projects/p/words-session.jsonl';
const D1 = '1'.repeat(64);
const D2 = '2'.repeat(64);
const DX = 'd'.repeat(64);
const TIME = '2026-12-01T10:00:09.000Z';

function events(words: PersonWords[]): TranscriptEvents {
  return { file: FILE, runs: [], notices: [], words, edits: [], unreadable: 0, lines: 10, sessionId: SESSION, cwd: '/home/dev/proj' };
}

function said(ids: string[], extra: Partial<PersonWords> = {}): PersonWords {
  return { ids, source: 'typed', at: { file: FILE, line: 5, time: '2026-12-01T10:00:00.000Z' }, digest: D1, ...extra };
}

function prompt(ids: string[], extra: Partial<PromptReceipt> = {}): PromptReceipt {
  return { v: 1, kind: 'prompt', session: SESSION, promptId: 'prompt-1', digest: D1, ids, sdk: false, nested: false, accepts: [], time: TIME, ...extra };
}

const held = (w: PersonWords[], receipts: PromptReceipt[]): Witnessed => witness([events(w)], new Map([[SESSION, { armed: true, receipts }]]));
const kept = (x: Witnessed) => x.transcripts[0]!.words.map((w) => ({ ids: w.ids, source: w.source, time: w.at.time }));
const messages = (x: Witnessed) => x.findings.map((f) => f.message);

const REWRITTEN = 'Words at line 5 of words-session.jsonl are not the prompt Claude Code received under that prompt id.';
const NO_RECEIPT = 'Words at line 5 of words-session.jsonl have no receipt: the prompt hook never saw this prompt.';

interface Case {
  name: string;
  words: () => PersonWords[];
  receipts: () => PromptReceipt[];
  kept: Array<{ ids: string[]; source: string; time: string | null }>;
  findings: string[];
}

const cases: Case[] = [
  {
    name: 'words without a prompt id whose digest no receipt has have no receipt, though another prompt said the same ids',
    words: () => [said(['S1'], { digest: DX })],
    receipts: () => [prompt(['S1'], { promptId: null })],
    kept: [],
    findings: [NO_RECEIPT],
  },
  {
    name: 'words without a prompt id are matched to the receipt of their digest',
    words: () => [said(['S1', 'S2'], { digest: D2 })],
    receipts: () => [prompt(['S1'], { promptId: null, digest: D1 }), prompt(['S2'], { promptId: null, digest: D2 })],
    kept: [{ ids: ['S2'], source: 'typed', time: TIME }],
    findings: [],
  },
  {
    name: 'words under a prompt id with another digest but only ids the prompt said are kept, by the receipt',
    words: () => [said(['S1'], { promptId: 'prompt-1', digest: D2 })],
    receipts: () => [prompt(['S1'])],
    kept: [{ ids: ['S1'], source: 'typed', time: TIME }],
    findings: [],
  },
  {
    name: 'words under a prompt id with its digest keep the ids the receipt affirms, though they name more',
    words: () => [said(['S1', 'S9'], { promptId: 'prompt-1' })],
    receipts: () => [prompt(['S1'])],
    kept: [{ ids: ['S1'], source: 'typed', time: TIME }],
    findings: [],
  },
  {
    name: 'words under a prompt id with another digest naming one id the prompt never said were rewritten',
    words: () => [said(['S1', 'S9'], { promptId: 'prompt-1', digest: D2 })],
    receipts: () => [prompt(['S1'])],
    kept: [],
    findings: [REWRITTEN],
  },
  {
    name: 'words whose digest matches one of two receipts under their prompt id are not rewritten',
    words: () => [said(['S1', 'S9'], { promptId: 'prompt-1', digest: D1 })],
    receipts: () => [prompt(['S1'], { digest: D1 }), prompt(['S1'], { digest: D2 })],
    kept: [{ ids: ['S1'], source: 'typed', time: TIME }],
    findings: [],
  },
  {
    name: 'of two receipts under one prompt id, the one with the words’ digest gives the ids and the source',
    words: () => [said(['S1', 'S2'], { promptId: 'prompt-1', digest: D2 })],
    receipts: () => [prompt(['S1'], { digest: D1 }), prompt(['S2'], { digest: D2, sdk: true, time: '2026-12-01T10:00:20.000Z' })],
    kept: [{ ids: ['S2'], source: 'sdk', time: '2026-12-01T10:00:20.000Z' }],
    findings: [],
  },
  {
    name: 'words the receipt affirms none of are dropped, and are no finding',
    words: () => [said(['S2'], { promptId: 'prompt-1' })],
    receipts: () => [prompt(['S1'])],
    kept: [],
    findings: [],
  },
];

describe('the witness on words and their prompt receipts', () => {
  for (const c of cases) {
    it(c.name, () => {
      const x = held(c.words(), c.receipts());
      assert.deepEqual({ kept: kept(x), findings: messages(x) }, { kept: c.kept, findings: c.findings });
    });
  }

  it('words with a prompt id and no receipt are a finding filed under that prompt id', () => {
    const x = held([said(['S1'], { promptId: 'prompt-1', digest: DX })], [prompt(['S1'], { promptId: 'prompt-2' })]);
    assert.deepEqual(x.findings.map((f) => [f.id, f.message]), [['F-17ui9gs', NO_RECEIPT]]);
  });
});
