// The scenarios behind test/fixtures/recorded/. Each one is a real run of Claude Code 2.1.332
// against the scripted fake API; `check` throws when a recording does not show what the fixture
// is meant to show (timing-sensitive TUI runs are retried by record.ts).
import assert from 'node:assert/strict';
import { loggingHooks, waitUntil, ALL_HOOK_EVENTS, type RunResult, type Scenario } from './runClaude';
import type { ContentBlock } from './fakeMessages';
import type { TranscriptRecord } from './jsonl';

export interface RecordedScenario {
  scenario: Scenario;
  /** Project files copied next to the transcripts (e.g. the plan). */
  projectFiles?: string[];
  check(run: RunResult): void;
}

// ---------------------------------------------------------------------------------------------
// Small readers for the checks

type Rec = TranscriptRecord;
type Attachment = NonNullable<TranscriptRecord['attachment']>;
/** String() of a field whose shape the check does not care about (a text or a list of blocks). */
const str = (v: unknown): string => String(v);

function blocks(rec: Rec): ContentBlock[] {
  const c = rec?.message?.content;
  return Array.isArray(c) ? c : [];
}

/** Main-session Bash tool_use blocks with their results (tool_result block and the user record). */
export function bashRuns(records: Rec[]): Array<{ command: string; id: string; input: Record<string, unknown>; result?: ContentBlock; record?: Rec }> {
  const runs = records
    .filter((r) => r.type === 'assistant' && !r.isSidechain)
    .flatMap((r) => blocks(r).filter((b) => b.type === 'tool_use' && b.name === 'Bash'))
    .map((b) => ({ command: String(b.input?.command), id: String(b.id), input: b.input as Record<string, unknown> }));
  return runs.map((run) => {
    for (const r of records) {
      if (r.type !== 'user') continue;
      const res = blocks(r).find((b) => b.type === 'tool_result' && b.tool_use_id === run.id);
      if (res) return { ...run, result: res, record: r };
    }
    return run;
  });
}

function attachments(records: Rec[], type: string): Attachment[] {
  return records.filter((r) => r.type === 'attachment' && r.attachment?.type === type).map((r) => r.attachment as Attachment);
}

function allRecords(run: RunResult): Rec[] {
  return run.transcripts.flatMap((f) => run.records(f));
}

// ---------------------------------------------------------------------------------------------
// g. demo: the bundled demo session

export const DEMO_PLAN = `# Greeting kit

A tiny project that writes a greeting file, checks it and bundles it.

## Steps

- **S1.** Add the greeting module. Proof: \`test -s greet.txt && grep -q hello greet.txt\`
- **S2.** Add the farewell line. Proof: \`grep -q goodbye greet.txt\`
- **S3.** Build the bundle. Proof: \`sh build.sh\`
- **S4.** Review the wording with me. Proof: human — your answer names S4
- **S5.** Publish the release. Proof: later — the release build after approval
- **S6.** Write the changelog. Proof: \`test -s CHANGELOG.md\`

## Checks

- **V1.** The greeting checks pass. Proof: \`sh check.sh\`
- **V2.** The full suite passes. Proof: \`sh suite.sh\`
- **V3.** The smoke test passes. Proof: \`sh smoke.sh\`
`;

export const DEMO_FILES: Record<string, string> = {
  'PLAN.md': DEMO_PLAN,
  'check.sh': [
    'grep -q hello greet.txt || { echo "greet.txt has no hello" >&2; exit 1; }',
    'grep -q goodbye greet.txt || { echo "greet.txt has no goodbye" >&2; exit 1; }',
    'echo "greeting checks passed"',
    '',
  ].join('\n'),
  'build.sh': 'mkdir -p dist && cp greet.txt dist/bundle.txt && echo "built dist/bundle.txt"\n',
  'suite.sh': 'sh check.sh && test -s dist/bundle.txt && echo "suite passed"\n',
  'smoke.sh': 'sleep 2\ntest -s dist/bundle.txt && echo "smoke passed"\n',
};

export const demo: RecordedScenario = {
  projectFiles: ['PLAN.md'],
  scenario: {
    name: 'demo',
    mode: 'print',
    prompt: 'Please work through the plan in PLAN.md and prove each item.',
    args: ['--dangerously-skip-permissions'],
    files: DEMO_FILES,
    script: {
      threads: [
        {
          name: 'main',
          match: 'work through the plan in PLAN.md',
          turns: [
            { content: [
              { type: 'text', text: 'Starting with S1: the greeting module.' },
              { type: 'tool_use', name: 'Write', input: { file_path: '{{PROJECT}}/greet.txt', content: 'hello world\n' } },
            ] },
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'test -s greet.txt && grep -q hello greet.txt', description: 'Prove S1' } }] },
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sh check.sh', description: 'Prove V1' } }] },
            { content: [
              { type: 'text', text: 'V1 failed: the farewell line is missing. Adding it (S2).' },
              { type: 'tool_use', name: 'Bash', input: { command: "echo 'goodbye world' >> greet.txt", description: 'Add the farewell line' } },
            ] },
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sh check.sh', description: 'Prove V1 again' } }] },
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'grep -q goodbye greet.txt', description: 'Prove S2' } }] },
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sh build.sh > build.log', description: 'Build the bundle, output to a log' } }] },
            { content: [{ type: 'tool_use', name: 'Agent', input: {
              description: 'Run the full suite',
              prompt: 'SUITE-RUNNER: run `sh suite.sh` in the project folder and report whether it passed.',
              subagent_type: 'general-purpose',
              run_in_background: false,
            } }] },
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sh smoke.sh', description: 'Prove V3 in the background', run_in_background: true } }] },
            { text: 'S1, S2 and V1 are proven; the bundle is built; the suite ran in a subagent; V3 runs in the background. S4 needs your review, S5 waits for the release, S6 is still to do.' },
            { text: 'The background smoke test (V3) finished and passed.' },
          ],
        },
        {
          name: 'suite-runner',
          match: 'SUITE-RUNNER',
          turns: [
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sh suite.sh', description: 'Run the full suite' } }] },
            { text: 'The suite passed.' },
          ],
        },
      ],
      sideText: 'OK',
    },
  },
  check(run) {
    const recs = run.records();
    const runs = bashRuns(recs);
    const by = (cmd: string) => runs.filter((r) => r.command === cmd);
    assert.equal(run.invocations[0]?.exitCode, 0);
    assert.equal(by('test -s greet.txt && grep -q hello greet.txt')[0]?.result?.is_error, false);
    const v1 = by('sh check.sh');
    assert.deepEqual(v1.map((r) => r.result?.is_error), [true, false], 'V1 fails, then passes');
    assert.equal(by('grep -q goodbye greet.txt')[0]?.result?.is_error, false);
    assert.equal(by('sh build.sh > build.log').length, 1);
    assert.equal(by('sh suite.sh').length, 0, 'the suite runs only in the subagent');
    assert.equal(run.subagentTranscripts.length, 1);
    const sub = bashRuns(run.records(run.subagentTranscripts[0]).map((r) => ({ ...r, isSidechain: false })));
    assert.equal(sub[0]?.command, 'sh suite.sh');
    const smoke = by('sh smoke.sh')[0];
    assert.ok(smoke?.record?.toolUseResult?.backgroundTaskId, 'V3 ran in the background');
    const taskId = smoke.record.toolUseResult.backgroundTaskId;
    const notice = recs.find((r) => JSON.stringify(r).includes(`<task-id>${taskId}</task-id>`) && JSON.stringify(r).includes('<status>completed</status>'));
    assert.ok(notice, 'the background notice arrived');
    assert.equal(by('test -s CHANGELOG.md').length, 0, 'S6 stays open');
  },
};

// ---------------------------------------------------------------------------------------------
// a. test-false: commands whose non-zero exit Claude Code does not call an error

export const testFalse: RecordedScenario = {
  scenario: {
    name: 'test-false',
    mode: 'print',
    prompt: 'check the files please',
    args: ['--dangerously-skip-permissions'],
    files: { 'present.txt': 'here\n', 'a.txt': 'one\ntwo\n', 'b.txt': 'one\nthree\n' },
    script: {
      threads: [{
        name: 'main',
        match: 'check the files please',
        turns: [
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'test -f missing.txt', description: 'Check for missing.txt' } }] },
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: '[ -f missing.txt ]', description: 'Check for missing.txt with [' } }] },
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'test -f present.txt', description: 'Check for present.txt' } }] },
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'diff a.txt b.txt', description: 'Compare two different files' } }] },
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'diff a.txt a.txt', description: 'Compare a file with itself' } }] },
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'test -f missing.txt; exit 1', description: 'Exit 1 explicitly' } }] },
          { text: 'Checked.' },
        ],
      }],
    },
  },
  check(run) {
    const runs = bashRuns(run.records());
    assert.equal(runs.length, 6);
    const first = runs[0]!;
    assert.equal(first.result?.is_error, false);
    assert.equal(first.record?.toolUseResult?.returnCodeInterpretation, 'Condition is false');
    const diff = runs.find((r) => r.command === 'diff a.txt b.txt')!;
    assert.ok(diff.result, 'diff has a result');
  },
};

// ---------------------------------------------------------------------------------------------
// e. ask-answer: an SDK host answers AskUserQuestion

export const askAnswer: RecordedScenario = {
  scenario: {
    name: 'ask-answer',
    mode: 'sdk',
    prompts: ['review the wording with me', 'One more thing: S7 is approved too.'],
    settings: loggingHooks(),
    answers: {
      'Does the greeting wording for S4 read well?': 'S4 looks good, ship it',
      'Which item should I do next?': 'S6',
    },
    script: {
      threads: [{
        name: 'main',
        match: 'review the wording with me',
        turns: [
          { content: [{ type: 'tool_use', name: 'AskUserQuestion', input: { questions: [
            { question: 'Does the greeting wording for S4 read well?', header: 'S4 wording', multiSelect: false,
              options: [{ label: 'Yes', description: 'Keep the wording' }, { label: 'No', description: 'Rewrite it' }] },
            { question: 'Which item should I do next?', header: 'Next item', multiSelect: false,
              options: [{ label: 'S6', description: 'Write the changelog' }, { label: 'S2', description: 'Add the farewell line' }] },
          ] } }] },
          { text: 'Thanks, noted your answers.' },
          { text: 'Noted: S7 is approved.' },
        ],
      }],
    },
  },
  check(run) {
    const recs = run.records();
    const withAnswers = recs.find((r) => r.type === 'user' && r.toolUseResult?.answers);
    assert.ok(withAnswers, 'the AskUserQuestion result carries answers');
    assert.equal(withAnswers.toolUseResult?.answers?.['Does the greeting wording for S4 read well?'], 'S4 looks good, ship it');
    assert.ok(recs.some((r) => r.type === 'user' && r.message?.content === 'One more thing: S7 is approved too.'));
  },
};

// ---------------------------------------------------------------------------------------------
// c. queued-prompt: the person types while Claude is busy

export const queuedPrompt: RecordedScenario = {
  scenario: {
    name: 'queued-prompt',
    mode: 'tui',
    args: ['--dangerously-skip-permissions'],
    settings: loggingHooks(),
    script: {
      threads: [{
        name: 'main',
        match: 'run the checks',
        turns: [
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sleep 5; echo checks-done', description: 'Run the checks' } }] },
          { text: 'Checks done, and I saw your note about S10.' },
          { text: 'Noted.' },
        ],
      }],
    },
    drive: async (tui) => {
      await tui.submit('run the checks');
      await tui.waitForScreen(/sleep 5; echo checks-done/, 20000);
      await tui.sleep(800);
      await tui.submit('S10 looks good');
      await tui.sleep(800);
      await tui.snapshot('typed-while-busy');
      await tui.waitForTurnEnd(1, 30000);
      await tui.sleep(1000);
      await tui.snapshot('after');
    },
  },
  check(run) {
    const queued = attachments(allRecords(run), 'queued_command');
    const human = queued.find((a) => a.prompt === 'S10 looks good');
    assert.ok(human, 'a queued_command attachment with the typed text');
    assert.equal(human.commandMode, 'prompt');
    assert.equal(human.origin?.kind, 'human');
  },
};

// ---------------------------------------------------------------------------------------------
// b. ctrlb: the person moves a running foreground Bash to the background

export const ctrlb: RecordedScenario = {
  scenario: {
    name: 'ctrlb',
    mode: 'tui',
    args: ['--dangerously-skip-permissions'],
    settings: loggingHooks(),
    script: {
      threads: [{
        name: 'main',
        match: 'run the slow build',
        turns: [
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sleep 8; echo done', description: 'Slow build' } }] },
          { text: 'The build is running in the background; I will wait for it.' },
          { text: 'The background build finished.' },
        ],
      }],
    },
    drive: async (tui) => {
      await tui.submit('run the slow build');
      await tui.waitForScreen(/ctrl\+b to run in background/, 20000);
      await tui.snapshot('hint');
      await tui.press('C-b');
      await tui.waitForTurnEnd(1, 20000);
      await tui.snapshot('backgrounded');
      // The task notification starts a second turn when the command ends.
      await tui.waitForTurnEnd(2, 30000);
      await tui.sleep(500);
      await tui.snapshot('notified');
    },
  },
  check(run) {
    const recs = allRecords(run);
    const runs = bashRuns(recs);
    const tr = runs[0]?.record?.toolUseResult;
    assert.equal(tr?.backgroundedByUser, true, 'toolUseResult.backgroundedByUser');
    assert.ok(tr?.backgroundTaskId);
    // The notice arrives either as its own user record (origin.kind "task-notification") when the
    // turn has ended, or as a queued_command attachment when it lands mid-turn.
    const marker = `<task-id>${tr.backgroundTaskId}</task-id>`;
    const notified = recs.find((r) => (r.type === 'user' && r.origin?.kind === 'task-notification'
        && str(r.message?.content).includes(marker))
      || (r.type === 'attachment' && r.attachment?.commandMode === 'task-notification' && String(r.attachment?.prompt).includes(marker)));
    assert.ok(notified, 'the task notification for the backgrounded command');
  },
};

// ---------------------------------------------------------------------------------------------
// d. esc-cancel: Esc at a permission prompt, then Esc while a command runs

export const escCancel: RecordedScenario = {
  scenario: {
    name: 'esc-cancel',
    mode: 'tui',
    args: ['--permission-mode', 'manual'],
    // `sh long-test.sh` is allowed without a prompt; `rm -rf build && mkdir build` asks. (A plain
    // `sleep 30; ...` is refused outright by 2.1.332: "Blocked: sleep 30 followed by ...".)
    settings: { ...loggingHooks(), permissions: { allow: ['Bash(sh long-test.sh)'] } },
    files: { 'long-test.sh': 'sleep 30\necho long-done\n' },
    script: {
      threads: [{
        name: 'main',
        match: 'clean the build',
        turns: [
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'rm -rf build && mkdir build', description: 'Clean the build folder' } }] },
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sh long-test.sh', description: 'Long test' } }] },
          { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sh long-test.sh', description: 'Long test, second try' } }] },
          { text: 'All three commands were cancelled; nothing ran to the end.' },
        ],
      }],
    },
    drive: async (tui) => {
      await tui.submit('clean the build');
      await tui.waitForScreen(/Do you want to proceed\?/, 20000);
      await tui.snapshot('permission-prompt');
      await tui.press('Escape');
      await tui.waitForScreen(/Interrupted/, 10000);
      await tui.snapshot('rejected');
      await tui.submit('then run the long test');
      await tui.waitForScreen(/sh long-test\.sh/, 20000);
      await tui.sleep(1500);
      await tui.snapshot('running');
      await tui.press('Escape');
      await waitUntil('the second interruption', () => tui.records().filter((r) => r.type === 'user'
        && JSON.stringify(r.message?.content ?? '').includes('Request interrupted by user')).length >= 2, 15000);
      await tui.sleep(800);
      await tui.snapshot('interrupted');
      // Third: Esc once the command has run long enough to offer ctrl+b.
      await tui.submit('try the long test again');
      await tui.waitForScreen(/ctrl\+b to run in background/, 20000);
      await tui.snapshot('running-long');
      await tui.press('Escape');
      await waitUntil('the third interruption', () => tui.records().filter((r) => r.type === 'user'
        && JSON.stringify(r.message?.content ?? '').includes('Request interrupted by user')).length >= 3, 15000);
      await tui.sleep(800);
      await tui.snapshot('interrupted-long');
      await tui.submit('what happened?');
      await tui.waitForRecord((r) => r.type === 'assistant' && JSON.stringify(r.message?.content).includes('All three'), 20000);
      await tui.sleep(500);
    },
  },
  check(run) {
    const runs = bashRuns(allRecords(run));
    assert.equal(runs.length, 3);
    assert.equal(runs[0]!.record?.toolUseResult, 'User rejected tool use');
    assert.equal(runs[1]!.command, 'sh long-test.sh');
    assert.equal(runs[1]!.result?.is_error, true);
    assert.doesNotMatch(str(runs[1]!.result?.content), /Blocked/);
    assert.equal(runs[2]!.result?.is_error, true);
  },
};

// ---------------------------------------------------------------------------------------------
// f. goal-cmd: the person types /goal plans/PLAN.md (a built-in command in 2.1.332)

export const goalCmd: RecordedScenario = {
  scenario: {
    name: 'goal-cmd',
    mode: 'tui',
    args: ['--dangerously-skip-permissions'],
    settings: loggingHooks(ALL_HOOK_EVENTS),
    files: { 'plans/PLAN.md': '# Plan\n\n## Steps\n\n- **S1.** Say hello. Proof: `echo hello`\n' },
    script: {
      threads: [{
        name: 'main',
        match: 'plans/PLAN.md',
        turns: [
          { content: [
            { type: 'text', text: 'Working toward the goal: S1 first.' },
            { type: 'tool_use', name: 'Bash', input: { command: 'echo hello', description: 'Prove S1' } },
          ] },
          { text: 'S1 is proven.' },
          { text: 'Done.' },
        ],
      }],
      // The goal condition check asks for {ok, reason}; this one says the goal is met.
      sideJson: { ok: true, reason: 'S1 was proven by `echo hello`.' },
    },
    drive: async (tui) => {
      await tui.type('/goal plans/PLAN.md');
      await tui.sleep(600);
      await tui.snapshot('typed');
      await tui.press('Enter');
      await tui.waitForTurnEnd(1, 30000);
      await tui.sleep(1500);
      await tui.snapshot('after');
    },
  },
  check(run) {
    const recs = allRecords(run);
    assert.ok(recs.some((r) => r.type === 'user' && typeof r.message?.content === 'string'
      && r.message.content.includes('<command-name>/goal</command-name>')));
    const submit = run.hooks().find((h) => h.label === 'UserPromptSubmit');
    assert.equal((submit?.payload as { prompt?: unknown } | null | undefined)?.prompt, '/goal plans/PLAN.md');
  },
};

/** All recorded fixtures, in the order they matter (g, a, e, c, b, d, f). */
export const RECORDED: RecordedScenario[] = [demo, testFalse, askAnswer, queuedPrompt, ctrlb, escCancel, goalCmd];
