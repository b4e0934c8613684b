// Figure 14 of bench.ts: what reading brace expansion (src/core/shell/braces.ts) adds to the full
// guard's reading of a Bash command (analyzeBash in src/hooks/bashWrites.ts). In one process, over
// commands an agent runs, the words of each already lexed: braceExpand over every word of a command
// (the added work; a word without `{` is answered by one includes), beside analyzeBash of the whole
// command. The sh front answers brace-free plain commands before node starts and sends every `{`
// to the runner, so this is the only place the work is done. Standalone: `node --import tsx bench/braceCost.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { braceExpand } from '../src/core/shell/braces';
import { lex, type Word } from '../src/core/shell/lex';
import { analyzeBash } from '../src/hooks/bashWrites';
import { protectedPaths } from '../src/hooks/protectedPaths';
import { median, type Figure } from './stats';

const ROUNDS = 2000;

const COMMANDS = [
  'npm test',
  'git commit -m "fix: read the plan once" && git push',
  'rm -rf build dist coverage',
  "find . -name '*.tmp' -exec rm {} +",
  'mkdir -p src/{core,hooks}/{a,b} && touch src/{core,hooks}/{a,b}/index.ts',
  'cp README.md docs/ && sed -i s/old/new/ docs/README.md',
  'python3 -m pytest tests -q 2>&1 | tail -20',
  'for f in src/*.ts; do wc -l "$f"; done',
  'd=build; rm -rf "$d" && ln -s ../lib/x.js src/x.js',
  'flock /tmp/build.lock npm run build | tee build.log',
  'cd packages/app && npm test; cd - && rm -rf "$(realpath build)/cache"',
  'out=$(mktemp -d); npm pack --pack-destination "$out" && rm -rf "$out"',
];

export function braceFigure(): Figure {
  const name = '14. guard: brace expansion per Bash call';
  const target = '<= 0.1 ms added per call';
  const words = COMMANDS.map((c) => lex(c).tokens.filter((t): t is Word => t.kind === 'word'));
  const ws = mkdtempSync(join(tmpdir(), 'pm-brace-'));
  try {
    const scope = { cwd: ws, home: ws, prot: protectedPaths(ws, {}) };
    const expandMs: number[] = [];
    const guardMs: number[] = [];
    let sink = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const k = r % COMMANDS.length;
      let t = process.hrtime.bigint();
      for (const w of words[k]!) sink += braceExpand(w)?.length ?? 0;
      expandMs.push(Number(process.hrtime.bigint() - t) / 1e6);
      t = process.hrtime.bigint();
      sink += analyzeBash(COMMANDS[k]!, scope).length;
      guardMs.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    void sink;
    const added = median(expandMs);
    const whole = median(guardMs);
    return {
      name,
      value: `${(added * 1000).toFixed(1)} µs`,
      ratio: `${((added / whole) * 100).toFixed(1)}% of the full guard's reading of the same command (${(whole * 1000).toFixed(0)} µs median), ${COMMANDS.length} commands, ${ROUNDS} calls`,
      target,
      ok: added <= 0.1,
    };
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

if (require.main === module) console.log(braceFigure());
