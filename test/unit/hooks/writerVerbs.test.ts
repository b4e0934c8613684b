// More of the ways a command writes a file than naming it after a writing verb: a wrapper that runs
// an applet (`busybox rm`), a command handed on in one word (`env -S '…'`), a folder copied whole
// or an archive unpacked into `.claude`, an editor or `patch` given a file, an output option
// (`sort -o`, `curl -o`, `--outfile=`), a compressor replacing a file, and `git rm` of a folder.
import { strict as assert } from 'node:assert';
import { guardRead } from './guardRead';

// [the command, the targets the guard names (empty: let through)]
const cases: Array<[string, string[]]> = [
  ['busybox rm -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['toybox rm -rf .claude/proofmeter', ['.claude/proofmeter']],
  ['env -S "rm -rf .claude/proofmeter"', ['.claude/proofmeter']],
  ['rsync -a --delete empty/ .claude/', ['.claude/', '.claude']],
  ['rsync -a x/ .claude/', ['.claude/']],
  ['rsync -a /tmp/proofmeter .claude/', ['.claude/proofmeter']],
  ['cp -r /tmp/x/. .claude/', ['.claude/']],
  ['cp -r /tmp/evil/.claude .', ['.claude']],
  ['cp -a /tmp/evil/.claude .', ['.claude']],
  ['tar -cf - x | tar -xf - -C .claude', ['.claude']],
  ['unzip -o evil.zip -d .claude', ['.claude']],
  ['patch .claude/settings.json < p.diff', ['.claude/settings.json']],
  ['ed -s .claude/settings.json <<< w', ['.claude/settings.json']],
  ['vim -es -c wq .claude/settings.json', ['.claude/settings.json']],
  ['mkdir -p .claude/proofmeter/x', ['.claude/proofmeter/x']],
  ['split -b1 x .claude/proofmeter/', ['.claude/proofmeter']],
  ['sort -o .claude/settings.json x', ['.claude/settings.json']],
  ['sort -o.claude/settings.json x', ['.claude/settings.json']],
  ['curl -o .claude/settings.json http://x', ['.claude/settings.json']],
  ['curl --output .claude/settings.json http://x', ['.claude/settings.json']],
  ['wget -O .claude/settings.json http://x', ['.claude/settings.json']],
  ['esbuild x.ts --outfile=.claude/settings.json', ['.claude/settings.json']],
  ['gzip .claude/settings.json', ['.claude/settings.json']],
  ['gzip -r .claude', ['.claude']],
  ['git rm -r .claude', ['.claude']],
  ['git mv .claude/proofmeter x', ['.claude/proofmeter']],
  ['rsync -a src/ build/', []],
  ['rsync -a x .claude/', []],
  ['cp -r src dist', []],
  ['cp -r x .', []],
  ['cp -r skills/foo .claude/skills/', []],
  ['tar -xf a.tar -C build', []],
  ['tar -xf a.tar -C .claude/skills', []],
  ['mkdir -p .claude/agents src/lib', []],
  ['sort -o out.txt x', []],
  ['tsc --outDir build', []],
  ['grep -o foo x', []],
  ['gzip -k dist/app.js', []],
  ['vim -es -c wq notes.txt', []],
  ['git rm -r old', []],
];

describe('the guard reads writes beyond a writing verb and its operands', () => {
  for (const [command, targets] of cases) {
    it(`${command}: ${targets.length ? `denied, naming ${targets.join(', ')}` : 'let through'}`, () => {
      const { found } = guardRead(command);
      assert.deepEqual(found.map((f) => f.target), targets);
    });
  }
});
