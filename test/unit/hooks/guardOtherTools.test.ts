// The guard judges only the tools that write (Bash, Edit, Write, MultiEdit, NotebookEdit): a call
// of any other tool passes, even one naming the meter's state or a settings file.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { gate, payload, workspace } from './helpers';

describe('the guard and the tools that do not write', () => {
  const calls: Array<[string, string, (ws: string) => Record<string, unknown>]> = [
    ['a Read of the frozen goal', 'Read', (ws) => ({ file_path: join(ws, '.claude', 'proofmeter', 'goal.json') })],
    ['a Read of the project settings', 'Read', (ws) => ({ file_path: join(ws, '.claude', 'settings.json') })],
    ['a Glob naming the state folder as its path', 'Glob', (ws) => ({ pattern: '*', file_path: join(ws, '.claude', 'proofmeter') })],
  ];
  for (const [name, tool, input] of calls) {
    it(`${name} passes, with nothing printed`, async () => {
      const w = workspace();
      const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_name: tool, tool_input: input(w.ws) }), w);
      assert.equal(r.answer.outcome, 'allow');
      assert.equal(r.answer.stdout, '');
    });
  }
});
