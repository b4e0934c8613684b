// Paths spelled through the folders the shell keeps and the paths commands print: `$HOME` and
// `$PWD` set by the command, for itself or for a shell it runs (`~` and `cd` alone follow
// `$HOME`), `$OLDPWD`, `cd -` and `popd` after a `cd` or `pushd`, `$(cd DIR && pwd)` read as the
// folder, and a substitution given the `.claude` folder (`$(realpath .cl*)`, `$(readlink -f
// .claude)`) used in a path or kept in a variable. Each is refused; the same spellings of other
// folders go through.
import { strict as assert } from 'node:assert';
import { guardRead, withMeter } from './guardRead';

describe('a path of the meter\'s reached through a folder the shell keeps or a command prints is refused', () => {
  // [what the row shows, the command, the target shown]
  const rows: Array<[string, string, string]> = [
    ['~ after HOME is set to the .claude folder', 'HOME=$PWD/.claude; rm -rf ~/proofmeter', '.claude/proofmeter'],
    ['$HOME after it is exported as the .claude folder', 'export HOME=$PWD/.claude; rm -rf $HOME/proofmeter', '.claude/proofmeter'],
    ['cd alone after HOME is set to the .claude folder', 'HOME=$PWD/.claude; cd; rm -rf proofmeter', '.claude/proofmeter'],
    ['$PWD after it is set to the .claude folder', 'PWD=$PWD/.claude; rm -rf $PWD/proofmeter', '.claude/proofmeter'],
    ['cd - back into the .claude folder', 'cd .claude; cd /tmp; cd -; rm -rf proofmeter', '.claude/proofmeter'],
    ['$OLDPWD after leaving the .claude folder', 'cd .claude; cd /tmp; rm -rf $OLDPWD/proofmeter', '.claude/proofmeter'],
    ['$OLDPWD after leaving the .claude folder for its parent', 'cd .claude && cd .. && rm -rf $OLDPWD/proofmeter', '.claude/proofmeter'],
    ['cd - back into the .claude folder in one chain', 'cd .claude && cd /tmp && cd - && rm -rf proofmeter', '.claude/proofmeter'],
    ['$OLDPWD after leaving the state folder, where a later cd may have failed', 'cd .claude/proofmeter; cd /tmp; rm -rf $OLDPWD/goal.json', '.claude/proofmeter/goal.json'],
    ['$PWD set by the command, then a cd into the .claude folder', 'PWD=/tmp && cd .claude && rm -rf $PWD/proofmeter', '.claude/proofmeter'],
    ['popd with nothing pushed stays in the .claude folder', 'cd .claude && popd; rm -rf proofmeter', '.claude/proofmeter'],
    ['popd back into the .claude folder in one chain', 'pushd .claude && pushd /tmp && popd && rm -rf proofmeter', '.claude/proofmeter'],
    ['pushd alone back into the .claude folder in one chain', 'cd .claude && pushd /tmp && pushd && rm -rf proofmeter', '.claude/proofmeter'],
    ['a wrapper\'s own word sets no variable for the shell it runs', "env sh -c 'rm -rf .cl${en}aude/proofmeter'", '.claude/proofmeter'],
    ['popd back into the .claude folder', 'pushd .claude; pushd /tmp; popd; rm -rf proofmeter', '.claude/proofmeter'],
    ['pushd alone back into the .claude folder', 'cd .claude; pushd /tmp; pushd; rm -rf proofmeter', '.claude/proofmeter'],
    ['cd - after OLDPWD is set to the .claude folder', 'OLDPWD=$PWD/.claude; cd -; rm -rf proofmeter', '.claude/proofmeter'],
    ['HOME set from $OLDPWD', 'cd /tmp; HOME=$OLDPWD/.claude; rm -rf ~/proofmeter', '.claude/proofmeter'],
    ['a path built on cd into the .claude folder and pwd, read as the folder', 'rm -rf "$(cd .claude && pwd)/proofmeter"', '.claude/proofmeter'],
    ['cd - and pwd inside a substitution', 'cd .claude; cd ..; rm -rf "$(cd - && pwd)/proofmeter"', '.claude/proofmeter'],
    ['cd alone and pwd inside a substitution after HOME is set', 'HOME=$PWD/.claude; rm -rf "$(cd && pwd -P)/proofmeter"', '.claude/proofmeter'],
    ['cd and pwd in backquotes', 'rm -rf "`cd .claude; pwd`/proofmeter"', '.claude/proofmeter'],
    ['a variable holding what cd into .claude and pwd print', 'x=$(cd .claude && pwd); rm -rf $x/proofmeter', '.claude/proofmeter'],
    ['a variable holding what readlink -f prints of the .claude folder', 'x=$(readlink -f .claude); rm -rf $x/proofmeter', '$(readlink -f .claude)/proofmeter'],
    ['HOME set to what realpath prints of the .claude folder', 'HOME=$(realpath .claude); rm -rf ~/proofmeter', '$(realpath .claude)/proofmeter'],
    ['realpath of a glob that matches the .claude folder', 'd=$(realpath .cl*); rm -rf $d/proofmeter', '$(realpath .cl*)/proofmeter'],
    ['dirname of a path inside the .claude folder', 'd=$(dirname .claude/x); rm -rf $d/proofmeter', '$(dirname .claude/x)/proofmeter'],
    ['a folder nested two substitutions deep', 'rm -rf "$(realpath "$(ls -d .claude)")/proofmeter"', '$(realpath "$(ls -d .claude)")/proofmeter'],
    ['read from a here-string of such a substitution', 'read d <<< "$(readlink -f .claude)"; rm -rf $d/proofmeter', '$(readlink -f .claude)/proofmeter'],
    ['mapfile of such a substitution', 'mapfile -t a <<< "$(readlink -f .claude)"; rm -rf ${a[0]}/proofmeter', '$(readlink -f .claude)/proofmeter'],
    ['printf -v of such a substitution', 'printf -v d %s "$(readlink -f .claude)"; rm -rf $d/proofmeter', '$(readlink -f .claude)/proofmeter'],
    ['the first of two names read from such a substitution', 'read a b <<< "$(readlink -f .claude) x"; rm -rf $a/proofmeter', '$(readlink -f .claude) x/proofmeter'],
    ['an ANSI-C escape spelling the dot inside the substitution', `rm -rf "$(cd $'\\x2eclaude' && pwd)/proofmeter"`, `$(cd $'\\x2eclaude' && pwd)/proofmeter`],
    ['braces inside the substitution', 'rm -rf "$(cd .cl{a,}ude && pwd)/proofmeter"', '$(cd .cl{a,}ude && pwd)/proofmeter'],
    ['an unset variable inside the substitution', 'rm -rf "$(cd .cl${y}aude && pwd)/proofmeter"', '$(cd .cl${y}aude && pwd)/proofmeter'],
    ['the seal\'s outside copy inside the substitution', 'rm -rf "$(realpath ~/.local/state/proofmeter)/seal"', '$(realpath ~/.local/state/proofmeter)/seal'],
    ['the seal\'s outside copy printed into a variable', 'd=$(realpath ~/.local/state/proofmeter); rm -rf $d/seal', '$(realpath ~/.local/state/proofmeter)/seal'],
    ['a glob that matches .claude only with dotglob, which is on', 'shopt -s dotglob; rm -rf "$(realpath *laude)/proofmeter"', '$(realpath *laude)/proofmeter'],
    ['such a glob kept in a variable', 'shopt -s dotglob; d=$(realpath *laude); rm -rf $d/proofmeter', '$(realpath *laude)/proofmeter'],
    ['HOME set for a shell the command runs', "HOME=$PWD/.claude sh -c 'rm -rf ~/proofmeter'", '.claude/proofmeter'],
    ['HOME set through env for a shell', "env HOME=$PWD/.claude sh -c 'rm -rf ~/proofmeter'", '.claude/proofmeter'],
    ['a variable set for a shell the command runs', "x=.claude sh -c 'rm -rf $x/proofmeter'", '.claude/proofmeter'],
    ['a variable set for a shell fed on standard input', "x=.claude bash <<< 'rm -rf $x/proofmeter'", '.claude/proofmeter'],
    ['a variable set for eval', "x=.claude eval 'rm -rf $x/proofmeter'", '.claude/proofmeter'],
    ['$PWD after a cd known only when it runs, which may fail', 'cd .claude; cd $d; rm -rf $PWD/proofmeter', '.claude/proofmeter'],
  ];
  for (const [name, command, target] of rows) {
    it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, withMeter).found.map((f) => [f.target, f.how]), [[target, 'rm']]));
  }

  it('a settings file under a HOME known only when it runs is read by its text, not as the root\'s', () => {
    assert.deepEqual(guardRead('HOME=$(mktemp -d); echo {} > ~/.claude/settings.json', withMeter).found.map((f) => [f.target, f.kind]), [['~/.claude/settings.json', 'settings']]);
  });

  it('a word of braces too large to expand inside such a substitution is read as written, as well as refused for its size', () => {
    assert.deepEqual(guardRead('d=$(realpath .claude/{1..5000}); rm -rf $d/../proofmeter', withMeter).found.map((f) => f.target), ['a brace expansion larger than the guard reads', '$(realpath .claude/{1..5000})/../proofmeter']);
  });

  it('cd into what such a substitution prints is refused as a move into the meter\'s folder', () => {
    assert.deepEqual(guardRead('cd "$(readlink -f .claude)"; rm -rf proofmeter', withMeter).found.map((f) => [f.target, f.how]), [['$(readlink -f .claude)', 'cd']]);
  });
});

describe('the same spellings of other folders go through', () => {
  const rows: Array<[string, string]> = [
    ['~ after HOME is set elsewhere', 'HOME=/tmp/h; rm -rf ~/x'],
    ['HOME set to a folder known only when it runs', 'HOME=$(mktemp -d); rm -rf ~/proofmeter'],
    ['a temporary folder', 'd=$(mktemp -d); rm -rf $d'],
    ['cd - back into another folder', 'cd src; cd -; rm -rf build'],
    ['$OLDPWD after leaving another folder', 'cd src; cd /tmp; rm -rf $OLDPWD/x'],
    ['$PWD after a cd into another folder', 'PWD=/x; cd src; rm -rf $PWD/build'],
    ['a path built on what git prints', 'rm -rf "$(git rev-parse --git-dir)/x"'],
    ['realpath of another folder', 'rm -rf "$(realpath build)/x"'],
    ['cd and pwd of another folder', 'rm -rf "$(cd src && pwd)/build"'],
    ['$OLDPWD after the .claude folder and then the state folder were left, in one chain', 'cd .claude/proofmeter && cd ../.. && cd .claude && cd /tmp && rm -rf $OLDPWD/skills'],
    ['popd back into another folder', 'pushd src; popd; rm -rf build'],
    ['popd with nothing pushed', 'popd; rm -rf build'],
    ['a word like an assignment after the shell\'s name, which is an argument and no variable', "sh -c 'rm -rf $x/proofmeter' x=.claude"],
    ['a variable set for a shell, naming another folder', "x=build sh -c 'rm -rf $x'"],
    ['cd - and pwd with no cd before', 'rm -rf "$(cd - && pwd)/x"'],
    ['a glob that matches .claude only with dotglob, which is off', 'rm -rf "$(realpath *laude)/proofmeter"'],
    ['such a glob kept in a variable, dotglob off', 'd=$(realpath *laude); rm -rf $d/proofmeter'],
    ['the home folder when HOME is known only when it runs, not the real one', 'HOME=$(mktemp -d); rm -rf ~'],
    ['an array mapped from a file the guard does not read, by its name', 'a=(.claude); mapfile -t a < list.txt; rm -rf $a'],
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, withMeter).found, []));
});
