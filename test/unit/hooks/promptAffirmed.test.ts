// The prompt hook acknowledges only the ids the person's words affirm.
import { strict as assert } from 'node:assert';
import type { HookContext } from '../../../src/hooks/context';
import { promptSubmit } from '../../../src/hooks/prompt';
import type { Tally } from '../../../src/core/tally/tally';
import { addedContext, answerJson, freeze, payload, workspace, type Workspace } from './helpers';

const PLAN = '# Sign-off\n\n## Steps\n- S1. Build. Proof: `npm run build`\n- S2. Sign off. Proof: human — your words name S2\n- S3. Read it. Proof: human — your words name S3\n';
const noTally = { tally: (): Tally => { throw new Error('no item of Claude’s is named'); } };

describe('the prompt hook acknowledges affirmed ids only', () => {
  // A fresh frozen goal for each test: freezing reads the plan through src/core, which must run
  // while the test runs for a mutant there to be live.
  let w: Workspace;
  let ctx: HookContext;
  beforeEach(() => {
    w = workspace();
    freeze(w, PLAN);
    ctx = { workspace: w.ws, env: { ...w.env, CLAUDE_CODE_ENTRYPOINT: 'cli' }, now: () => new Date(), callerOf: () => ({ kind: 'hook', nested: false, claudePid: 1, why: 'test' }) };
  });
  const ack = (prompt: string): string[] => {
    const a = promptSubmit(payload('prompt-typed', { cwd: w.ws, prompt }), ctx, noTally);
    const text = a.stdout ? addedContext({ json: answerJson(a) }) : '';
    return [...text.matchAll(/the person's words name (S\d+)/g)].map((m) => m[1]!);
  };
  const cases: Array<[string, string[]]> = [
    ['S2 is signed off', ['S2']],
    ['Is S2 signed off?', []],
    ['S2 is not signed off', []],
    ['S2 signed off. S3 not read yet.', ['S2']],
    ['S3 ist nicht gelesen', []],
  ];
  for (const [prompt, want] of cases) it(`${JSON.stringify(prompt)} acknowledges ${want.join(' ') || 'nothing'}`, () => assert.deepEqual(ack(prompt), want));
});
