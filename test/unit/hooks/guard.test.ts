import { strict as assert } from 'node:assert';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { denyReason, systemMessage, gate, payload, workspace, type Payload } from './helpers';
import { gateCommand, STATUSLINE_COMMAND } from '../../../src/core/install/entries';

const w = workspace();
mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
mkdirSync(join(w.ws, 'src'), { recursive: true });
symlinkSync(join(w.ws, '.claude', 'proofmeter'), join(w.ws, 'innocent'));
// The settings file holds the meter's own entries (src/core/install/entries), and the scope holds
// protectedPaths (src/hooks): both are made again before each test, not at load time, so a mutant
// in either is live while the test that reads them runs.
let scope: BashScope;
function setUp(): void {
  const settings = {
    permissions: { allow: ['Bash(ls)'] },
    hooks: { Stop: [{ hooks: [{ type: 'command', command: gateCommand('stop') }] }] },
    statusLine: { type: 'command', command: STATUSLINE_COMMAND },
  };
  writeFileSync(join(w.ws, '.claude', 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
  scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
}

describe('guard (PreToolUse Bash|Edit|Write|MultiEdit|NotebookEdit)', () => {
  beforeEach(setUp);
  describe('Bash commands', () => {
    const denied: Array<[string, string]> = [
      ['echo x > .claude/proofmeter/goal.json', '> redirect'],
      ['echo x >> "$CLAUDE_PROJECT_DIR/.claude/proofmeter/health.jsonl"', '>> redirect'],
      ['cat goal.json 1> ./.claude/proofmeter/goal.json', '1> redirect'],
      ['rm -rf .claude/proofmeter', 'rm'],
      ['rm -rf .claude', 'rm'],
      ['cd src && rm -f ../.claude/proofmeter/stop-blocks.json', 'rm'],
      ['mv .claude/proofmeter /tmp/away', 'mv'],
      ['cp /tmp/goal.json .claude/proofmeter/goal.json', 'cp'],
      ['cp my-settings/settings.json .claude/', 'cp'],
      ['echo {} | tee .claude/settings.json', 'tee'],
      ["sed -i 's/hook stop//' .claude/settings.json", 'sed -i'],
      ["perl -pi -e 's/a/b/' .claude/settings.local.json", 'perl -i'],
      ['truncate -s 0 .claude/proofmeter/goal.json', 'truncate'],
      ['dd if=/dev/null of=.claude/proofmeter/goal.json', 'dd'],
      ['ln -sf /tmp/x .claude/proofmeter/goal.json', 'ln'],
      ['find .claude -name "*.json" -delete', 'find -delete'],
      ['rm .claude/*', 'rm'],
      ['git clean -fdx', 'git clean'],
      ['git checkout -- .claude/settings.json', 'git checkout --'],
      ['bash -c "echo {} > .claude/settings.json"', '> redirect'],
      ["eval 'rm -rf .claude/proofmeter'", 'rm'],
      ['echo $(rm .claude/proofmeter/goal.json)', 'rm'],
      ["python3 -c \"open('.claude/proofmeter/goal.json','w').write('{}')\"", 'python3 inline code'],
      ["node -e \"require('fs').writeFileSync('.claude/settings.json','{}')\"", 'node inline code'],
      ['sudo rm -rf ~/.claude/settings.json', 'rm'],
      ['echo x > innocent/goal.json', '> redirect'],
      ['echo \'{"disableAllHooks": true}\' > .claude/settings.local.json', '> redirect'],
      ['FOO=1 env rm .claude/proofmeter/goal.json', 'rm'],
      ['proofmeter adopt OTHER.md', 'meter command'],
      ['node .claude/proofmeter/proofmeter.js uninstall', 'meter command'],
      ['npx proofmeter install --local', 'meter command'],
      ['cat > .claude/proofmeter/goal.json <<EOF\n{}\nEOF', '> redirect'],
      ['sh <<EOF\nrm -rf .claude/proofmeter\nEOF', 'rm'],
      ['bash <<< "rm -rf .claude"', 'rm'],
      ["python3 <<'PY'\nopen('.claude/proofmeter/goal.json', 'w')\nPY", 'python3 inline code'],
      ['{ rm -rf .claude/proofmeter; }', 'rm'],
      ['if true; then rm .claude/proofmeter/goal.json; fi', 'rm'],
      ["rm -rf $'\\x2eclaude'", 'rm'],
      ['cat <(rm .claude/proofmeter/goal.json)', 'rm'],
      ['(echo {}) > .claude/proofmeter/goal.json', '> redirect'],
      ['(cd src; cat x) >> .claude/settings.json', '>> redirect'],
      ['(cd /tmp); rm -rf .claude', 'rm'],
      ['cd /tmp | true; rm -rf .claude/proofmeter', 'rm'],
      ['cd /nowhere; rm -rf .claude', 'rm'],
      ['cd /nowhere || rm -rf .claude', 'rm'],
      ['cd src & rm -f .claude/proofmeter/goal.json', 'rm'],
    ];
    for (const [cmd, how] of denied) {
      it(`denies ${JSON.stringify(cmd)}`, () => {
        const f = analyzeBash(cmd, scope);
        assert.ok(f.length > 0, 'expected a finding');
        assert.equal(f[0]!.how.split(' (')[0], how);
      });
    }
    const allowed = [
      'npm test',
      'cat <<EOF > notes.md\nsh -c "rm -rf .claude"\nEOF',
      'cat .claude/proofmeter/goal.json',
      'node .claude/proofmeter/proofmeter.js tally',
      'proofmeter tally --json > /tmp/tally.json',
      'grep -r hook .claude/settings.json',
      'cp .claude/settings.json /tmp/backup.json',
      'ls -la .claude 2>&1 | head',
      'echo done > out.txt 2>&1',
      'rm -rf node_modules dist',
      'cd /tmp/build && rm -rf .claude',
      '(cd /tmp/build && rm -rf .claude)',
      'git clean -fdx -e .claude',
      'git clean -n',
      'git checkout main',
      'sed -n 1,5p .claude/settings.json',
      'cat <<EOF > notes.md\nrm -rf .claude/proofmeter\nEOF',
      "python3 -c 'print(1)'",
      'find . -name "*.log" -print',
    ];
    for (const cmd of allowed) {
      it(`allows ${JSON.stringify(cmd)}`, () => assert.deepEqual(analyzeBash(cmd, scope), []));
    }

    it('the recorded PreToolUse Bash payload passes; the same payload writing the goal is denied with one clear reason', async () => {
      const ok = await gate('guard', payload('pretool-bash', { cwd: w.ws }), w);
      assert.deepEqual(ok.answer, { code: 0, stdout: '', stderr: '', outcome: 'allow' });
      const bad = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'echo {} > .claude/proofmeter/goal.json' } }), w);
      assert.equal(bad.json?.hookSpecificOutput?.hookEventName, 'PreToolUse');
      assert.equal(bad.json?.hookSpecificOutput?.permissionDecision, 'deny');
      const reason: string = denyReason(bad);
      assert.equal(reason.split('\n').length, 1);
      assert.ok(
        reason.startsWith(
          "Proofmeter guard: this command would change .claude/proofmeter/goal.json (> redirect), the meter's own state (the frozen goal, the runner, its records). An agent may not change its own gate. Read the state with `proofmeter tally`; to change other settings use the Edit tool, which lets through edits that leave hooks, env, disableAllHooks, sandbox and permissions alone; otherwise ask the person.",
        ),
        reason,
      );
      assert.match(reason, / If you, the person, want to allow this once, type: allow G-[0-9a-f]{6}$/);
    });
  });

  describe('Edit, Write, MultiEdit, NotebookEdit', () => {
    const tool = (tool_name: string, tool_input: Record<string, unknown>): Payload => payload('pretool-bash', { cwd: w.ws, tool_name, tool_input });
    const settingsPath = join(w.ws, '.claude', 'settings.json');
    // Thunks, called inside the test: one row's input names gateCommand's entry.
    const cases: Array<[string, () => Payload, 'deny' | 'allow']> = [
      ['Write into the state folder', () => tool('Write', { file_path: join(w.ws, '.claude/proofmeter/goal.json'), content: '{}' }), 'deny'],
      ['Edit through a symlink into the state folder', () => tool('Edit', { file_path: join(w.ws, 'innocent/goal.json'), old_string: 'a', new_string: 'b' }), 'deny'],
      ['NotebookEdit into the state folder', () => tool('NotebookEdit', { notebook_path: '.claude/proofmeter/x.ipynb', new_source: '' }), 'deny'],
      ['Edit removing the stop hook entry', () => tool('Edit', { file_path: settingsPath, old_string: gateCommand('stop').replace(/"/g, '\\"'), new_string: 'true' }), 'deny'],
      ['Edit replacing the meter statusLine', () => tool('Edit', { file_path: settingsPath, old_string: 'proofmeter.js statusline', new_string: 'proofmeter.js statuslinex' }), 'deny'],
      ['Write of settings without the hooks', () => tool('Write', { file_path: settingsPath, content: '{"permissions": {}}' }), 'deny'],
      ['Write of settings that is not JSON', () => tool('Write', { file_path: settingsPath, content: '{' }), 'deny'],
      ['Write of settings.local.json with disableAllHooks', () => tool('Write', { file_path: '.claude/settings.local.json', content: '{"disableAllHooks": true}' }), 'deny'],
      ['MultiEdit whose second edit removes the hooks', () => tool('MultiEdit', { file_path: settingsPath, edits: [{ old_string: 'Bash(ls)', new_string: 'Bash(ls:*)' }, { old_string: '"Stop"', new_string: '"Nope"' }] }), 'deny'],
      // The fencing permission keys and the sandbox keep the agent in (install writes them): changed only by the person.
      ['Write of settings.local.json with deny rules', () => tool('Write', { file_path: '.claude/settings.local.json', content: '{"permissions": {"deny": []}}' }), 'deny'],
      ['Write of settings.local.json letting the file tools out of the working folders', () => tool('Write', { file_path: '.claude/settings.local.json', content: '{"permissions": {"blockWritesOutsideWorkingDirectories": false}}' }), 'deny'],
      // An allow rule fences nothing: deny rules win over it (what Claude Code writes on "don't ask again").
      ['Edit of an allow rule only', () => tool('Edit', { file_path: settingsPath, old_string: 'Bash(ls)', new_string: 'Bash(ls:*)' }), 'allow'],
      ['Write of settings.local.json with allow rules only', () => tool('Write', { file_path: '.claude/settings.local.json', content: '{"permissions": {"allow": []}}' }), 'allow'],
      ['Write of settings.local.json switching the sandbox off', () => tool('Write', { file_path: '.claude/settings.local.json', content: '{"sandbox": {"enabled": false}}' }), 'deny'],
      ['Write of settings.local.json with a model choice only', () => tool('Write', { file_path: '.claude/settings.local.json', content: '{"model": "opus"}' }), 'allow'],
      ['Edit whose old_string is not there (the tool fails by itself)', () => tool('Edit', { file_path: settingsPath, old_string: 'not there', new_string: '' }), 'allow'],
      ['Write of an ordinary file', () => tool('Write', { file_path: join(w.ws, 'src', 'a.ts'), content: 'x' }), 'allow'],
    ];
    for (const [name, input, want] of cases) {
      it(`${want}s: ${name}`, async () => {
        const r = await gate('guard', input(), w);
        assert.equal(r.answer.outcome, want);
        if (want === 'deny') {
          assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'deny');
          assert.match(denyReason(r), /^Proofmeter guard: /);
        } else assert.equal(r.answer.stdout, '');
      });
    }
  });

  it('a fault in the guard lets the call through with a message, never a silent deny', async () => {
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws }), w, { handler: () => { throw new Error('x'); } });
    assert.equal(r.json?.hookSpecificOutput, undefined);
    assert.match(systemMessage(r), /^Proofmeter's guard failed \(internal: Error .*\); this tool call was not checked\./);
  });
});

describe('guard: the runner\'s subcommands', () => {
  const w = workspace();
  // protectedPaths is product code: computed before each test, not while the file loads.
  let scope: BashScope;
  beforeEach(() => {
    scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
  });
  // Every subcommand but the ones that only read (and the agent's own handover) changes the gate.
  const denied: Array<[string, string]> = [
    ['node .claude/proofmeter/proofmeter.js hook plan-approved < x', 'proofmeter hook'],
    ['node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook stop < payload.json', 'proofmeter hook'],
    ['echo {} | node .claude/proofmeter/proofmeter.js hook prompt', 'proofmeter hook'],
    ['node /tmp/pm.js hook plan-approved < x', 'proofmeter hook'],
    ['cp .claude/proofmeter/proofmeter.js /tmp/pm.js && node /tmp/pm.js hook plan-approved < x', 'proofmeter hook'],
    ['/tmp/copy.cjs hook session-start', 'proofmeter hook'],
    ['node --no-warnings dist/proofmeter.js hook guard', 'proofmeter hook'],
    ['npx proofmeter hook stop', 'proofmeter hook'],
    ['npx --yes proofmeter adopt PLAN.md', 'proofmeter adopt'],
    ['npx proofmeter accept F-1a2b3c4', 'proofmeter accept'],
    ['node .claude/proofmeter/proofmeter.js accept F-1a2b3c4 --cwd .', 'proofmeter accept'],
    ['env X=1 proofmeter verify', 'proofmeter verify'],
    ['proofmeter demo', 'proofmeter demo'],
    ['proofmeter frobnicate', 'proofmeter frobnicate'],
    ['bash -c "node .claude/proofmeter/proofmeter.js hook plan-approved < x"', 'proofmeter hook'],
    ['watch proofmeter install', 'proofmeter install'],
  ];
  for (const [cmd, target] of denied) {
    it(`denies ${JSON.stringify(cmd)} as a gate change`, () => {
      const f = analyzeBash(cmd, scope);
      assert.deepEqual(f.map((x) => [x.kind, x.target]), [['gate-change', target]]);
    });
  }
  const allowed = [
    'proofmeter tally --json',
    'node .claude/proofmeter/proofmeter.js statusline < status.json',
    'npx proofmeter check-plan PLAN.md',
    'proofmeter doctor',
    'proofmeter --version',
    'proofmeter --help',
    'proofmeter',
    'npx proofmeter handover S2 --why "needs the production key"',
    'grep -rn proofmeter src',
    'grep proofmeter install.log',
    'git hook run pre-commit',
    'node scripts/build.js',
  ];
  for (const cmd of allowed) {
    it(`allows ${JSON.stringify(cmd)}`, () => assert.deepEqual(analyzeBash(cmd, scope), []));
  }

  it('denies a hook run by hand with one line that says what to do instead', async () => {
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'node .claude/proofmeter/proofmeter.js hook plan-approved < x' } }), w);
    const reason: string = denyReason(r);
    assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'deny');
    assert.equal(reason.split('\n').length, 1);
    assert.match(reason, /^Proofmeter guard: `proofmeter hook` runs one of the meter's gates by hand.*Read the state with `proofmeter tally`/);
  });
});
