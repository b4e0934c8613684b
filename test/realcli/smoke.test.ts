// Smoke test of the real-CLI harness: one print-mode run whose scripted model makes one Bash call.
import assert from 'node:assert/strict';
import { runClaude, netnsUnavailableReason, resolveClaudeBin, type RunResult } from './runClaude';

const MARKER = 'proofmeter-smoke-7f3a';
const COMMAND = `echo ${MARKER}; exit 0`;

describe('real Claude Code CLI harness (smoke)', function () {
  this.timeout(10 * 60 * 1000); // the first run may install the CLI (about 400 MB)
  let run: RunResult | undefined;

  before(async function () {
    const reason = netnsUnavailableReason();
    if (reason) throw new Error(`cannot isolate the CLI from the network here: ${reason}`);
    await resolveClaudeBin(); // installs the pinned CLI into .cache/claude-code when missing
  });

  after(() => run?.cleanup());

  it('records a Bash tool_use and its tool_result, and the fake API saw the requests', async function () {
    this.timeout(120 * 1000);
    run = await runClaude({
      name: 'smoke',
      mode: 'print',
      prompt: 'run the smoke check',
      args: ['--dangerously-skip-permissions'],
      script: {
        threads: [{
          name: 'main',
          match: 'run the smoke check',
          turns: [
            { content: [{ type: 'tool_use', name: 'Bash', input: { command: COMMAND, description: 'Print the marker' } }] },
            { text: 'Smoke check finished.' },
          ],
        }],
      },
    });

    assert.equal(run.invocations.length, 1);
    assert.equal(run.invocations[0]!.exitCode, 0, `claude exited with ${run.invocations[0]!.exitCode}`);
    assert.equal(run.transcripts.length, 1, 'one session transcript');
    assert.ok(run.sessionId, 'a session id in the stream output');

    const records = run.records();
    const toolUses = records
      .filter((r) => r.type === 'assistant' && !r.isSidechain)
      .flatMap((r) => (Array.isArray(r.message?.content) ? r.message.content : []))
      .filter((b) => b.type === 'tool_use' && b.name === 'Bash');
    assert.equal(toolUses.length, 1, 'exactly one Bash tool_use');
    assert.equal(toolUses[0]?.input?.command, COMMAND);

    const results = records
      .filter((r) => r.type === 'user' && Array.isArray(r.message?.content))
      .flatMap((r) => (Array.isArray(r.message?.content) ? r.message.content : []).map((b) => ({ block: b, record: r })))
      .filter(({ block }) => block.type === 'tool_result' && block.tool_use_id === toolUses[0]?.id);
    assert.equal(results.length, 1, 'one tool_result for the Bash call');
    assert.equal(results[0]?.block.is_error, false);
    const content: unknown = results[0]?.block.content;
    assert.match(String(content), new RegExp(MARKER));
    assert.equal(results[0]?.record.toolUseResult?.stdout, MARKER);

    const requests = run.requests().filter((q) => q.path === '/v1/messages' && q.reply.kind === 'thread');
    assert.deepEqual(requests.map((q) => q.reply.step), [0, 1], 'the model was asked twice');
    // The second request carried the command's output back to the model.
    const sent = JSON.stringify(requests[1]!.body?.messages);
    assert.ok(sent.includes(MARKER), 'the tool result reached the fake API');
    assert.ok(requests.every((q) => q.headers['x-api-key'] === '<redacted>'), 'the API key is not logged');
  });
});
