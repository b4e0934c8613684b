import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { findingsForFrozen } from '../../../src/core/plan/frozenFindings';

const plan = (proof: string) => parsePlan(`## Steps\n- S1. Do it. Proof: \`\` ${proof} \`\`\n`);
const rules = (proof: string) => {
  const p = plan(proof);
  return { refused: p.findings.map((f) => f.rule), warned: p.warnings.map((f) => f.rule) };
};

describe('check-plan: proofs whose exit cannot reflect a failure are refused', () => {
  const refused: [string, RegExp][] = [
    ['true', /exits 0 whatever happened, so it proves nothing; give a command that fails when S1 is not done, e.g. Proof: `npm test -- --grep parser`\.$/],
    [':', /exits 0 whatever happened/],
    ['exit 0', /exits 0 whatever happened/],
    ['echo done', /exits 0 whatever happened/],
    ['printf "%s\\n" done', /exits 0 whatever happened/],
    ['echo `date`', /exits 0 whatever happened/],
    ['echo hello-from-bash; echo to-stderr >&2', /\(`echo to-stderr >&2` cannot fail\)/],
    ['npm test || true', /always exits 0, because `\|\| true` hides a failure; drop it, e.g. Proof: `npm test`\.$/],
    ['npm run build && npm test || exit 0', /`\|\| exit 0` hides a failure; drop it, e.g. Proof: `npm run build && npm test`\.$/],
    ['npm test; true', /exits with its last command, `true`, which cannot fail; end with the check, e.g. Proof: `npm test`\.$/],
    ['npm test; echo done', /exits with its last command, `echo done`, which cannot fail; end with the check, e.g. Proof: `npm test`\.$/],
    ['npm test | tail -5', /exits with the status of `tail -5`, which hides a failure before it; put set -o pipefail first, e.g. Proof: `set -o pipefail; npm test \| tail -5`\.$/],
    ['npm test | head', /status of `head`/],
    ['npm test 2>&1 | tee log', /status of `tee log`/],
    ['npm test | cat', /status of `cat`/],
    ['grep -r TODO src | wc -l', /status of `wc -l`/],
    ['npm test | sort', /status of `sort`/],
    ['npm test | tail; set -o pipefail', /exits 0 whatever happened/],
    ['npm test &', /runs in the background and exits 0 at once; run it in the foreground, e.g. Proof: `npm test`\.$/],
  ];
  for (const [proof, message] of refused) {
    it(`refuses \`${proof}\` with one line that teaches the fix`, () => {
      const p = plan(proof);
      assert.deepEqual(p.findings.map((f) => [f.id, f.rule]), [['S1', 'cannot-fail']]);
      const m = p.findings[0]!.message;
      assert.ok(m.startsWith('S1: the proof '), m);
      assert.equal(m.split('\n').length, 1);
      assert.match(m, message);
    });
  }

  it('a refused proof still counts for a goal frozen before the rule, and only there', () => {
    const p = plan('npm test || true');
    assert.deepEqual(p.items[0]!.proof, { kind: 'command', command: 'npm test || true' });
    assert.deepEqual(findingsForFrozen(p, new Set(p.items.map((i) => i.key))), []);
    assert.deepEqual(findingsForFrozen(p, new Set()).map((f) => f.rule), ['cannot-fail']);
  });

  it('a frozen item keeps every finding other than cannot-fail', () => {
    const p = parsePlan('## Steps\n- S1. Do it.\n');
    assert.deepEqual(findingsForFrozen(p, new Set(p.items.map((i) => i.key))).map((f) => [f.id, f.rule, f.line]), [['S1', 'missing-proof', 2]]);
  });
});

describe('check-plan: proofs that only check a file exists are warned about', () => {
  const warned: [string, RegExp][] = [
    ['ls dist/app.js', /only checks that dist\/app\.js exists, which passes whatever it holds; a check of its content says more, e.g. Proof: `grep -q "expected text" dist\/app\.js`\.$/],
    ['ls -la dist', /dist exists/],
    ['test -e out.txt', /out\.txt exists/],
    ['test -f REPORT.md', /REPORT\.md exists/],
    ['test -d build', /e\.g\. Proof: `grep -rq "expected text" build`/],
    ['[ -f REPORT.md ]', /REPORT\.md exists/],
    ['[[ -d docs ]]', /docs exists/],
    ['cat REPORT.md', /REPORT\.md exists/],
    ['test -f a && test -f b', /exists/],
    ['set -o pipefail; ls dist/app.js', /dist\/app\.js exists/],
  ];
  for (const [proof, message] of warned) {
    it(`warns about \`${proof}\` and refuses nothing`, () => {
      const p = plan(proof);
      assert.deepEqual(p.findings, []);
      assert.deepEqual(p.warnings.map((f) => [f.id, f.rule, f.line]), [['S1', 'existence-only', 2]]);
      assert.match(p.warnings[0]!.message, message);
      assert.deepEqual(p.items[0]!.proof, { kind: 'command', command: proof });
    });
  }
});

describe('check-plan: an existence check that names no path', () => {
  it('`ls` alone is warned about with a FILE to fill in, checked with plain grep', () => {
    assert.deepEqual(plan('ls').warnings, [
      {
        id: 'S1',
        rule: 'existence-only',
        line: 2,
        message: 'S1: the proof `ls` only checks that something exists, which passes whatever it holds; a check of its content says more, e.g. Proof: `grep -q "expected text" FILE`.',
      },
    ]);
  });
});

describe('check-plan: proofs that can fail stay accepted', () => {
  const accepted = [
    'npm test',
    'npm test -- --grep x',
    'set -o pipefail; npm test | tee log',
    'set -euo pipefail; npm test 2>&1 | tail -20',
    'grep -q x README.md',
    'test "$(cat x)" = y',
    'test -s CHANGELOG.md',
    'test -s greet.txt && grep -q hello greet.txt',
    'sh check.sh',
    '! grep -q TODO src/a.ts',
    '! test -e tmp/lock',
    'make check || make test',
    'npm run build && npm test',
    'npm test && echo ok',
    'npm test | grep -q passing',
    'cat out.json | jq -e .ok',
    'sleep 1; cat out.txt',
    'echo before; exit 3',
    'diff <(sort a) <(sort b)',
    'set -e; npm test; echo done',
    'if npm test; then echo ok; else exit 1; fi',
    'cat <<EOF | grep -q x',
    'node dist/proofmeter.js plan plan.md | grep -c "^S"',
  ];
  for (const proof of accepted) {
    it(`accepts \`${proof}\``, () => assert.deepEqual(rules(proof), { refused: [], warned: [] }));
  }
});
