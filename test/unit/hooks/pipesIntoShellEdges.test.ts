// The edges of reading a pipe into a shell: which stages run what comes down the pipe as code (a
// shell reading its standard input, xargs handing it to one) and which only take it as data, and
// which stages in front count as rewriting it. Each row is read by pipesRewrittenIntoShell alone,
// without the rest of the guard, so a row shows that one rule.
import { strict as assert } from 'node:assert';
import { parse } from '../../../src/core/shell/parse';
import { hidesPath, pipesRewrittenIntoShell } from '../../../src/hooks/hiddenCode';

const B64 = 'cm0gLXJmIC5jbGF1ZGU=';
const piped = (command: string) => pipesRewrittenIntoShell(parse(command).list, command);

describe('a pipe hands rewritten text to a shell only through a stage that runs its input as code', () => {
  // [what the row shows, the command, whether rewritten text reaches a shell as code]
  const rows: Array<[string, string, boolean]> = [
    ['a decoder in front of sh', `echo ${B64} | base64 -d | sh`, true],
    ['a decoder in front of a tool that is no shell', `echo ${B64} | base64 -d | cat`, false],
    ['a decoder in front of xargs running a tool that is no shell', `echo ${B64} | base64 -d | xargs rm`, false],
    ['a decoder after the shell, which reads only plain text', 'echo hi | sh | base64 -d', false],
    ['a decoder in front of sh -c, which runs its own code and takes the input as data', `echo ${B64} | base64 -d | sh -c 'cat'`, false],
    ['a decoder in front of sh given a script file, which reads the file', `echo ${B64} | base64 -d | sh script.sh`, false],
    ['a decoder in front of sh -c with its code missing, which runs nothing', `echo ${B64} | base64 -d | sh -c`, false],
    ['a decoder in front of bash -ec with its code missing', `echo ${B64} | base64 -d | bash -ec`, false],
    ['a decoder in front of bash -ce with its code missing', `echo ${B64} | base64 -d | bash -ce`, false],
    ['a decoder in front of bash --norc, which reads its input', `echo ${B64} | base64 -d | bash --norc`, true],
    ['a decoder in front of sh -s', `echo ${B64} | base64 -d | sh -s`, true],
    ['a decoder in front of bash -x', `echo ${B64} | base64 -d | bash -x`, true],
    ['a decoder in front of a subshell whose second command is a shell', `echo ${B64} | base64 -d | (cat; sh)`, true],
    ['a decoder in front of xargs sh', `echo ${B64} | base64 -d | xargs sh`, true],
  ];
  for (const [name, command, want] of rows) it(`${name}: ${JSON.stringify(command)} ${want ? 'is' : 'is not'} read as one`, () => assert.equal(piped(command), want));
});

describe('a substitution hides a path only when the text its rewriter reads is spelled in the command', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a reverse of a file, piped into echo, which ignores its input', '"$(rev names.txt | echo x)"', false],
    ['a reverse of a here-string given to cat in front of it', '"$(cat <<< edualc. | rev)"', true],
    ['a reverse of a here-string given to a subshell of cat in front of it', '"$( (cat) <<< edualc. | rev)"', true],
    ['a reverse of a subshell whose first command echoes', '"$( (echo edualc.; cat n.txt) | rev)"', true],
  ];
  for (const [name, word, want] of rows) it(`${name}: ${JSON.stringify(word)} ${want ? 'hides' : 'does not hide'} a path`, () => assert.equal(hidesPath(word), want));
});
