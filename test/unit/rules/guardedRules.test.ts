// One test per evidence rule that a mutation-testing run found unguarded (issue 12): each case
// below fails when its rule is broken (the mutation named in its title), and each starts from a
// recording of the real Claude Code CLI (test/fixtures), edited only where the rule needs it.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normCmd } from '../../../src/core/command/normCmd';
import { parseHandover } from '../../../src/core/evidence/handover';
import { idTokens, namesId } from '../../../src/core/evidence/namesId';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { pushStage } from '../../../src/core/tally/stages';
import { computeTally, type Tally } from '../../../src/core/tally/tally';
import { parseNotice } from '../../../src/core/transcript/notice';
import { afterEdit } from '../../../src/hooks/guard';
import { readTranscriptResumed } from '../../../src/workspace/scanCache';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { readTranscript } from '../../../src/workspace/readTranscript';
import { answersOf, blocksOf, derive, indexOf, readRecords, type Rec, resultObject, toolUseOf, writeDerived } from '../helpers/derive';
import { evaluate, labTranscript, planOf, recordedTranscript, stateOf } from '../helpers/fixtures';

const code = (c: string) => '`' + c + '`';
const main = labTranscript('main');
// Proofs of the lab recording (test/fixtures/lab/main, Claude Code 2.1.332).
const S1 = 'echo hello-from-bash; echo to-stderr >&2';
const S4 = 'sleep 2; echo done-bg';
const S6 = 'echo from-subagent';

const bashUse = (command: string) => (r: Rec) => r.type === 'assistant' && blocksOf(r).some((b) => b.type === 'tool_use' && b.input?.command === command);
const useIdOf = (r: Rec) => toolUseOf(r).id;
const resultOf = (id: string) => (r: Rec) => r.type === 'user' && blocksOf(r).some((b) => b.tool_use_id === id);
const detailOf = (t: Tally, id: string) => t.items.find((i) => i.id === id)!.detail;

/** The call record of `command` and the index of its result record. */
function callAndResult(rs: Rec[], command: string): { call: number; result: number } {
  const call = indexOf(rs, bashUse(command), `a Bash call of ${command}`);
  return { call, result: indexOf(rs, resultOf(useIdOf(rs[call]!)), `the result of ${command}`) };
}

function tallyFrozen(plan: string, file: string, frozenAt: string): Tally {
  const p = parsePlan(plan);
  return computeTally({
    goal: { title: p.title, planPath: 'PLAN.md', frozenBy: 'adopt', frozenAt },
    items: p.items,
    findings: [],
    added: [],
    transcripts: readTranscripts([file]),
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
  });
}

describe('guarded rules: a run', () => {
  it('is failed when Claude Code says it was interrupted, even without is_error (interrupted no longer failing)', () => {
    const plan = planOf({ S1: code(S1) });
    assert.equal(stateOf(evaluate(plan, [main]), 'S1'), 'proved', 'control: the recording proves S1');
    const file = derive(main, (rs) => {
      const { result } = callAndResult(rs, S1);
      resultObject(rs[result]!)!.interrupted = true;
      return rs;
    });
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S1'), 'failed');
    assert.equal(detailOf(t, 'S1'), 'interrupted');
  });

  it('marked isSidechain in the main transcript never counts (the isSidechain filter dropped)', () => {
    const file = derive(main, (rs) => {
      const { call, result } = callAndResult(rs, S1);
      rs[call]!.isSidechain = true;
      rs[result]!.isSidechain = true;
      return rs;
    });
    const t = evaluate(planOf({ S1: code(S1) }), [file]);
    assert.equal(stateOf(t, 'S1'), 'unrun');
    assert.ok(t.ledger.some((l) => l.reason === 'sidechain' && l.ids.includes('S1')));
  });

  it("of a subagent never counts, even with records not marked isSidechain (the subagent filter dropped)", () => {
    // The subagent's transcript, as Claude Code writes it beside the main one, with every
    // isSidechain mark taken off and its run's result given the main session's clean shape (the
    // subagent records carry no toolUseResult): only its being a subagent file keeps the run out.
    const sub = readTranscripts([main]).find((e) => e.runs.some((r) => r.source === 'subagent'))!;
    const records = readRecords(sub.file).map((r): Rec => ({ ...r, isSidechain: false }));
    const { result } = callAndResult(records, S6);
    records[result]!.toolUseResult = { stdout: 'from-subagent', stderr: '', interrupted: false, isImage: false };
    const unmarked = writeDerived(records, 'agent-unmarked.jsonl');
    const subEvents = readTranscript(unmarked, 'subagent').events;
    assert.ok(subEvents.runs.some((r) => r.command === S6 && !r.sidechain && r.end?.kind === 'passed'), 'control: a passing unmarked run');
    const t = evaluate(planOf({ S6: code(S6) }), [], { transcripts: [...readTranscripts([main]).filter((e) => e.file === main), subEvents] });
    assert.equal(stateOf(t, 'S6'), 'unrun');
    assert.ok(t.ledger.some((l) => l.reason === 'subagent' && l.ids.includes('S6')));
  });

  it('handing over is the handover command alone: with a prefix it is another command (handover accepting any prefix)', () => {
    const table: Array<[string, boolean]> = [
      ['proofmeter handover S7 --why "needs the production key"', true],
      ['npx proofmeter handover S7 --why "needs the production key"', true],
      ['node .claude/proofmeter/proofmeter.js handover S7 --why "needs the production key"', true],
      ['PROOFMETER_X=1 proofmeter handover S7 --why "needs the production key"', true],
      ['echo proofmeter handover S7 --why "needs the production key"', false],
      ['sudo proofmeter handover S7 --why "needs the production key"', false],
      ['true proofmeter handover S7 --why "needs the production key"', false],
    ];
    for (const [command, hands] of table) assert.equal(parseHandover(command) !== null, hands, command);
  });

  it('of a handover that failed hands nothing over (a failed handover run still handing over)', () => {
    const handover = 'proofmeter handover S3 --why "needs the production key"';
    const withHandover = (outcome: 'passed' | 'failed') =>
      derive(main, (rs) => {
        // The recorded `exit 3` call, its command replaced by a handover; its result is kept
        // (a failure, exit code 3) or made the recording's clean result.
        const failing = callAndResult(rs, 'echo before-exit; echo err-before-exit >&2; exit 3');
        const clean = callAndResult(rs, S1);
        const use = toolUseOf(rs[failing.call]!);
        use.input.command = handover;
        if (outcome === 'passed') {
          const ok = structuredClone(rs[clean.result]!);
          blocksOf(ok)[0]!.tool_use_id = use.id;
          ok.timestamp = rs[failing.result]!.timestamp;
          rs[failing.result] = ok;
        }
        return rs;
      });
    const plan = planOf({ S3: code('npm run deploy') });
    assert.equal(stateOf(evaluate(plan, [withHandover('passed')]), 'S3'), 'handed-over', 'control: a passing handover hands S3 over');
    assert.equal(stateOf(evaluate(plan, [withHandover('failed')]), 'S3'), 'unrun');
  });
});

describe('guarded rules: normCmd', () => {
  const table: Array<[string, string]> = [
    ['npm test;', 'npm test'],
    ['npm test ;', 'npm test'],
    ['npm test;;', 'npm test;'],
    ['npm test &', 'npm test'],
    ['npm test ||true', 'npm test'],
  ];
  for (const [a, b] of table) {
    it(`keeps ${JSON.stringify(a)} apart from ${JSON.stringify(b)} (normCmd forgiving a trailing operator)`, () => {
      assert.notEqual(normCmd(a, '/home/dev'), normCmd(b, '/home/dev'));
    });
  }
  it('a run of `npm test;` does not prove `npm test` (normCmd forgiving a trailing ;)', () => {
    const file = derive(main, (rs) => {
      const { call } = callAndResult(rs, S1);
      toolUseOf(rs[call]!).input = { ...toolUseOf(rs[call]!).input, command: 'npm test;' };
      return rs;
    });
    assert.equal(stateOf(evaluate(planOf({ S1: code('npm test') }), [file]), 'S1'), 'unrun');
  });
});

describe('guarded rules: the scan cache', () => {
  it('reads a rewritten file again from the start when its first bytes changed, even as it grew (the byte check skipped)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-rules-'));
    const file = join(dir, 's.jsonl');
    const lines = readFileSync(main, 'utf8').split('\n').filter(Boolean);
    const at = callAndResult(readRecords(main), S1);
    // Saved after a read that ends before S1 runs, then the file is rewritten in place (same
    // inode, larger) with S1 gone from the bytes the saved state already covers.
    writeFileSync(file, lines.slice(0, at.call).join('\n') + '\n');
    const first = readTranscriptResumed(file, 'main', null);
    const rewritten = lines.slice(0, at.call).map((l) => l.replace(/"sessionId":"/, '"sessionId":"X'));
    writeFileSync(file, rewritten.join('\n') + '\n');
    appendFileSync(file, lines.slice(at.call).join('\n') + '\n');
    const second = readTranscriptResumed(file, 'main', first.saved);
    assert.equal(second.from, 0, 'the saved offset was not trusted');
    assert.equal(second.state.events.sessionId, readTranscript(file, 'main').events.sessionId);
    assert.ok(second.state.events.sessionId?.startsWith('X'));
  });
});

describe('guarded rules: the person\'s words', () => {
  const plan = planOf({ S4: 'human — your answer names S4', S6: 'human — names S6' });
  const ask = recordedTranscript('ask-answer');
  const answerAt = (() => {
    const rs = readRecords(ask);
    return rs[indexOf(rs, (r) => answersOf(r) !== undefined, 'AskUserQuestion result')]!.timestamp as string;
  })();

  it('from before the freeze close nothing (words from before the freeze counting)', () => {
    const before = new Date(Date.parse(answerAt) - 60_000).toISOString();
    const after = new Date(Date.parse(answerAt) + 1).toISOString();
    assert.equal(stateOf(tallyFrozen(plan, ask, before), 'S4'), 'closed', 'control: frozen before the answer');
    const t = tallyFrozen(plan, ask, after);
    assert.equal(stateOf(t, 'S4'), 'open');
    assert.equal(stateOf(t, 'S6'), 'open');
  });

  it('in a question box whose result is an error close nothing (an errored question box still yielding answers)', () => {
    assert.equal(stateOf(evaluate(plan, [ask]), 'S4'), 'closed', 'control: the recording closes S4');
    const file = derive(ask, (rs) => {
      const i = indexOf(rs, (r) => answersOf(r) !== undefined, 'AskUserQuestion result');
      blocksOf(rs[i]!)[0]!.is_error = true;
      return rs;
    });
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S4'), 'open');
    assert.equal(stateOf(t, 'S6'), 'open');
  });

  const queued = recordedTranscript('queued-prompt');
  const queuedPlan = planOf({ S10: 'human — names S10' });
  const origins: Array<[string, Rec | undefined, string]> = [
    ['origin human (the recording)', { kind: 'human' }, 'closed'],
    ['origin task-notification', { kind: 'task-notification' }, 'open'],
    ['origin coordinator', { kind: 'coordinator' }, 'open'],
    ['no origin', undefined, 'open'],
  ];
  for (const [what, origin, state] of origins) {
    it(`queued while Claude was busy, with ${what}, leave S10 ${state} (a queued prompt of any origin counting)`, () => {
      const file = derive(queued, (rs) => {
        const i = indexOf(rs, (r) => r.type === 'attachment' && r.attachment?.type === 'queued_command' && r.attachment.commandMode === 'prompt', 'queued prompt');
        const attachment = rs[i]!.attachment!;
        if (origin) attachment.origin = origin;
        else delete attachment.origin;
        return rs;
      });
      assert.equal(stateOf(evaluate(queuedPlan, [file]), 'S10'), state);
    });
  }
});

describe('guarded rules: ids in words', () => {
  const table: Array<[string, string, boolean]> = [
    ['S2 is done', 'S2', true],
    ['done: S2.', 'S2', true],
    ['(S2)', 'S2', true],
    ['AS2 is done', 'S2', false],
    ['2S2 is done', 'S2', false],
    ['S1S2 is done', 'S2', false],
    ['S1S2 is done', 'S1', false],
    ['S20 is done', 'S2', false],
    ['S2a is done', 'S2', false],
  ];
  for (const [words, id, names] of table) {
    it(`${JSON.stringify(words)} ${names ? 'names' : 'does not name'} ${id} (the id token losing a boundary)`, () => {
      assert.equal(namesId(words, id), names);
    });
  }
  it('the tokens of "S1S2 and 9V3" are none (the id token losing its left boundary)', () => {
    assert.deepEqual(idTokens('S1S2 and 9V3'), []);
  });
});

describe('guarded rules: background notices', () => {
  const plan = planOf({ S4: code(S4) });
  const withNotice = (edit: (text: string) => string) =>
    derive(main, (rs) => {
      for (const r of rs) {
        if (r.type === 'user' && r.origin?.kind === 'task-notification' && r.message && typeof r.message.content === 'string') r.message.content = edit(r.message.content);
        if (r.type === 'attachment' && r.attachment?.type === 'queued_command' && typeof r.attachment.prompt === 'string') r.attachment.prompt = edit(r.attachment.prompt);
      }
      return rs;
    });

  it('a completed notice with a non-zero exit code fails the run (a completed notice passing whatever its exit code)', () => {
    assert.equal(stateOf(evaluate(plan, [main]), 'S4'), 'proved', 'control: the recorded notice (exit code 0) proves S4');
    const t = evaluate(plan, [withNotice((s) => s.replace('(exit code 0)', '(exit code 1)'))]);
    assert.equal(stateOf(t, 'S4'), 'failed');
    assert.match(detailOf(t, 'S4'), /background task completed \(exit code 1\)/);
  });

  const codes: Array<[string, string, number | null]> = [
    ['<exit-code>1</exit-code>', 'completed (exit code 0)', 1],
    ['<exit-code>0</exit-code>', 'completed (exit code 2)', 0],
    ['', 'completed (exit code 2)', 2],
    ['<exit-code>x</exit-code>', 'completed (exit code 3)', 3],
    ['', 'completed', null],
  ];
  for (const [tag, summary, exitCode] of codes) {
    it(`reads exit code ${exitCode} from ${JSON.stringify(tag || 'no <exit-code>')} and the summary ${JSON.stringify(summary)} (the summary preferred over <exit-code>)`, () => {
      const text = `<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n<summary>Background command "x" ${summary}</summary>\n${tag}\n</task-notification>`;
      assert.deepEqual(parseNotice(text), { taskId: 'b1', status: 'completed', exitCode });
    });
  }

  it('an <exit-code> of 1 fails the run though its summary says exit code 0 (the summary preferred over <exit-code>)', () => {
    const t = evaluate(plan, [withNotice((s) => s.replace('</summary>', '</summary>\n<exit-code>1</exit-code>'))]);
    assert.equal(stateOf(t, 'S4'), 'failed');
    assert.match(detailOf(t, 'S4'), /exit code 1/);
  });
});

describe('guarded rules: the guard reads an edit as Claude Code applies it', () => {
  const table: Array<[string, Record<string, unknown>, string, string | null]> = [
    ['replace_all replaces every occurrence', { old_string: 'a', new_string: 'b', replace_all: true }, 'a-a-a', 'b-b-b'],
    ['without replace_all only the first', { old_string: 'a', new_string: 'b' }, 'a-a-a', 'b-a-a'],
    ['replace_all false only the first', { old_string: 'a', new_string: 'b', replace_all: false }, 'a-a-a', 'b-a-a'],
    ['an old_string not in the file does not apply', { old_string: 'z', new_string: 'b', replace_all: true }, 'a-a-a', null],
  ];
  for (const [why, input, before, after] of table) {
    it(`Edit: ${why} (the guard ignoring replace_all)`, () => assert.equal(afterEdit('Edit', input, before), after));
  }
  it('MultiEdit: replace_all in one edit replaces every occurrence (the guard ignoring replace_all)', () => {
    const edits = [{ old_string: '"x"', new_string: '"y"', replace_all: true }, { old_string: 'k', new_string: 'K' }];
    assert.equal(afterEdit('MultiEdit', { edits }, '{"k": "x", "k2": "x"}'), '{"K": "y", "k2": "y"}');
  });
  it('a replace_all edit that leaves the first hooks entry alone but rewrites the second is seen whole (the guard ignoring replace_all)', () => {
    const before = JSON.stringify({ env: { A: 'proofmeter' }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'proofmeter hook stop' }] }] } });
    const after = afterEdit('Edit', { old_string: 'proofmeter', new_string: 'true', replace_all: true }, before);
    assert.ok(after !== null && !after.includes('proofmeter hook stop'));
  });
});

describe('guarded rules: the push stage', () => {
  const git = { root: '/w', dirty: [], hasRemote: true, upstream: 'origin/main' };
  // What the remote itself answered (gitPast.ts): the tracking ref behind `ahead` is local.
  const remote = (has: boolean) => ({ recorded: null, remotes: [{ name: 'origin', url: '/r.git' }], upstreamRemote: 'origin', answer: has ? { kind: 'has-head' as const, ref: 'refs/heads/main' } : { kind: 'lacks-head' as const, ref: 'refs/heads/main', at: 'abc' } });
  const table: Array<[number, boolean, string, string]> = [
    [0, true, 'done', 'on origin/main'],
    [1, false, 'waiting', '1 unpushed'],
    [2, false, 'waiting', '2 unpushed'],
    [0, false, 'waiting', "unpushed: the remote's refs/heads/main lacks HEAD"],
  ];
  for (const [ahead, has, state, detail] of table) {
    it(`${ahead} unpushed commit(s), the remote ${has ? 'holding' : 'lacking'} HEAD: push is ${state} (one unpushed commit reading as pushed)`, () => {
      assert.deepEqual(pushStage({ ...git, ahead, remote: remote(has) }), { name: 'push', state, detail });
    });
  }
});
