import { strict as assert } from 'node:assert';
import { lex } from '../../../src/core/shell/lex';
import { parse, simpleCommands, type AndOr, type Command } from '../../../src/core/shell/parse';
import { existenceOnly, exitReading } from '../../../src/core/shell/exitStatus';

/** The words of each simple command, as the shell would pass them. */
const words = (src: string) => simpleCommands(parse(src).list).map((c) => c.words.map((w) => w.value));

/** The grouping as one line: [words], `|`, `&&`, `||`, `;`, `&`, `( … )`, `!`, redirections with their targets. */
function shape(src: string): string {
  const command = (c: Command): string => {
    const reds = c.redirects.map((r) => ` ${r.op}${r.target?.value ?? ''}${r.body !== null ? `(${JSON.stringify(r.body)})` : ''}`).join('');
    return c.kind === 'simple' ? `[${c.words.map((w) => w.value).join(' ')}${reds}]` : `(${list(c.list)})${reds}`;
  };
  const list = (items: AndOr[]): string =>
    items
      .map((ao) => ao.pipelines.map((p, k) => (k ? ` ${ao.ops[k - 1]} ` : '') + (p.bang ? '! ' : '') + p.commands.map(command).join(' | ')).join('') + (ao.background ? ' &' : ''))
      .join(' ; ');
  return list(parse(src).list);
}

describe('the shell reading: words', () => {
  const cases: [string, string[][]][] = [
    ['grep "a  b" f', [['grep', 'a  b', 'f']]],
    ["echo 'it''s'", [['echo', 'its']]],
    ['rm -rf .cl""aude/proof""meter', [['rm', '-rf', '.claude/proofmeter']]],
    ["rm -rf .cl''aude", [['rm', '-rf', '.claude']]],
    ['rm .cl\\aude', [['rm', '.claude']]],
    ['echo "a \\"b\\" \\$x \\q"', [['echo', 'a "b" $x \\q']]],
    ["rm $'\\x2eclaude\\tx' $'it\\'s'", [['rm', '.claude\tx', "it's"]]],
    ['echo ${x:-a b} "$HOME"', [['echo', '${x:-a b}', '$HOME']]],
    ['npm test \\\n  --grep x', [['npm', 'test', '--grep', 'x']]],
    ['echo a\\;b "c;d" \'e|f\'', [['echo', 'a;b', 'c;d', 'e|f']]],
    ['npm test # a; rm x', [['npm', 'test']]],
    ['echo a#b', [['echo', 'a#b']]],
    ['echo $(rm x; ls  y) z', [['echo', '$(rm x; ls  y)', 'z']]],
    ['echo `date +%s` x', [['echo', '`date +%s`', 'x']]],
    ['diff <(sort a) <(sort b)', [['diff', '<(sort a)', '<(sort b)']]],
    ['echo a\\', [['echo', 'a\\']]],
    ['echo a\\\nb', [['echo', 'ab']]],
    ['echo "a\\\nb"', [['echo', 'ab']]],
    ['(cd x && make) > log; ls', [['cd', 'x'], ['make'], ['ls']]],
  ];
  for (const [src, want] of cases) {
    it(`reads ${JSON.stringify(src)} as ${JSON.stringify(want)}`, () => assert.deepEqual(words(src), want));
  }
});

describe('the shell reading: substitutions are read as commands of their own', () => {
  const cases: [string, string[]][] = [
    ['echo $(rm x; ls) y', ['rm x; ls']],
    ['echo "$(a "b c") and `d`"', ['a "b c"', 'd']],
    ['echo $(echo $(inner) outer)', ['echo $(inner) outer']],
    ['echo $(echo ")" \'(\')', ['echo ")" \'(\'']],
    ['echo `date`', ['date']],
    ['diff <(sort a) >(tee b)', ['sort a', 'tee b']],
    ["echo '$(not run)' \"\\$(nor this)\"", []],
    // A parameter expansion's default runs its substitutions: ${…} is not a command, so they are found inside it.
    ['echo ${x:-$(rm a)}', ['rm a']],
    ['echo "${x:=`rm b`}"', ['rm b']],
    ['echo ${x:-${y:-$(rm c)}}', ['rm c']],
    ["echo ${x:-'$(not run)'}", []],
    // A closer inside a nested ${…} or backticks does not end the outer substitution.
    ['echo $(echo ${x%)}; rm d)', ['echo ${x%)}; rm d']],
    ['echo ${x:-`echo }`} after', ['echo }']],
    // A case pattern's `)` inside a substitution closes the pattern, not the substitution.
    ['echo $(case x in x) rm e;; esac) after', ['case x in x) rm e;; esac']],
    ['echo $(case x in (x) rm f;; y|z) ls;; esac)', ['case x in (x) rm f;; y|z) ls;; esac']],
    ['echo $(echo case) after', ['echo case']],
    ['echo $(showcase) after', ['showcase']],
    // A backslash inside escapes the closer that follows it.
    ['echo `a \\` b` c', ['a \\` b']],
    ['echo $(a \\) b) c', ['a \\) b']],
  ];
  for (const [src, want] of cases) {
    it(`finds ${JSON.stringify(want)} in ${JSON.stringify(src)}`, () => assert.deepEqual(lex(src).subs, want));
  }
});

describe('the shell reading: how commands are grouped', () => {
  const cases: [string, string][] = [
    ['npm test', '[npm test]'],
    ['a && b || c; d & e', '[a] && [b] || [c] ; [d] & ; [e]'],
    ['a&&b', '[a] && [b]'],
    ['a | b |& c', '[a] | [b] | [c]'],
    ['echo "a && b | c"', '[echo a && b | c]'],
    ['a\nb', '[a] ; [b]'],
    ['a;', '[a]'],
    ['! grep -q TODO src/a.ts', '! [grep -q TODO src/a.ts]'],
    ['(cd x && make) > log; ls', '([cd x] && [make]) >log ; [ls]'],
    ['(a; (b | c)) && d', '([a] ; ([b] | [c])) && [d]'],
    ['npm test 2>&1 | tee log', '[npm test 2>&1] | [tee log]'],
    ['cmd >/dev/null 2>&1 <in &>all', '[cmd >/dev/null 2>&1 <in &>all]'],
    ['tr a b <<<"hi"', '[tr a b <<<hi]'],
    ['cat <<EOF > notes.md\nrm -rf x\nEOF\nls', '[cat <<EOF("rm -rf x\\nEOF") >notes.md] ; [ls]'],
    ["cat <<-'E' | wc -l\n\tbody\n\tE", '[cat <<-E("\\tbody\\n\\tE")] | [wc -l]'],
    ['cat <<A <<B\na\nA\nb\nB', '[cat <<A("a\\nA") <<B("b\\nB")]'],
    ['a ) b', '[a] ; [b]'],
    ['(a', '([a])'],
  ];
  for (const [src, want] of cases) {
    it(`groups ${JSON.stringify(src)} as ${want}`, () => assert.equal(shape(src), want));
  }

  it('keeps the offsets, so the text around an operator can be quoted back', () => {
    const src = 'npm test  ||  true';
    const ao = parse(src).list[0]!;
    assert.equal(src.slice(ao.pipelines[0]!.start, ao.pipelines[0]!.end), 'npm test');
    assert.equal(src.slice(ao.pipelines[1]!.start, ao.pipelines[1]!.end), 'true');
  });

  it('marks what the command never closes', () => {
    for (const src of ['echo "abc', "echo 'abc", 'echo $(ls', 'echo `ls', 'cat <<EOF\nnever ended', "echo $'abc", 'echo ${x', "echo $(echo 'a"]) assert.equal(lex(src).unterminated, true, src);
    for (const src of ['echo "abc"', 'cat <<EOF\nx\nEOF']) assert.equal(lex(src).unterminated, false, src);
  });
});

describe('the shell reading: what an exit status can say', () => {
  const cases: [string, string][] = [
    ['npm test', 'can-fail'],
    ['true', 'cannot-fail constant'],
    [':', 'cannot-fail constant'],
    ['exit 0', 'cannot-fail constant'],
    ['exit', 'cannot-fail constant'],
    ['npm test; exit', 'can-fail'],
    ['npm test || exit', 'can-fail'],
    ['exit 3', 'can-fail'],
    ['echo done', 'cannot-fail constant'],
    ['printf "%s\\n" done > out.txt', 'cannot-fail constant'],
    ['FOO=1', 'cannot-fail constant'],
    ['x=$(npm test)', 'can-fail'],
    ['npm test || true', 'cannot-fail or-mask'],
    ['npm test || exit 0', 'cannot-fail or-mask'],
    ['true || npm test', 'cannot-fail constant'],
    ['npm test && true', 'can-fail'],
    ['make check || make test', 'can-fail'],
    ['npm test; true', 'cannot-fail sequence'],
    ['npm test; echo done; true', 'cannot-fail sequence'],
    ['npm test\necho done', 'cannot-fail sequence'],
    ['npm test &', 'cannot-fail background'],
    ['npm test & wait $!', 'can-fail'],
    ['(npm test || true)', 'cannot-fail or-mask'],
    ['npm test | tail -5', 'cannot-fail pipeline'],
    ['npm test |& tee log', 'cannot-fail pipeline'],
    ['env CI=1 npm test | sort', 'cannot-fail pipeline'],
    ['echo x | tee log', 'cannot-fail constant'],
    ['npm test | grep -q passing', 'can-fail'],
    ['! grep -q TODO src/a.ts', 'can-fail'],
    // set -o pipefail counts only where it was set before the pipeline, in the same shell.
    ['set -o pipefail; npm test | tee log', 'can-fail'],
    ['set -o pipefail && npm test | tail', 'can-fail'],
    ['set -euo pipefail\nnpm test | tail -5', 'can-fail'],
    ['set -o errexit -o pipefail; npm test | head', 'can-fail'],
    ['(set -o pipefail; npm test | tail)', 'can-fail'],
    ['(set -o pipefail); npm test | tail', 'cannot-fail pipeline'],
    ['set -o pipefail | true; npm test | tail', 'cannot-fail pipeline'],
    ['npm test | tail; set -o pipefail', 'cannot-fail constant'],
    ['set -o pipefail; set +o pipefail; npm test | tail', 'cannot-fail pipeline'],
    // Under set -e the first failure ends the script, so a later echo hides nothing.
    ['set -e; npm test; echo done', 'can-fail'],
    ['set -e; npm test && ok; echo done', 'can-fail'],
    ['npm test; echo done; set -e', 'cannot-fail sequence'],
    ['bash -o pipefail -c "npm test | tail"', 'can-fail'],
    ['if npm test; then echo ok; fi', 'unread'],
    ['{ npm test; true; }', 'unread'],
    ['for f in a b; do test -f $f; done', 'unread'],
  ];
  for (const [src, want] of cases) {
    it(`${JSON.stringify(src)}: ${want}`, () => {
      const r = exitReading(src);
      assert.equal(r.kind === 'cannot-fail' ? `${r.kind} ${r.how}` : r.kind, want);
    });
  }

  it('names what decides the exit and the command with it taken out', () => {
    const fix = (src: string) => {
      const r = exitReading(src);
      return r.kind === 'cannot-fail' ? [r.culprit, r.fix] : null;
    };
    assert.deepEqual(fix('npm run build && npm test || true'), ['|| true', 'npm run build && npm test']);
    assert.deepEqual(fix('npm test; echo done'), ['echo done', 'npm test']);
    assert.deepEqual(fix('npm test 2>&1 | tail -5'), ['tail -5', 'set -o pipefail; npm test 2>&1 | tail -5']);
    assert.deepEqual(fix('npm test &'), ['npm test &', 'npm test']);
    assert.deepEqual(fix('echo a; echo b'), ['echo b', null]);
  });
});

describe('the shell reading: a command that only checks a file exists', () => {
  const cases: [string, boolean][] = [
    ['cat REPORT.md', true],
    ['cat REPORT.md 2>/dev/null', true],
    ['cat REPORT.md <notes', false],
    ['grep -q done REPORT.md', false],
  ];
  for (const [src, want] of cases) it(`${JSON.stringify(src)} ${want ? 'only checks' : 'does more than check'} that a file exists`, () => assert.equal(existenceOnly(src), want));
});
