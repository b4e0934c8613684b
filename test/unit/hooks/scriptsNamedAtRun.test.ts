// Scripts the guard must read before they run, named in ways a reader of plain words would skip:
// a glob (`sh ./t*.sh`, bash runs its first match), an expansion the guard knows (`$PWD`), a name
// the command makes only as it runs (`f=$(ls …); sh $f`), and names piped to `xargs sh`. Each is
// read from the files it names, or refused when no file can be named; writes into a script through
// such names count as writes into it.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bashReason } from '../../../src/hooks/guardReasons';
import { UNNAMED_SCRIPT, UNSEEN_SCRIPT } from '../../../src/hooks/scriptsMadeHere';
import { guardRead } from './guardRead';

const scripts = (ws: string) => {
  writeFileSync(join(ws, 'tidy.sh'), 'rm -rf .claude/proofmeter\n');
  writeFileSync(join(ws, 'tidy.py'), 'import shutil; shutil.rmtree(".claude/proofmeter")\n');
  writeFileSync(join(ws, 'ok.sh'), 'echo ok\n');
};
const how = (command: string) => guardRead(command, scripts).found.map((f) => f.how);

describe('a script named by a glob or an expansion is read from the files it names', () => {
  // [what the row shows, the command, what the guard finds]
  const rows: Array<[string, string, string[]]> = [
    ['a ? glob run by sh', 'sh tid?.sh', ['rm']],
    ['a star glob after ./', 'sh ./t*.sh', ['rm']],
    ['an extglob group', 'bash t@(idy).sh', ['rm']],
    ['a glob sourced', '. ./t*.sh', ['rm']],
    ['a glob given to python3', 'python3 t*.py', ['python3 t*.py']],
    ['a $PWD path', 'sh $PWD/tidy.sh', ['rm']],
    ['the project folder variable', 'sh $CLAUDE_PROJECT_DIR/tidy.sh', ['rm']],
    ['a glob piped into sh through cat', 'cat t*.sh | sh', ['rm']],
    ['a for loop over a glob', 'for f in t*.sh; do sh $f; done', ['rm']],
    ['names listed to xargs sh', 'ls t*.sh | xargs sh', ['rm']],
    ['a name echoed to xargs bash', 'echo tidy.sh | xargs bash', ['rm']],
    ['a name echoed to xargs python3', 'echo tidy.py | xargs python3', ['xargs python3']],
  ];
  for (const [name, command, want] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(how(command), want));
});

describe('a script named only when the command runs is refused', () => {
  const rows: Array<[string, string]> = [
    ['a variable set from a substitution', 'f=$(ls t*.sh); sh $f'],
    ['a temporary file written, then run by its variable', "f=$(mktemp); echo 'rm -rf .claude' > $f; sh $f"],
    ['a name from backquotes', 'sh `ls t*`'],
    ['a variable from the environment given to python3', 'python3 $SCRIPT'],
    ['a path under a substitution given to node', 'node $(npm root)/x.js'],
    ['a file fed to bash on standard input by a variable', 'bash < $f'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, scripts).found, [UNNAMED_SCRIPT]));
  it('names found by find and handed to xargs sh are named only when it runs', () => {
    assert.ok(how("find . -name 't*.sh' | xargs sh").includes(UNNAMED_SCRIPT.how));
  });
  it('the refusal says to name the script\'s path', () => {
    assert.match(bashReason(UNNAMED_SCRIPT), /^Proofmeter guard: this command runs a script whose name it makes only as it runs.*Name the script's path in the command/);
  });
});

describe('a write through a glob or an expansion into a script run after it counts', () => {
  const rows: Array<[string, string]> = [
    ['written through $PWD, run by its name', "echo 'rm -rf .claude' > $PWD/ok.sh; sh ok.sh"],
    ['written through a variable the command set', "f=ok.sh; echo 'rm -rf .claude' > $f; sh ok.sh"],
    ['written through an extglob group', "echo 'rm -rf .claude' > o@(k).sh; sh ok.sh"],
    ['written by its name, run through a glob', 'echo x > ok.sh; sh o*.sh'],
    ['written by its name, run through a glob that matches nothing yet', 'echo x > new.sh; sh n*.sh'],
    ['written somewhere known only when it runs, then a script run', 'echo x > "$out"; sh ok.sh'],
    ['written by name, then run through $PWD', 'echo x > ok.sh; sh $PWD/ok.sh'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, scripts).found, [UNSEEN_SCRIPT]));
});

describe('scripts named plainly, and pipes that run none, go through', () => {
  const rows: Array<[string, string]> = [
    ['a script that is there', 'sh ok.sh'],
    ['a glob naming only a harmless script', 'sh o?.sh'],
    ['a harmless name listed to xargs sh', 'ls ok.sh | xargs sh'],
    ['a log written elsewhere before a script runs', 'npm test > /tmp/log.txt; sh ok.sh'],
    ['names handed to a tool that is no shell', "find . -name '*.ts' | xargs grep -l x"],
    ['xargs running sh -c with its own code', "ls | xargs -I{} sh -c 'echo {}'"],
    ['a shell option taking a word, with -c', "bash -o pipefail -c 'echo hi'"],
    ['a Python module', 'python3 -m pytest -q'],
    ['a startup file by ~', 'source ~/.bashrc'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, scripts).found, []));
});
