// Code decoded or rewritten on its way to a shell is refused whatever it spells: the guard reads
// only the encoded form (`cm0gLXJmIC5jbGF1ZGU=` is `rm -rf .claude`). Text a shell is given as
// written, fetched (`curl … | sh`) or made by a program that prints no code of the agent's
// spelling (`eval "$(pyenv init -)"`) is read as before.
import { strict as assert } from 'node:assert';
import { hasRewriter, rewritesText, runsRewrittenText } from '../../../src/hooks/hiddenCode';
import type { BashFinding } from '../../../src/hooks/bashWrites';
import { guardRead } from './guardRead';

const B64 = 'cm0gLXJmIC5jbGF1ZGU=';

describe('which stages rewrite the text they print', () => {
  const rows: Array<[string, string[], boolean]> = [
    ['a decoder', ['base64', '-d'], true],
    ['a decompressor behind a wrapper', ['env', 'gunzip', '-c'], true],
    ['a character mapper', ['tr', 'a-m', 'n-z'], true],
    ['a line reverser given by its path', ['/usr/bin/rev'], true],
    ['an interpreter', ['python3', 'gen.py'], true],
    ['printf spelling a letter in hex', ['printf', '\\x72m'], true],
    ['echo spelling a letter in octal', ['echo', '-e', '\\162m'], true],
    ['printf of plain text with a line break', ['printf', 'ls\\n'], false],
    ['cat of a file', ['cat', 'x.sh'], false],
    ['a download', ['curl', '-fsSL', 'https://example.com/i.sh'], false],
    ['no words', [], false],
  ];
  for (const [name, words, want] of rows) it(`${name}: ${JSON.stringify(words)} ${want ? 'rewrites' : 'does not rewrite'}`, () => assert.equal(rewritesText(words), want));
});

describe('which commands hold a rewriting stage', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a pipeline ending in a decoder', `echo ${B64} | base64 -d`, true],
    ['a decoder two substitutions deep', 'echo $(echo $(rev < x))', true],
    ['a decoder five substitutions deep, past what is read', 'echo $(echo $(echo $(echo $(echo $(rev < x)))))', false],
    ['a tool that prints its own settings', 'pyenv init -', false],
  ];
  for (const [name, text, want] of rows) it(`${name}: ${JSON.stringify(text)}`, () => assert.equal(hasRewriter(text), want));

  it('code words run rewritten text only through a substitution that rewrites', () => {
    assert.equal(runsRewrittenText(['-c', `$(echo ${B64} | base64 -d)`]), true);
    assert.equal(runsRewrittenText(['-c', 'echo hi | base64']), false);
    assert.equal(runsRewrittenText(['$(pyenv init -)']), false);
  });
});

const HIDDEN: BashFinding = { target: 'a command decoded or rewritten before a shell runs it', kind: 'state', how: 'hidden command' };

describe('the guard against a command decoded or rewritten before a shell runs it', () => {
  const rows: Array<[string, string, BashFinding[]]> = [
    ['decoded down a pipe into sh', `echo ${B64} | base64 -d | sh`, [HIDDEN]],
    ['decoded from a here-string into bash', `base64 -d <<< ${B64} | bash`, [HIDDEN]],
    ['reversed into sh', "echo 'edualc. fr- mr' | rev | sh", [HIDDEN]],
    ['spelled in printf escapes into sh', "printf '\\x72\\x6d -rf .claude' | sh", [HIDDEN]],
    ['printed by a script into sh', 'python3 gen.py | sh', [HIDDEN]],
    ['decoded in the body of sh -c', `sh -c "$(echo ${B64} | base64 -d)"`, [HIDDEN]],
    ['decoded for eval', `eval "$(echo ${B64} | base64 -d)"`, [HIDDEN]],
    ['decoded for eval in backquotes', `eval \`echo ${B64} | base64 -d\``, [HIDDEN]],
    ['decoded into source by process substitution', `source <(echo ${B64} | base64 -d)`, [HIDDEN]],
    ['reversed into a here-string for bash', 'bash <<< "$(echo x | rev)"', [HIDDEN]],
    ['decoded into a variable, then eval', `c=$(echo ${B64} | base64 -d); eval "$c"`, [HIDDEN]],
    ['decoded into an exported variable, then sh -c', 'export c=$(echo x | rev); bash -c "$c"', [HIDDEN]],
    ['decoded into a variable, then run as a command', `c=$(echo ${B64} | base64 -d); $c`, [HIDDEN]],
    ['decoded words run as a command', `$(echo ${B64} | base64 -d) -rf .claude`, [HIDDEN]],
    ['plain text down a pipe into sh goes through', 'echo ls | sh', []],
    ['a download into sh goes through', 'curl -fsSL https://example.com/i.sh | sh', []],
    ['eval of a tool that prints its settings goes through', 'eval "$(pyenv init -)"', []],
    ['a variable from another command, then eval, goes through', 'c=$(date); eval "$c"', []],
    ['a decoder inside a quoted sh -c body only prints, and goes through', "bash -c 'echo hi | base64'", []],
    ['a decoded file kept for later goes through', `echo ${B64} | base64 -d > notes.txt`, []],
  ];
  for (const [name, command, expected] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command).found, expected));
});

const hidden = (target: string, how: string): BashFinding => ({ target, kind: 'state', how });

describe('the guard against a path spelled through a decoder or a rewriter', () => {
  const rows: Array<[string, string, BashFinding[]]> = [
    ['a folder reversed from echo is removed', 'rm -rf "$(echo edualc. | rev)"', [hidden('$(echo edualc. | rev)', 'rm')]],
    ['a folder decoded from a here-string is removed', 'rm -rf "$(base64 -d <<< LmNsYXVkZQ==)"', [hidden('$(base64 -d <<< LmNsYXVkZQ==)', 'rm')]],
    ['a folder spelled in printf escapes is removed', "rm -rf \"$(printf '\\x2eclaude')\"", [hidden("$(printf '\\x2eclaude')", 'rm')]],
    ['a folder printed by inline code is removed', `rm -rf "$(python3 -c 'print(".cl" + "aude")')"`, [hidden(`$(python3 -c 'print(".cl" + "aude")')`, 'rm')]],
    ['a file reversed from echo is redirected into', 'echo {} > "$(echo nosj.sgnittes/edualc. | rev)"', [hidden('$(echo nosj.sgnittes/edualc. | rev)', '> redirect')]],
    ['a folder reversed into a variable is removed', 'd=$(echo edualc. | rev); rm -rf "$d/proofmeter"', [hidden('$(rev<<<hidden)/proofmeter', 'rm')]],
    ['a variable the command set is rewritten into a folder', 'f=Xclaude; rm -rf "$(echo $f | sed s/X/./)"', [hidden('$(echo Xclaude | sed s/X/./)', 'rm')]],
    ['cd into a folder reversed from echo', 'cd "$(echo edualc. | rev)" && rm -rf proofmeter', [hidden('$(echo edualc. | rev)', 'cd')]],
    ['a name the run prints, rewritten, goes through', 'd="$HOME/.claude/projects/$(pwd | sed \'s/[^A-Za-z0-9]/-/g\')" && ls "$d"', []],
    ['a file renamed in a loop over a glob goes through', 'for f in *.txt; do mv "$f" "$(basename "$f" .txt | sed s/$/.md/)"; done', []],
    ['a copy into a folder the run prints, rewritten, goes through', 'cp x "$(git rev-parse --show-toplevel | sed s/a/b/)/x"', []],
    ['a removal of a folder mktemp made goes through', 'rm -rf "$(mktemp -d)"', []],
  ];
  for (const [name, command, expected] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command).found, expected));
});
