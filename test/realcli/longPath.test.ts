// Claude Code at a path whose slug is over 200 characters: the meter's folder name for it is the
// one Claude Code wrote the session to, and the one every hook payload's transcript_path names.
import assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { projectTranscriptDir } from '../../src/workspace/transcriptFiles';
import { longPathScenario } from './longPath';
import { netnsUnavailableReason, resolveClaudeBin, runClaude, type RunResult } from './runClaude';

describe('real Claude Code CLI: a workspace path whose slug is over 200 characters', function () {
  this.timeout(10 * 60 * 1000);
  let run: RunResult | undefined;

  before(async function () {
    const reason = netnsUnavailableReason();
    if (reason) throw new Error(`cannot isolate the CLI from the network here: ${reason}`);
    await resolveClaudeBin();
  });

  after(() => run?.cleanup());

  it('writes the session where the meter looks for it', async function () {
    this.timeout(120 * 1000);
    run = await runClaude(longPathScenario());
    assert.equal(run.invocations[0]!.exitCode, 0);
    assert.ok(run.project.replace(/[^A-Za-z0-9]/g, '-').length > 200, 'the slug is over 200 characters');
    assert.equal(run.transcripts.length, 1, 'one session transcript');
    const session = run.transcripts[0]!;
    assert.equal(dirname(session), projectTranscriptDir(run.project, { HOME: run.home }));
    const hooks = run.hooks();
    assert.ok(hooks.length >= 5, 'the logging hooks fired');
    for (const h of hooks) assert.equal((h.payload as { transcript_path?: unknown }).transcript_path, session, `${h.label} names the session file`);
  });
});
