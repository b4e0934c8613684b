// Paths spelled through the folders the shell keeps and the paths commands print: `$HOME` and
// `$PWD` set by the command (`~` and `cd` alone follow `$HOME`), `$OLDPWD` and `cd -` after a cd,
// and a substitution given the `.claude` folder (`$(cd .claude && pwd)`, `$(realpath .cl*)`),
// used in a path or kept in a variable. Each is refused; the same spellings of other folders go through.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { guardRead } from './guardRead';

const meter = (ws: string) => {
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, '.claude', 'settings.json'), '{}');
};

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
    ['HOME set from $OLDPWD', 'cd /tmp; HOME=$OLDPWD/.claude; rm -rf ~/proofmeter', '.claude/proofmeter'],
    ['a path built on cd into the .claude folder and pwd', 'rm -rf "$(cd .claude && pwd)/proofmeter"', '$(cd .claude && pwd)/proofmeter'],
    ['a variable holding what cd into .claude and pwd print', 'x=$(cd .claude && pwd); rm -rf $x/proofmeter', '$(cd .claude && pwd)/proofmeter'],
    ['HOME set to what realpath prints of the .claude folder', 'HOME=$(realpath .claude); rm -rf ~/proofmeter', '$(realpath .claude)/proofmeter'],
    ['realpath of a glob that matches the .claude folder', 'd=$(realpath .cl*); rm -rf $d/proofmeter', '$(realpath .cl*)/proofmeter'],
    ['dirname of a path inside the .claude folder', 'd=$(dirname .claude/x); rm -rf $d/proofmeter', '$(dirname .claude/x)/proofmeter'],
    ['a folder nested two substitutions deep', 'rm -rf "$(realpath "$(ls -d .claude)")/proofmeter"', '$(realpath "$(ls -d .claude)")/proofmeter'],
    ['read from a here-string of such a substitution', 'read d <<< "$(cd .claude && pwd)"; rm -rf $d/proofmeter', '$(cd .claude && pwd)/proofmeter'],
    ['printf -v of such a substitution', 'printf -v d %s "$(cd .claude && pwd)"; rm -rf $d/proofmeter', '$(cd .claude && pwd)/proofmeter'],
  ];
  for (const [name, command, target] of rows) {
    it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, meter).found.map((f) => [f.target, f.how]), [[target, 'rm']]));
  }

  it('cd into what such a substitution prints is refused as a move into the meter\'s folder', () => {
    assert.deepEqual(guardRead('cd "$(cd .claude && pwd)"; rm -rf proofmeter', meter).found.map((f) => [f.target, f.how]), [['$(cd .claude && pwd)', 'cd']]);
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
  ];
  for (const [name, command] of rows) it(`${name}: ${JSON.stringify(command)}`, () => assert.deepEqual(guardRead(command, meter).found, []));
});
