// The guard's line for each kind of finding, and the text an edit leaves (guardReasons.ts and
// afterEdit in guard.ts), case by case; mutation testing found these unguarded.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { afterEdit } from '../../../src/hooks/guard';
import { bashReason, settingsEditReason } from '../../../src/hooks/guardReasons';
import { denyReason, gate, payload, workspace } from './helpers';

describe("the guard's words and the edits it reads", () => {
  const reasons: Array<[BashFinding, string]> = [
    [{ kind: 'git', target: 'git rebase -i', how: 'rebase' }, 'Proofmeter guard: `git rebase -i` is refused.'],
    [{ kind: 'claude-dir', target: 'git clean', how: 'git clean' }, "Proofmeter guard: `git clean` here would replace or remove files in .claude/ (the meter's settings and state). Name the paths you mean, outside .claude/ (for example `git clean -fd -e .claude`)."],
    [{ kind: 'claude-dir', target: 'git stash', how: 'git stash' }, "Proofmeter guard: `git stash` here would replace or remove files in .claude/ (the meter's settings and state). Name the paths you mean, outside .claude/ (for example `git stash push -- src/`)."],
    [{ kind: 'claude-dir', target: 'git checkout --', how: 'git checkout --' }, "Proofmeter guard: `git checkout --` here would replace or remove files in .claude/ (the meter's settings and state). Name the paths you mean, outside .claude/ (for example `git checkout -- src/`)."],
    [{ kind: 'claude-dir', target: 'git restore', how: 'git restore' }, "Proofmeter guard: `git restore` here would replace or remove files in .claude/ (the meter's settings and state). Name the paths you mean, outside .claude/ (for example `git restore -- src/`)."],
    [{ kind: 'records', target: '~/.claude/projects/x', how: 'rm' }, "Proofmeter guard: this command would change ~/.claude/projects/x (rm), Claude Code's own session records, which the meter reads as evidence. Leave them to Claude Code; read them if you need to."],
    [{ kind: 'managed', target: '/etc/claude-code', how: 'tee' }, "Proofmeter guard: this command would change /etc/claude-code (tee), the organisation's managed settings. An agent may not change them; ask the person."],
    [{ kind: 'state', target: '.claude/proofmeter', how: 'rm' }, "Proofmeter guard: this command would change .claude/proofmeter (rm), the meter's own state (the frozen goal, the runner, its records). An agent may not change its own gate. Read the state with `proofmeter tally`; to change other settings use the Edit tool, which lets through edits that leave hooks, env, disableAllHooks, sandbox and permissions alone; otherwise ask the person."],
    [{ kind: 'state', target: 'a command decoded or rewritten before a shell runs it', how: 'hidden command' }, "Proofmeter guard: this command hands a shell text decoded or rewritten on the way (base64, tr, printf escapes, a program's output); the guard cannot read what it would change, so it is refused. Run the command as written instead."],
    [{ kind: 'settings', target: '.claude/settings.json', how: '> redirect' }, "Proofmeter guard: this command would change .claude/settings.json (> redirect), a settings file that holds the meter's hook entries. An agent may not change its own gate. Read the state with `proofmeter tally`; to change other settings use the Edit tool, which lets through edits that leave hooks, env, disableAllHooks, sandbox and permissions alone; otherwise ask the person."],
  ];
  for (const [f, want] of reasons) {
    it(`a ${f.kind} finding (${f.how}) is refused in one line`, () => assert.equal(bashReason(f), want));
  }

  const edits: Array<[string, string, Record<string, unknown>, string | null, string | null]> = [
    ['a Write', 'Write', { content: 'new' }, 'old', 'new'],
    ['a Write without text', 'Write', { content: 3 }, 'old', null],
    ['an Edit of the first match', 'Edit', { old_string: 'a', new_string: 'b' }, 'a a', 'b a'],
    ['an Edit of every match', 'Edit', { old_string: 'a', new_string: 'b', replace_all: true }, 'a a', 'b b'],
    ['an Edit whose text is not there', 'Edit', { old_string: 'x', new_string: 'b' }, 'a a', null],
    ['an Edit that creates the empty file', 'Edit', { old_string: '', new_string: 'b' }, null, 'b'],
    ['an Edit with an empty old text of a file with text', 'Edit', { old_string: '', new_string: 'b' }, 'a', null],
    ['a MultiEdit, in order', 'MultiEdit', { edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'b', new_string: 'c' }] }, 'a', 'c'],
    ['a MultiEdit with an edit that is not an object', 'MultiEdit', { edits: [{ old_string: 'a', new_string: 'b' }, null] }, 'a', null],
    ['a MultiEdit without a list of edits', 'MultiEdit', { edits: 'x' }, 'a', 'a'],
    // The texts must be strings: a number would be matched and written as its digits.
    ['an Edit whose old text is a number', 'Edit', { old_string: 3, new_string: 'b' }, 'a 3', null],
    ['an Edit whose new text is a number', 'Edit', { old_string: 'a', new_string: 3 }, 'a', null],
  ];
  for (const [name, tool, input, before, want] of edits) {
    it(`${name} leaves ${JSON.stringify(want)}`, () => assert.equal(afterEdit(tool, input, before), want));
  }

  it('a settings edit names every change that arms the gates, each without its "it"', () => {
    assert.equal(
      settingsEditReason('.claude/settings.json', ['it changes the hooks', 'it edits env']),
      'Proofmeter guard: this edit of .claude/settings.json would change what arms the gates (changes the hooks, edits env); an agent may not disarm its own gate. Edits that leave hooks, env, disableAllHooks, sandbox and permissions alone are allowed; otherwise ask the person.',
    );
  });

  it('a Write switching the sandbox off in settings.local.json is refused naming the sandbox settings', async () => {
    const w = workspace();
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_name: 'Write', tool_input: { file_path: join(w.ws, '.claude', 'settings.local.json'), content: '{"sandbox":{"enabled":false},"permissions":{"deny":[]}}' } }), w);
    assert.match(denyReason(r), /^Proofmeter guard: this edit of \.claude\/settings\.local\.json would change what arms the gates \(changes the sandbox settings, changes the permission rules\); an agent may not disarm its own gate\. /);
  });

  it('a NotebookEdit of a settings file is refused as not a notebook; of another file it passes', async () => {
    const w = workspace();
    const nb = (file: string) => payload('pretool-bash', { cwd: w.ws, tool_name: 'NotebookEdit', tool_input: { notebook_path: file, new_source: 'x' } });
    const r = await gate('guard', nb(join(w.ws, '.claude', 'settings.json')), w);
    assert.match(denyReason(r), /^Proofmeter guard: \.claude\/settings\.json holds the meter's hook entries; it is not a notebook\. If you/);
    const ok = await gate('guard', nb(join(w.ws, 'analysis.ipynb')), w);
    assert.equal(ok.answer.outcome, 'allow');
  });
});
