// The seal: taken when the goal is frozen, kept in the workspace and in the user's state folder,
// checked on every hook call and tally. Every recorded part changed gives the right finding;
// nothing changed gives none and costs stats only.
import { strict as assert } from 'node:assert';
import { cpSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freezePlan } from '../../../src/workspace/freezeGoal';
import { goalPath, goalSchema, readGoal } from '../../../src/workspace/goalState';
import { checkSeal } from '../../../src/workspace/sealRecord/check';
import { readSealCopies } from '../../../src/workspace/sealRecord/copies';
import { sealFs } from '../../../src/workspace/sealRecord/observe';
import { outsideSealPath, realWorkspace, stateHome, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';
import { resealMeter, takeSeal } from '../../../src/workspace/sealRecord/take';
import { settingsPath } from '../../../src/workspace/hookInstaller';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { z } from 'zod';
import { editSettings, groupsOf } from '../helpers/settingsJson';
import { editJson, PLAN, sealed, type Sealed } from './sealedWorkspace';
import { blockReason, gate, payload, systemMessage, workspace } from '../hooks/helpers';

const findings = (s: Sealed) => checkSeal(s.ws, s.env, { places: s.places }).findings.map((f) => `${f.kind}: ${f.message}`);
/** goal.json as an agent's script edits it: the raw JSON, its items and their proofs by hand. */
interface RawGoal {
  items: Array<{ proof: { command?: string } | null }>;
}
const editGoal = (ws: string, edit: (g: RawGoal) => void) => {
  const g = JSON.parse(readFileSync(goalPath(ws), 'utf8')) as RawGoal;
  edit(g);
  writeFileSync(goalPath(ws), JSON.stringify(g, null, 2) + '\n');
};
const project = (s: Sealed) => settingsPath(s.ws, 'settings.json');

describe('the seal', () => {
  describe('where the copies live', () => {
    it('in the workspace state and in the user state folder, keyed by the workspace real path', () => {
      const s = sealed();
      const copies = readSealCopies(s.ws, s.env);
      assert.equal(copies.inside.path, workspaceSealPath(s.ws));
      assert.equal(copies.outside.path, join(s.home, '.local', 'state', 'proofmeter', copies.outside.path.split('/').at(-2)!, 'seal.json'));
      assert.equal(copies.inside.state, 'ok');
      assert.equal(copies.outside.state, 'ok');
      assert.equal(copies.reference?.workspace, realWorkspace(s.ws));
    });

    const homes: Array<[string, NodeJS.ProcessEnv, NodeJS.Platform, string]> = [
      ['XDG_STATE_HOME when set', { HOME: '/h', XDG_STATE_HOME: '/x/state' }, 'linux', '/x/state'],
      ['~/.local/state without it', { HOME: '/h' }, 'linux', '/h/.local/state'],
      ['~/.local/state when XDG_STATE_HOME is relative (invalid by the spec)', { HOME: '/h', XDG_STATE_HOME: 'rel' }, 'linux', '/h/.local/state'],
      ['~/Library/Application Support on macOS', { HOME: '/h' }, 'darwin', '/h/Library/Application Support'],
    ];
    for (const [name, env, platform, want] of homes) it(`the state folder is ${name}`, () => assert.equal(stateHome(env, platform), want));
  });

  describe('what it records', () => {
    it('the goal with its text, the runner, guard and receipt digests, this machine\'s node, every settings level, HEAD and CI files', () => {
      const s = sealed();
      writeFileSync(join(s.ws, '.gitlab-ci.yml'), 'test:\n  script: npm test\n');
      const seal = takeSeal(s.ws, { by: 'reseal', parts: ['goal', 'meter', 'settings', 'content'], env: s.env, now: new Date(), places: s.places });
      assert.equal(seal.goal?.path, '.claude/proofmeter/goal.json');
      assert.deepEqual(goalSchema.parse(JSON.parse(seal.goal.text!)).items.map((i) => i.id), ['S1', 'S2']);
      assert.match(seal.meter.runner!.sha256, /^[0-9a-f]{64}$/);
      assert.equal(seal.meter.runner!.text, null, 'the runner by digest only');
      assert.ok(seal.meter.guard && seal.meter.receipt);
      assert.equal(seal.meter.node?.path, s.node);
      assert.deepEqual(seal.settings.map((x) => [x.level, x.state]), [['user', 'absent'], ['project', 'ok'], ['local', 'absent'], ['managed', 'absent']]);
      assert.ok(seal.settings[1]!.arming.entries.some((e) => e.event === 'Stop' && e.command.includes('/hook.sh hook stop')), 'the shared Stop entry starts the launcher');
      assert.ok(!seal.settings[1]!.arming.entries.some((e) => e.command.includes(s.node)), 'shared entries name no machine path; the seal has the node from the machine\'s hint');
      assert.equal(seal.content.gitHead, null, 'not a repository');
      assert.deepEqual(seal.content.ci.map((f) => [f.path, f.text]), [['.gitlab-ci.yml', 'test:\n  script: npm test\n']]);
      assert.ok(seal.content.snapshot && seal.content.snapshot.bytes > 0, 'the content analysis snapshot, by digest');
    });

    it('keeps settings env as digests, never the values', () => {
      const s = sealed();
      editJson(project(s), (j) => (j.env = { API_KEY: 'sk-secret-value' }));
      const seal = takeSeal(s.ws, { by: 'reseal', parts: ['settings'], env: s.env, now: new Date(), places: s.places });
      const text = JSON.stringify(seal);
      assert.ok(!text.includes('sk-secret-value'));
      assert.match(seal.settings[1]!.arming.env.API_KEY!, /^[0-9a-f]{64}$/);
    });
  });

  describe('the check', () => {
    it('nothing changed: no finding, and only the two copies are read; everything else is stat-ed', () => {
      const s = sealed();
      const reads: string[] = [];
      const stats: string[] = [];
      const { readFileSync, statSync } = sealFs;
      sealFs.readFileSync = ((p: string, o?: unknown) => (reads.push(String(p)), readFileSync(p, o as BufferEncoding))) as typeof readFileSync;
      sealFs.statSync = ((p: string) => (stats.push(String(p)), statSync(p))) as typeof statSync;
      try {
        assert.deepEqual(findings(s), []);
      } finally {
        sealFs.readFileSync = readFileSync;
        sealFs.statSync = statSync;
      }
      assert.deepEqual(reads.sort(), [outsideSealPath(realWorkspace(s.ws), s.env), workspaceSealPath(s.ws)].sort());
      for (const p of [goalPath(s.ws), join(s.ws, '.claude/proofmeter/proofmeter.js'), join(s.ws, '.claude/proofmeter/guard.sh'), s.node, project(s), s.managed]) assert.ok(stats.includes(p), `stat of ${p}`);
    });

    it('a file touched without a change is read again and is no finding', () => {
      const s = sealed();
      const later = new Date(Date.now() + 5000);
      utimesSync(join(s.ws, '.claude/proofmeter/proofmeter.js'), later, later);
      utimesSync(project(s), later, later);
      assert.deepEqual(findings(s), []);
    });

    it('settings rewritten with a key the seal does not keep (a model choice) are no finding', () => {
      const s = sealed();
      editJson(settingsPath(s.ws, 'settings.local.json'), (j) => (j.model = 'opus'));
      editJson(project(s), (j) => (j.model = 'sonnet'));
      assert.deepEqual(findings(s), []);
    });

    const RECOVER = /proofmeter doctor/;
    const changes: Array<{ name: string; change: (s: Sealed) => void; want: RegExp[] }> = [
      { name: 'goal.json deleted', change: (s) => rmSync(goalPath(s.ws)), want: [/^meter-tampered: The frozen goal \.claude\/proofmeter\/goal\.json is missing/] },
      { name: 'goal.json corrupted', change: (s) => writeFileSync(goalPath(s.ws), '{"version": 1, "items": "gone"'), want: [/^meter-tampered: The frozen goal .* is corrupt/] },
      { name: 'goal.json rewritten with fewer items', change: (s) => editJson(goalPath(s.ws), (j) => (j.items = goalSchema.parse(j).items.slice(0, 1))), want: [/^meter-tampered: The frozen goal .* was changed outside a freeze/] },
      { name: 'the runner replaced', change: (s) => writeFileSync(join(s.ws, '.claude/proofmeter/proofmeter.js'), 'console.log("verdict: ALL DONE")\n'), want: [/^meter-tampered: The meter's runner \.claude\/proofmeter\/proofmeter\.js was changed outside proofmeter install/] },
      { name: 'the runner deleted', change: (s) => rmSync(join(s.ws, '.claude/proofmeter/proofmeter.js')), want: [/^meter-tampered: The meter's runner .* is missing/] },
      { name: 'the guard front edited', change: (s) => writeFileSync(join(s.ws, '.claude/proofmeter/guard.sh'), '#!/bin/sh\nexit 0\n'), want: [/^meter-tampered: The meter's guard's sh front .* was changed/] },
      { name: 'the receipt script deleted', change: (s) => rmSync(join(s.ws, '.claude/proofmeter/receipt.sh')), want: [/^meter-tampered: The meter's Bash receipt script .* is missing/] },
      { name: 'the recorded node replaced', change: (s) => (rmSync(s.node), writeFileSync(s.node, '#!/bin/sh\necho fake node with other bytes\n')), want: [/^meter-tampered: The node the meter's hook entries run .* was replaced/] },
      { name: 'the workspace copy of the seal deleted', change: (s) => rmSync(workspaceSealPath(s.ws)), want: [/^meter-tampered: The workspace copy of the seal .* is missing; the copy in .* says this workspace was sealed/] },
      { name: 'the outside copy of the seal deleted', change: (s) => rmSync(outsideSealPath(realWorkspace(s.ws), s.env)), want: [/^meter-tampered: The seal's copy outside the workspace .* is missing/] },
      { name: 'the workspace copy of the seal edited', change: (s) => editJson(workspaceSealPath(s.ws), (j) => (j.goal = null)), want: [/^meter-tampered: The two copies of the seal differ/] },
      { name: 'the workspace copy of the seal corrupted', change: (s) => writeFileSync(workspaceSealPath(s.ws), '{'), want: [/^meter-tampered: The seal's copy .*seal\.json is not valid JSON/] },
      { name: 'goal.json and the workspace seal both deleted', change: (s) => (rmSync(goalPath(s.ws)), rmSync(workspaceSealPath(s.ws))), want: [/^meter-tampered: The workspace copy of the seal/, /^meter-tampered: The frozen goal .* is missing/] },
      { name: 'disableAllHooks set in the project settings', change: (s) => editJson(project(s), (j) => (j.disableAllHooks = true)), want: [/^hooks-disarmed: project settings changed since the goal was sealed: disableAllHooks went from null to true\./] },
      { name: 'disableAllHooks set in the user settings', change: (s) => editJson(join(s.home, '.claude', 'settings.json'), (j) => (j.disableAllHooks = true)), want: [/^hooks-disarmed: user settings changed .*disableAllHooks went from null to true/] },
      { name: 'the cap lowered in the local settings env', change: (s) => editJson(settingsPath(s.ws, 'settings.local.json'), (j) => (j.env = { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '1' })), want: [/^hooks-disarmed: local settings changed .*env CLAUDE_CODE_STOP_HOOK_BLOCK_CAP set to 1 \(Claude Code's cap on stop blocks, 8 by default\)/] },
      { name: 'PATH changed for hooks in the user settings', change: (s) => editJson(join(s.home, '.claude', 'settings.json'), (j) => (j.env = { PATH: '/tmp/evil' })), want: [/^hooks-disarmed: user settings changed .*env PATH set for hooks/] },
      { name: 'allowManagedHooksOnly in the managed settings', change: (s) => editJson(s.managed, (j) => (j.allowManagedHooksOnly = true)), want: [/^hooks-disarmed: managed settings changed .*allowManagedHooksOnly went from null to true/] },
      { name: 'the Stop entry removed', change: (s) => editSettings(project(s), (j) => delete j.hooks?.Stop), want: [/^hooks-disarmed: project settings changed .*the meter's Stop entry was removed/] },
      { name: 'the Stop entry pointed at another command', change: (s) => editSettings(project(s), (j) => (groupsOf(j, 'Stop')[0]!.hooks[0]!.command = 'node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook stop')), want: [/the meter's Stop entry was changed/] },
      { name: "the Stop entry's timeout cut", change: (s) => editSettings(project(s), (j) => (groupsOf(j, 'Stop')[0]!.hooks[0]!.timeout = 1)), want: [/the meter's Stop entry's timeout went from 600 to 1/] },
      { name: 'another Stop hook added beside the meter', change: (s) => editJson(settingsPath(s.ws, 'settings.local.json'), (j) => (j.hooks = { Stop: [{ hooks: [{ type: 'command', command: 'echo \'{"continue":false}\'' }] }] })), want: [/another Stop or SubagentStop hook was added/] },
      { name: 'the project settings made invalid JSON (Claude Code skips the file)', change: (s) => writeFileSync(project(s), '{ "hooks": '), want: [/^hooks-disarmed: project settings changed .*the meter's PreToolUse ExitPlanMode entry was removed/] },
    ];
    for (const row of changes) {
      it(`${row.name}: ${row.want.map((w) => w.source.replace(/^\^/, '').split(':')[0]).join(' and ')}`, () => {
        const s = sealed();
        row.change(s);
        const got = checkSeal(s.ws, s.env, { places: s.places });
        assert.equal(got.findings.length, row.want.length, got.findings.map((f) => f.message).join('\n'));
        row.want.forEach((w, i) => assert.match(`${got.findings[i]!.kind}: ${got.findings[i]!.message}`, w));
        for (const f of got.findings) {
          assert.equal(f.severity, 'error');
          assert.match(f.action, RECOVER);
          assert.match(f.id, /^F-[0-9a-z]{7}$/);
        }
        assert.equal(got.frozen, true);
      });
    }

    it('the same change gives the same finding id, another change another', () => {
      const s = sealed();
      editJson(project(s), (j) => (j.disableAllHooks = true));
      const a = checkSeal(s.ws, s.env, { places: s.places }).findings[0]!.id;
      assert.equal(checkSeal(s.ws, s.env, { places: s.places }).findings[0]!.id, a);
      editJson(project(s), (j) => (j.disableAllHooks = 'yes'));
      assert.notEqual(checkSeal(s.ws, s.env, { places: s.places }).findings[0]!.id, a);
    });

    describe('a goal with no seal (both copies removed)', () => {
      const UNSEALED = /^meter-tampered: The frozen goal \.claude\/proofmeter\/goal\.json has no seal \(neither copy exists\)/;
      const dropBoth = (s: Sealed) => {
        rmSync(workspaceSealPath(s.ws));
        rmSync(outsideSealPath(realWorkspace(s.ws), s.env));
      };
      const rows: Array<{ name: string; change: (s: Sealed) => void; want: RegExp[]; frozen: boolean }> = [
        { name: 'the goal left as frozen (or a goal from before the seal)', change: dropBoth, want: [UNSEALED], frozen: true },
        { name: 'goal.json replaced without the undone item', change: (s) => (dropBoth(s), editGoal(s.ws, (g) => (g.items = g.items.slice(0, 1)))), want: [UNSEALED], frozen: true },
        { name: "goal.json replaced with the undone item's proof made `true`", change: (s) => (dropBoth(s), editGoal(s.ws, (g) => (g.items[1]!.proof!.command = 'true'))), want: [UNSEALED], frozen: true },
        { name: 'goal.json replaced with no items at all', change: (s) => (dropBoth(s), editGoal(s.ws, (g) => (g.items = []))), want: [UNSEALED], frozen: true },
        { name: 'goal.json corrupt', change: (s) => (dropBoth(s), writeFileSync(goalPath(s.ws), 'not json')), want: [/^meter-tampered: The goal file \.claude\/proofmeter\/goal\.json is corrupt \(not a Proofmeter goal\), and no seal holds the goal\.$/], frozen: true },
        { name: 'only the outside copy removed, goal.json replaced', change: (s) => (rmSync(outsideSealPath(realWorkspace(s.ws), s.env)), editGoal(s.ws, (g) => (g.items = g.items.slice(0, 1)))), want: [/^meter-tampered: The seal's copy outside the workspace .* is missing/, /^meter-tampered: The frozen goal .* was changed outside a freeze/], frozen: true },
        { name: 'both copies there but unreadable', change: (s) => (writeFileSync(workspaceSealPath(s.ws), '{'), writeFileSync(outsideSealPath(realWorkspace(s.ws), s.env), '{')), want: [/is not valid JSON/, /is not valid JSON/], frozen: true },
        { name: 'goal.json removed too: no goal at all, nothing to count (the status line shows no goal, never ALL DONE)', change: (s) => (dropBoth(s), rmSync(goalPath(s.ws))), want: [], frozen: false },
      ];
      for (const row of rows) {
        it(`${row.name}: ${row.want.length ? row.want.map((w) => w.source.replace(/^\^/, '').split(':')[0]).join(' and ') : 'no finding'}`, () => {
          const s = sealed();
          row.change(s);
          const got = checkSeal(s.ws, s.env, { places: s.places });
          assert.equal(got.findings.length, row.want.length, got.findings.map((f) => f.message).join('\n'));
          row.want.forEach((w, i) => assert.match(`${got.findings[i]!.kind}: ${got.findings[i]!.message}`, w));
          for (const f of got.findings) assert.equal(f.severity, 'error');
          assert.equal(got.frozen, row.frozen);
          // With no seal there is no sealed goal to count instead.
          if (!got.sealed) assert.equal(got.sealedGoal, null);
        });
      }

      it('the finding names the way back, and its id follows the goal bytes', () => {
        const s = sealed();
        dropBoth(s);
        const a = checkSeal(s.ws, s.env, { places: s.places }).findings[0]!;
        assert.match(a.action, /proofmeter doctor --reseal/);
        assert.match(a.action, /proofmeter adopt/);
        assert.equal(checkSeal(s.ws, s.env, { places: s.places }).findings[0]!.id, a.id);
        editGoal(s.ws, (g) => (g.items = g.items.slice(0, 1)));
        assert.notEqual(checkSeal(s.ws, s.env, { places: s.places }).findings[0]!.id, a.id);
      });

      it('the tally: the replaced goal reads NOT DONE, naming meter-tampered', () => {
        const s = sealed();
        dropBoth(s);
        editGoal(s.ws, (g) => (g.items = []));
        const t = tallyWorkspace({ cwd: s.ws, env: s.env });
        assert.equal(t.verdict, 'not-done');
        assert.deepEqual(t.integrity.filter((f) => f.severity === 'error').map((f) => f.kind), ['meter-tampered']);
      });

      it('the stop gate holds the stop with the finding', async () => {
        const s = sealed();
        dropBoth(s);
        editGoal(s.ws, (g) => (g.items = []));
        const r = await gate('stop', payload('stop-first'), { root: join(s.ws, '..'), ws: s.ws, home: s.home, env: s.env });
        assert.equal(r.json?.decision, 'block');
        assert.equal(r.answer.outcome, 'block-tampered');
        assert.match(blockReason(r), /meter-tampered \(F-\w+\): The frozen goal \.claude\/proofmeter\/goal\.json has no seal/);
      });

      it('resealed by the person (doctor --reseal, as the product takes it): no finding', () => {
        const s = sealed();
        dropBoth(s);
        takeSeal(s.ws, { by: 'reseal', parts: ['goal', 'meter', 'settings', 'content'], env: s.env, now: new Date(Date.now() + 5000), places: s.places });
        assert.deepEqual(findings(s), []);
      });
    });

    it('a workspace moved or copied keeps its seal: the outside copy is found under the path it was taken at', () => {
      const s = sealed();
      const moved = join(s.ws, '..', 'moved');
      cpSync(s.ws, moved, { recursive: true, preserveTimestamps: true });
      const got = checkSeal(moved, { ...s.env, CLAUDE_PROJECT_DIR: moved }, { places: s.places });
      assert.deepEqual(got.findings.map((f) => f.message), []);
      rmSync(outsideSealPath(realWorkspace(s.ws), s.env));
      assert.match(checkSeal(moved, s.env, { places: s.places }).findings[0]!.message, /outside the workspace .* is missing/);
    });
  });

  describe('taking it again', () => {
    it('a new freeze retakes the goal and carries the settings, so an unreviewed change stays a finding', () => {
      const s = sealed();
      editJson(project(s), (j) => (j.disableAllHooks = true));
      const next = PLAN + '- S3. More. Proof: `test -f more.txt`\n';
      writeFileSync(join(s.ws, 'PLAN.md'), next);
      const r = freezePlan({ workspace: s.ws, planText: next, planFile: join(s.ws, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(), stateEnv: s.env });
      assert.equal(r.kind, 'frozen');
      assert.deepEqual(findings(s).map((f) => f.split(':')[0]), ['hooks-disarmed']);
    });

    it('install retakes the meter and the settings and carries the goal', () => {
      const s = sealed();
      writeFileSync(join(s.ws, '.claude/proofmeter/proofmeter.js'), 'garbage');
      editGoal(s.ws, (g) => (g.items = []));
      assert.equal(resealMeter(s.ws, s.env, 'install'), true);
      const seal = readSealCopies(s.ws, s.env).reference!;
      assert.equal(seal.takenBy, 'install');
      // The managed level is read from the platform's place when install reseals; this test's file is absent too.
      assert.deepEqual(checkSeal(s.ws, s.env, { places: s.places }).findings.map((f) => f.message), ['The frozen goal .claude/proofmeter/goal.json was changed outside a freeze; the goal as sealed is what counts.']);
    });
  });

  describe('the tally', () => {
    const cases: Array<{ name: string; change: (s: Sealed) => void; kinds: string[] }> = [
      { name: 'goal.json deleted: counted against the sealed goal, NOT DONE, naming meter-tampered', change: (s) => rmSync(goalPath(s.ws)), kinds: ['meter-tampered'] },
      { name: 'goal.json emptied of items: still the sealed items', change: (s) => editGoal(s.ws, (g) => (g.items = [])), kinds: ['meter-tampered'] },
      { name: 'goal.json and both seal copies kept but corrupt goal: the sealed items', change: (s) => writeFileSync(goalPath(s.ws), '{'), kinds: ['meter-tampered'] },
      { name: 'disableAllHooks set: NOT DONE, naming hooks-disarmed', change: (s) => editJson(project(s), (j) => (j.disableAllHooks = true)), kinds: ['hooks-disarmed'] },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const s = sealed();
        c.change(s);
        const t = tallyWorkspace({ cwd: s.ws, env: s.env });
        assert.equal(t.verdict, 'not-done');
        assert.deepEqual(t.items.map((i) => i.id), ['S1', 'S2']);
        assert.deepEqual(t.integrity.map((f) => f.kind), c.kinds);
      });
    }

    it('a file written within the racy window of the seal is read again even when its stat did not move', () => {
      const s = sealed();
      takeSeal(s.ws, { by: 'reseal', parts: ['goal', 'meter', 'settings', 'content'], env: s.env, now: new Date(), places: s.places });
      const reads: string[] = [];
      const { readFileSync } = sealFs;
      sealFs.readFileSync = ((p: string, o?: unknown) => (reads.push(String(p)), readFileSync(p, o as BufferEncoding))) as typeof readFileSync;
      try {
        assert.deepEqual(findings(s), []);
      } finally {
        sealFs.readFileSync = readFileSync;
      }
      assert.ok(reads.includes(goalPath(s.ws)) && reads.includes(join(s.ws, '.claude/proofmeter/proofmeter.js')), reads.join('\n'));
    });

    it("a proof's script trivialised after the seal: the content analysis's finding is in the tally", () => {
      const s = sealed();
      const plan = '# Check\n\n## Steps\n- S1. Pass the check. Proof: `sh check.sh`\n';
      writeFileSync(join(s.ws, 'check.sh'), 'set -e\ntest -f made.txt\ngrep -q ok made.txt\n');
      writeFileSync(join(s.ws, 'PLAN.md'), plan);
      freezePlan({ workspace: s.ws, planText: plan, planFile: join(s.ws, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(Date.now() + 5000), stateEnv: s.env });
      assert.deepEqual(tallyWorkspace({ cwd: s.ws, env: s.env }).integrity, []);
      writeFileSync(join(s.ws, 'check.sh'), 'exit 0\n');
      const t = tallyWorkspace({ cwd: s.ws, env: s.env });
      assert.equal(t.verdict, 'not-done');
      assert.ok(t.integrity.some((f) => f.kind === 'checker-trivialized' && f.file === 'check.sh'), JSON.stringify(t.integrity));
    });

    it('the content snapshot deleted beside the workspace copy: meter-tampered, the outside copy still compares', () => {
      const s = sealed();
      rmSync(join(s.ws, '.claude', 'proofmeter', 'seal-content.json'));
      const t = tallyWorkspace({ cwd: s.ws, env: s.env });
      assert.deepEqual(t.integrity.map((f) => [f.kind, /content snapshot beside the workspace copy .* is missing/.test(f.message)]), [['meter-tampered', true]]);
    });

    it('goal.json gone and the seal kept no text: a stand-in with no items, NOT DONE', () => {
      const s = sealed();
      editJson(workspaceSealPath(s.ws), (j) => (j.goal = { ...z.record(z.unknown()).parse(j.goal), text: null }));
      editJson(outsideSealPath(realWorkspace(s.ws), s.env), (j) => (j.goal = { ...z.record(z.unknown()).parse(j.goal), text: null }));
      rmSync(goalPath(s.ws));
      const t = tallyWorkspace({ cwd: s.ws, env: s.env });
      assert.equal(t.verdict, 'not-done');
      assert.deepEqual(t.items, []);
      assert.ok(t.integrity.some((f) => f.kind === 'meter-tampered' && /missing/.test(f.message)));
      assert.equal(readGoal(s.ws).kind, 'none');
    });
  });
});

describe("the guard keeps the seal's outside copy", () => {
  it('denies a Bash removal and a Write of the outside copy, like the workspace state', async () => {
    const w = workspace();
    const outside = join(w.home, '.local', 'state', 'proofmeter', 'abc', 'seal.json');
    const rm = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: `rm -f ${outside}` } }), w);
    assert.equal(rm.answer.outcome, 'deny');
    const wr = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_name: 'Write', tool_input: { file_path: outside, content: '{}' } }), w);
    assert.equal(wr.answer.outcome, 'deny');
    const other = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: `rm -f ${join(w.home, '.local', 'state', 'other-tool', 'x')}` } }), w);
    assert.equal(other.answer.outcome, 'allow');
  });
});

describe('the gates the person sees say so', () => {
  it('with the seal broken, the prompt and session-start answers carry a notice naming the finding and proofmeter doctor; intact, none', async () => {
    const w = workspace();
    writeFileSync(join(w.ws, 'PLAN.md'), PLAN);
    const r = freezePlan({ workspace: w.ws, planText: PLAN, planFile: join(w.ws, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(), stateEnv: w.env });
    assert.equal(r.kind, 'frozen');
    const intact = await gate('prompt', payload('prompt-typed', { cwd: w.ws }), w);
    assert.ok(!String(intact.json?.systemMessage ?? '').includes('meter-tampered'));
    rmSync(goalPath(w.ws));
    for (const [name, fixture] of [['prompt', 'prompt-typed'], ['session-start', 'session-start-startup']] as const) {
      const a = await gate(name, payload(fixture, { cwd: w.ws }), w);
      assert.match(systemMessage(a), /Proofmeter: meter-tampered: The frozen goal \.claude\/proofmeter\/goal\.json is missing.* Run `proofmeter doctor`\./, name);
    }
  });
});
