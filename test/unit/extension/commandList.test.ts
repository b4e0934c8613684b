import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../../../src/extension/commandIds';

const ROOT = join(__dirname, '..', '..', '..');
const pkg: unknown = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

interface Contributes {
  commands: Array<{ command: string; title?: string; category?: string }>;
  walkthroughs?: Array<{ steps: Array<{ media?: { markdown?: string } }> }>;
}

function contributes(): Contributes {
  return (pkg as { contributes: Contributes }).contributes;
}

/** Every `"command": "proofmeter.…"` field anywhere in the manifest: commands, menus, keybindings. */
function commandFields(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const x of node) commandFields(x, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'command' && typeof v === 'string' && v.startsWith('proofmeter.')) out.push(v);
      else commandFields(v, out);
    }
  }
  return out;
}

/** Commands named inside text: `command:` links and `onCommand:` events (walkthrough, activation). */
function commandMentions(text: string): string[] {
  return [...text.matchAll(/(?:command:|onCommand:)(proofmeter\.[A-Za-z]+)/g)].map((m) => m[1]!);
}

// Built in each test that uses it, so the command list is read while a test runs, not at load time.
const listedOf = (): Set<string> => new Set<string>(COMMANDS);

describe('the command list', () => {
  it('package.json contributes exactly the commands of the list, each once', () => {
    const listed = listedOf();
    const contributed = contributes().commands.map((c) => c.command);
    assert.deepEqual(contributed.filter((c) => !listed.has(c)), [], 'contributed but not in src/extension/commandIds.ts');
    assert.deepEqual(COMMANDS.filter((c) => !contributed.includes(c)), [], 'in the list but not contributed');
    assert.equal(new Set(contributed).size, contributed.length, 'a command contributed twice');
  });

  it('every contributed command has a title in the Proofmeter category', () => {
    for (const c of contributes().commands) {
      assert.ok(c.title, c.command);
      assert.equal(c.category, 'Proofmeter', c.command);
    }
  });

  it('every menu, keybinding, walkthrough link and completion event names a command of the list', () => {
    const listed = listedOf();
    const named = [...commandFields(pkg), ...commandMentions(JSON.stringify(pkg))];
    assert.ok(named.length > COMMANDS.length, 'the manifest was read');
    assert.deepEqual([...new Set(named.filter((c) => !listed.has(c)))], []);
  });

  it('the walkthrough pages link only commands of the list', () => {
    const listed = listedOf();
    const pages = (contributes().walkthroughs ?? []).flatMap((w) => w.steps.flatMap((s) => (s.media?.markdown ? [s.media.markdown] : [])));
    assert.ok(pages.length > 0, 'the walkthrough has pages');
    const named = pages.flatMap((p) => commandMentions(readFileSync(join(ROOT, p), 'utf8')));
    assert.deepEqual(named.filter((c) => !listed.has(c)), []);
  });

  // onWebviewPanel stays: a panel's view type has no contribution point to generate it from, and
  // restoring the dashboard after a reload needs the extension active to register its serializer.
  it('activation events name no command and no view: VS Code activates on contributed ones by itself since 1.74', () => {
    const { activationEvents, engines } = pkg as { activationEvents: string[]; engines: { vscode: string } };
    const [major, minor] = (/(\d+)\.(\d+)/.exec(engines.vscode) ?? []).slice(1).map(Number);
    assert.ok(major! > 1 || minor! >= 74, `engines.vscode ${engines.vscode} is older than 1.74`);
    assert.deepEqual(activationEvents.filter((e) => e.startsWith('onCommand:') || e.startsWith('onView:')), []);
  });
});
