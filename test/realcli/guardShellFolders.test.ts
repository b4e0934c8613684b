// The guard against paths reached through the folders the shell keeps and the paths commands
// print, with the real Claude Code CLI: `~` after the command sets `HOME`, `cd -` back into the
// `.claude` folder, a variable holding what `cd .claude && pwd` prints, and `realpath` of a glob
// that matches `.claude` or braces that spell it. Each would remove `.claude/proofmeter`; each is denied. A temporary folder
// made and removed through a substitution goes through.
import { walkGuard } from './guardWalk';
import { realCliSuite } from './scenarioKit';

describe('the guard against folders the shell keeps and paths commands print, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`HOME=$PWD/.claude; rm -rf ~/proofmeter` (and for a `sh -c` it runs), `cd .claude; cd /tmp; cd -; rm -rf proofmeter` (and `popd`), `x=$(cd .claude && pwd); rm -rf $x/proofmeter` `rm -rf "$(realpath .cl*)/proofmeter"` braces inside the substitution and `$(cd - && pwd)`: all denied; `d=$(mktemp -d); rm -rf $d` goes through', async function () {
    this.timeout(150_000);
    await walkGuard(cli, {
      name: 'guard-shell-folders',
      files: {},
      denied: [
        'HOME=$PWD/.claude; rm -rf ~/proofmeter',
        "HOME=$PWD/.claude sh -c 'rm -rf ~/proofmeter'",
        'cd .claude; cd /tmp; cd -; rm -rf proofmeter',
        'pushd .claude; pushd /tmp; popd; rm -rf proofmeter',
        'x=$(cd .claude && pwd); rm -rf $x/proofmeter',
        'rm -rf "$(realpath .cl*)/proofmeter"',
        'rm -rf "$(cd .cl{a,}ude && pwd)/proofmeter"',
        'cd .claude; cd ..; rm -rf "$(cd - && pwd)/proofmeter"',
      ],
      allowed: { command: 'd=$(mktemp -d); rm -rf "$d" && test ! -e "$d" && echo tmp-gone', prints: /tmp-gone/ },
    });
  });
});
