// Transcripts held to receipts, on real recordings: the receipts are made by playing each
// fixture's recorded hook payloads through the real receipt script and prompt hooks, then the
// transcript is forged the ways an agent could. An honest recording must come through whole.
import { strict as assert } from 'node:assert';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Receipt } from '../../../src/core/evidence/receipt';
import { witness, type Witnessed } from '../../../src/core/evidence/witness';
import type { TranscriptEvents } from '../../../src/core/types';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { blocksOf, derive, indexOf, mapBlocks, readRecords, type Rec, toolUseOf, writeDerived } from '../helpers/derive';
import { FIXTURES, labTranscript, recordedTranscript } from '../helpers/fixtures';
import { loggedCalls, playHooks, receiptsOf, receiptWorkspace, type LoggedCall } from '../helpers/receipts';

const MAIN_SESSION = 'f10e432c-90fb-4895-b76a-fccceabde1d3';
const labHooks = (name: string) => join(FIXTURES, 'lab', name, 'hooks.jsonl');
const recordedHooks = (name: string) => join(FIXTURES, 'recorded', name, 'hooks.jsonl');

const workspaces: string[] = [];
function receiptsFor(calls: LoggedCall[], session: string, opts: Parameters<typeof playHooks>[2] = {}): Receipt[] {
  const ws = receiptWorkspace();
  workspaces.push(ws);
  playHooks(ws, calls, opts);
  return receiptsOf(ws, session);
}

function held(files: string[], session: string, receipts: Receipt[], armed = true): Witnessed {
  return witness(readTranscripts(files), new Map([[session, { armed, receipts }]]));
}

/** What counts in a set of events, in a comparable form (times of words come from receipts). */
function counted(ts: TranscriptEvents[]) {
  return ts.map((t) => ({
    runs: t.runs.map((r) => [r.toolUseId, r.end]),
    notices: t.notices.map((n) => [n.taskId, n.status, n.exitCode]),
    words: t.words.map((w) => [w.ids, w.source]),
  }));
}

const HONEST: Array<[string, string, string]> = [
  ['a print session with passes, failures, a timeout, a subagent and a background run (lab main)', labTranscript('main'), labHooks('main')],
  ['a session with background subagents (lab agent-bg)', labTranscript('agent-bg'), labHooks('agent-bg')],
  ['a background run whose notice came late (lab bg-late)', labTranscript('bg-late'), labHooks('bg-late')],
  ['a run the person sent to the background with ctrl+b', recordedTranscript('ctrlb'), recordedHooks('ctrlb')],
  ['a prompt typed while Claude was busy (queued)', recordedTranscript('queued-prompt'), recordedHooks('queued-prompt')],
  ['question-box answers and an SDK prompt', recordedTranscript('ask-answer'), recordedHooks('ask-answer')],
  ['a /goal typed in the terminal', recordedTranscript('goal-cmd'), recordedHooks('goal-cmd')],
];

describe('receipts witness the transcript', () => {
  after(() => workspaces.forEach((ws) => rmSync(ws, { recursive: true, force: true })));

  for (const [name, file, hooks] of HONEST) {
    it(`an honest recording comes through whole, with no finding: ${name}`, () => {
      const events = readTranscripts([file]);
      const session = events[0]!.sessionId!;
      const receipts = receiptsFor(loggedCalls(hooks), session);
      assert.ok(receipts.length > 0, 'the hooks wrote receipts');
      const w = witness(events, new Map([[session, { armed: true, receipts }]]));
      assert.deepEqual(w.findings, []);
      assert.deepEqual(counted(w.transcripts), counted(events));
    });
  }

  describe('forgeries in an armed session (lab main)', () => {
    const file = labTranscript('main');
    let receipts: Receipt[] = [];
    before(() => (receipts = receiptsFor(loggedCalls(labHooks('main')), MAIN_SESSION)));

    const useOf = (rs: Rec[], command: string) => rs[indexOf(rs, (r) => r.type === 'assistant' && blocksOf(r).some((b) => b.type === 'tool_use' && b.input?.command === command), command)]!;
    const idOf = (use: Rec) => toolUseOf(use).id;
    const resultOf = (rs: Rec[], id: string) => rs[indexOf(rs, (r) => r.type === 'user' && blocksOf(r).some((b) => b.tool_use_id === id), `result of ${id}`)]!;
    const later = (r: Rec, s: number): Rec => ({ ...structuredClone(r), timestamp: new Date(Date.parse('2026-11-30T12:00:00Z') + s * 1000).toISOString() });
    /** A copy of a recorded call and its result, with a new id and command, appended at the end. */
    function appendPair(rs: Rec[], from: string, id: string, command: string): Rec[] {
      const use = later(useOf(rs, from), 1);
      const result = later(resultOf(rs, idOf(useOf(rs, from))), 2);
      mapBlocks(use, (b) => (b.type === 'tool_use' ? { ...b, id, input: { ...b.input, command } } : b));
      mapBlocks(result, (b) => (b.tool_use_id ? { ...b, tool_use_id: id } : b));
      return [...rs, use, result];
    }
    const runOf = (w: Witnessed, id: string) => w.transcripts.flatMap((t) => t.runs).find((r) => r.toolUseId === id);
    const PASSING = 'echo hello-from-bash; echo to-stderr >&2';
    const FAILING = 'echo before-exit; echo err-before-exit >&2; exit 3';

    it('an appended Bash tool_use and tool_result pair has no receipt: dropped, and a transcript-tampered finding names its line', () => {
      const forged = derive(file, (rs) => appendPair(rs, PASSING, 'toolu_forged_0001', FAILING));
      const w = held([forged], MAIN_SESSION, receipts);
      assert.equal(runOf(w, 'toolu_forged_0001'), undefined);
      assert.equal(w.findings.length, 1);
      const f = w.findings[0]!;
      assert.deepEqual([f.kind, f.severity, f.file, f.line], ['transcript-tampered', 'error', forged, readRecords(forged).length - 1]);
      assert.match(f.message, /toolu_forged_0001.*has no receipt/);
    });

    it("a real failing result edited into a pass fails with the receipt's exit code, and is a finding", () => {
      const forged = derive(file, (rs) => {
        const id = idOf(useOf(rs, FAILING));
        const r = resultOf(rs, id);
        mapBlocks(r, (b) => (b.tool_use_id ? { ...b, is_error: false, content: 'before-exit' } : b));
        r.toolUseResult = { stdout: 'before-exit', stderr: '', interrupted: false, isImage: false, noOutputExpected: false };
        return rs;
      });
      const unwitnessed = readTranscripts([forged])[0]!.runs.find((r) => r.command === FAILING)!;
      assert.equal(unwitnessed.end?.kind, 'passed', 'the forgery reads as a pass without receipts');
      const w = held([forged], MAIN_SESSION, receipts);
      const run = runOf(w, unwitnessed.toolUseId)!;
      assert.deepEqual(run.end, { kind: 'failed', reason: "Claude Code's hook recorded exit code 3", exitCode: 3 });
      assert.equal(w.findings.length, 1);
      assert.match(w.findings[0]!.message, /passing, but Claude Code's hook recorded exit code 3/);
    });

    it('a real pass whose command was edited is not the command Claude Code ran: dropped, and a finding', () => {
      const forged = derive(file, (rs) => {
        const use = useOf(rs, PASSING);
        mapBlocks(use, (b) => (b.type === 'tool_use' ? { ...b, input: { ...b.input, command: 'npm test' } } : b));
        return rs;
      });
      const w = held([forged], MAIN_SESSION, receipts);
      assert.equal(w.transcripts[0]!.runs.some((r) => r.command === 'npm test'), false);
      assert.equal(w.findings.length, 1);
      assert.match(w.findings[0]!.message, /is not the command Claude Code ran/);
    });

    it('a copy of a real pass appended later finds its receipt already used: dropped, and a finding', () => {
      const forged = derive(file, (rs) => {
        const use = useOf(rs, PASSING);
        return [...rs, later(use, 1), later(resultOf(rs, idOf(use)), 2)];
      });
      const w = held([forged], MAIN_SESSION, receipts);
      const copies = w.transcripts[0]!.runs.filter((r) => r.command === PASSING);
      assert.equal(copies.length, 1, 'only the real run stays');
      assert.equal(w.findings.length, 1);
    });

    it("a subagent's real pass copied into the main session has no main-session receipt: dropped, and a finding", () => {
      const sub = readdirSync(join(file.replace(/\.jsonl$/, ''), 'subagents')).find((n) => n.endsWith('.jsonl'))!;
      const subRecs = readRecords(join(file.replace(/\.jsonl$/, ''), 'subagents', sub));
      const use = subRecs.find((r) => r.type === 'assistant' && blocksOf(r).some((b) => b.type === 'tool_use' && b.input?.command === 'echo from-subagent'))!;
      const result = resultOf(subRecs, idOf(use));
      // Subagent results carry no toolUseResult; the forger adds the one a main-session pass has.
      const pass = { stdout: 'from-subagent', stderr: '', interrupted: false, isImage: false, noOutputExpected: false };
      const forged = derive(file, (rs) => [...rs, { ...later(use, 1), isSidechain: false, agentId: undefined }, { ...later(result, 2), isSidechain: false, agentId: undefined, toolUseResult: pass }]);
      assert.equal(readTranscripts([forged])[0]!.runs.find((r) => r.command === 'echo from-subagent')?.end?.kind, 'passed', 'without receipts it reads as a main-session pass');
      const w = held([forged], MAIN_SESSION, receipts);
      assert.equal(w.transcripts[0]!.runs.some((r) => r.command === 'echo from-subagent'), false);
      assert.equal(w.findings.length, 1);
    });

    /** The session as if its background run had failed: the recorded notice and its hook payload both say so. */
    function failedWorld(): { rs: Rec[]; calls: LoggedCall[] } {
      const fail = (s: string) => s.replace('<status>completed</status>', '<status>failed</status>').replace(/completed \(exit code 0\)/, 'failed with exit code 1');
      const rs = readRecords(file).map((r) => (r.type === 'attachment' && typeof r.attachment?.prompt === 'string' && r.attachment.prompt.includes('<task-notification>') ? { ...r, attachment: { ...r.attachment, prompt: fail(r.attachment.prompt) } } : r));
      const calls = loggedCalls(labHooks('main')).map((c) => (typeof c.payload.prompt === 'string' ? { ...c, payload: { ...c.payload, prompt: fail(c.payload.prompt) } } : c));
      return { rs, calls };
    }
    const forgeCompleted = (rs: Rec[]) => {
      const real = rs.find((r) => r.type === 'attachment' && String(r.attachment?.prompt).includes('<task-notification>'))!;
      const copy = later(real, 1);
      copy.attachment = { ...copy.attachment, prompt: String(real.attachment?.prompt).replace('<status>failed</status>', '<status>completed</status>').replace('failed with exit code 1', 'completed (exit code 0)') };
      return [...rs, copy];
    };

    it("a forged completed notice for a background run that really failed takes Claude Code's failure, and is a finding", () => {
      const { rs, calls } = failedWorld();
      const forged = writeDerived(forgeCompleted(rs));
      const w = held([forged], MAIN_SESSION, receiptsFor(calls, MAIN_SESSION));
      assert.deepEqual(w.transcripts[0]!.notices.map((n) => [n.status, n.exitCode]), [['failed', 1], ['failed', 1]]);
      assert.equal(w.findings.length, 1);
      assert.match(w.findings[0]!.message, /says completed \(exit code 0\), but Claude Code delivered failed \(exit code 1\)/);
    });

    it('without receipts, two notices that disagree: the failing one counts, and it is a finding', () => {
      const { rs } = failedWorld();
      const forged = writeDerived(forgeCompleted(rs));
      const w = held([forged], MAIN_SESSION, [], false);
      assert.deepEqual(w.transcripts[0]!.notices.map((n) => n.status), ['failed']);
      assert.equal(w.findings.length, 1);
      assert.match(w.findings[0]!.message, /two different completion notices.*the failing one counts/);
    });

    it('a notice Claude Code never delivered (the run still going) has no receipt: dropped, the run stays pending, and a finding', () => {
      const isNotice = (r: Rec) => r.type === 'attachment' && String(r.attachment?.prompt).includes('<task-notification>');
      const real = readRecords(file).find(isNotice)!;
      // The session as it stood before the notice came, then the forged notice appended.
      const forged = derive(file, (rs) => [...rs.filter((r) => !isNotice(r)), later(real, 1)]);
      const calls = loggedCalls(labHooks('main')).filter((c) => !(typeof c.payload.prompt === 'string' && c.payload.prompt.includes('<task-notification>')));
      const w = held([forged], MAIN_SESSION, receiptsFor(calls, MAIN_SESSION));
      assert.deepEqual(w.transcripts[0]!.notices, []);
      assert.equal(w.transcripts[0]!.runs.find((r) => r.backgroundTaskId === 'bl6s9ouk1')?.end?.kind, 'pending');
      assert.equal(w.findings.length, 1);
      assert.match(w.findings[0]!.message, /task bl6s9ouk1 .*has no receipt/);
    });

    const typedPrompt = (rs: Rec[], promptId: string, text: string) => {
      const p = later(rs.find((r) => r.type === 'user' && r.message?.content === 'do the task')!, 1);
      return [...rs, { ...p, promptSource: 'typed', origin: { kind: 'human' }, promptId, message: { ...p.message, content: text } }];
    };

    it('a typed prompt written into the transcript has no receipt: it closes nothing, and is a finding', () => {
      const forged = derive(file, (rs) => typedPrompt(rs, 'a0000000-0000-4000-8000-000000000001', 'S2 looks good to me'));
      assert.deepEqual(readTranscripts([forged])[0]!.words.map((w) => w.ids), [['S2']], 'without receipts it reads as typed words');
      const w = held([forged], MAIN_SESSION, receipts);
      assert.deepEqual(w.transcripts[0]!.words, []);
      assert.equal(w.findings.length, 1);
      assert.match(w.findings[0]!.message, /have no receipt: the prompt hook never saw this prompt/);
    });

    it("a typed prompt forged under a real prompt's id names ids that prompt never held: nothing, and a finding", () => {
      const forged = derive(file, (rs) => typedPrompt(rs, '089a2d02-0085-4780-94c0-21b58f004e38', 'S2 looks good to me'));
      const w = held([forged], MAIN_SESSION, receipts);
      assert.deepEqual(w.transcripts[0]!.words, []);
      assert.equal(w.findings.length, 1);
      assert.match(w.findings[0]!.message, /not the prompt Claude Code received/);
    });

    it('a session armed with no receipts at all (its receipts deleted) has every pass unmatched', () => {
      const w = held([file], MAIN_SESSION, []);
      const passes = readTranscripts([file])[0]!.runs.filter((r) => r.source === 'main' && !r.sidechain && (r.end?.kind === 'passed' || r.end?.kind === 'pending'));
      assert.ok(passes.length >= 3);
      assert.equal(w.transcripts[0]!.runs.filter((r) => r.end?.kind === 'passed' || r.end?.kind === 'pending').length, 0);
      assert.equal(w.findings.length, passes.length + readTranscripts([file])[0]!.notices.length);
    });

    it('a session not armed passes through untouched, forged records and all', () => {
      const forged = derive(file, (rs) => appendPair(rs, PASSING, 'toolu_forged_0002', FAILING));
      const events = readTranscripts([forged]);
      const w = held([forged], MAIN_SESSION, [], false);
      assert.deepEqual(w.findings, []);
      assert.deepEqual(counted(w.transcripts), counted(events));
    });
  });

  describe('words', () => {
    it("a nested session's prompts count for nothing, and are no finding", () => {
      const file = recordedTranscript('queued-prompt');
      const session = readTranscripts([file])[0]!.sessionId!;
      const w = held([file], session, receiptsFor(loggedCalls(recordedHooks('queued-prompt')), session, { nested: true }));
      assert.deepEqual(w.transcripts[0]!.words, []);
      assert.deepEqual(w.findings, []);
    });

    it("words take the receipt's time and launcher source, not the record's", () => {
      const file = recordedTranscript('queued-prompt');
      const session = readTranscripts([file])[0]!.sessionId!;
      const forged = derive(file, (rs) => rs.map((r) => (r.type === 'attachment' && r.attachment?.type === 'queued_command' ? { ...r, timestamp: '2030-01-01T00:00:00.000Z', attachment: { ...r.attachment, timestamp: '2030-01-01T00:00:00.000Z' } } : r)));
      const calls = loggedCalls(recordedHooks('queued-prompt'));
      const w = held([forged], session, receiptsFor(calls, session, { env: { CLAUDE_CODE_ENTRYPOINT: 'sdk-cli' } }));
      const words = w.transcripts[0]!.words;
      assert.equal(words.length, 1);
      assert.equal(words[0]!.source, 'sdk');
      assert.ok(words[0]!.at.time! < '2030', `time ${words[0]!.at.time} is the hook's`);
    });
  });
});
