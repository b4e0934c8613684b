// Commands another command runs: a program the guard has no reading of that hands its words on
// (`flock f rm …`, `fakeroot rm …`, `parallel rm ::: …`) or takes a whole command in one word
// (`su -c '…'`, `watch '…'`, `trap '…' EXIT`, `tmux new '…'`), and a `for` loop's variable.
// Words given to a program that prints or searches them stay text.
import { strict as assert } from 'node:assert';
import { guardRead } from './guardRead';

// [the command, the targets the guard names (empty: let through)]
const cases: Array<[string, string[]]> = [
  ['flock /tmp/l rm -rf .claude', ['.claude']],
  ['setsid rm -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['fakeroot rm -rf .claude', ['.claude']],
  ['strace -o /dev/null rm -rf .claude', ['.claude']],
  ['chroot / rm -rf .claude', ['.claude']],
  ['watch -n1 rm -rf .claude', ['.claude']],
  ['parallel rm ::: .claude/settings.json', ['.claude/settings.json']],
  ['unbuffer tee .claude/settings.json', ['.claude/settings.json']],
  ["su -c 'rm -rf .claude'", ['.claude']],
  ["script -qc 'rm -rf .claude' /dev/null", ['.claude']],
  ["trap 'rm -rf .claude' EXIT", ['.claude']],
  ['tmux new -d "rm -rf .claude/proofmeter"', ['.claude/proofmeter']],
  ['for f in .claude; do rm -rf $f; done', ['.claude']],
  ['for f in src .claude/settings.json; do rm -f "$f"; done', ['.claude/settings.json']],
  ['for f in a b; do rm -rf $f; done', []],
  ['flock /tmp/l rm -rf build', []],
  ['echo rm -rf .claude', []],
  ['grep -rn "rm -rf .claude" src', []],
  ['git commit -m "rm -rf .claude is refused"', []],
  ['docker rm web', []],
  ['ssh host "rm -rf /tmp/x"', []],
  ["jq '.a | .b' f.json", []],
  ['npm run build -- --grep "a b"', []],
  ['gh pr create --title x --body "the guard refuses rm -rf .claude now"', []],
  ["curl -d 'rm -rf .claude' https://example.test", []],
];

describe('the guard reads the commands another command runs', () => {
  for (const [command, targets] of cases) {
    it(`${command}: ${targets.length ? `denied, naming ${targets.join(', ')}` : 'let through'}`, () => {
      const { found } = guardRead(command);
      assert.deepEqual([...new Set(found.map((f) => f.target))], targets);
    });
  }
});
