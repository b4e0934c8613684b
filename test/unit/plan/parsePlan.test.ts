import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { isCheckList } from '../../../src/core/plan/itemKey';
import type { PlanRule, Proof } from '../../../src/core/types';

const fixture = (name: string): string => readFileSync(join(__dirname, '../../fixtures/plans', name), 'utf8');
const cmd = (command: string): Proof => ({ kind: 'command', command });

describe('parsePlan: ids', () => {
  const cases: [string, string, string | null][] = [
    ['plain with dot', '- S1. Do it. Proof: `make`', 'S1'],
    ['bold with dot inside', '- **S1.** Do it. Proof: `make`', 'S1'],
    ['bold with dot outside', '- **S1**. Do it. Proof: `make`', 'S1'],
    ['bold with colon inside', '- **S3:** Do it. Proof: `make`', 'S3'],
    ['paren', '- S1) Do it. Proof: `make`', 'S1'],
    ['two digits', '- V12: Do it. Proof: `make`', 'V12'],
    ['several letters', '- ABC7. Do it. Proof: `make`', 'ABC7'],
    ['ordered list', '1. S2. Do it. Proof: `make`', 'S2'],
    ['star bullet', '* T4: Do it. Proof: `make`', 'T4'],
    ['id alone with its proof', '- S5: Proof: `make`', 'S5'],
    // the forms people and models write (issue 11)
    ['bold id then a space', '1. **S1** Create the limiter module. Proof: `npm test -- limiter`', 'S1'],
    ['em dash', '3. S3 — Update docs. Proof: `grep -q limiter README.md`', 'S3'],
    ['en dash', '- S3 – Update docs. Proof: `make`', 'S3'],
    ['hyphen between spaces', '- S3 - Update docs. Proof: `make`', 'S3'],
    ['bold id then a dash', '- **V2** — Check it. Proof: `make`', 'V2'],
    ['a space, in an item with a proof', '- S1 Do it. Proof: `make`', 'S1'],
    ['a hyphen glued to more is no id', '- S1-beta Do it. Proof: `make`', null],
    ['version number is no id', '- V1.2 Do it. Proof: `make`', null],
    ['id in a code span is no id', '- `S1.` Do it. Proof: `make`', null],
    ['id not at the start', '- Step S1. Do it. Proof: `make`', null],
    ['digits only', '- 12) Do it. Proof: `make`', null],
    ['a space, in an item with neither bold nor a proof, is no id', '- H2 headings are bigger', null],
  ];
  for (const [name, md, want] of cases) {
    it(name, () => {
      const plan = parsePlan(md);
      assert.deepEqual(plan.items.map((i) => i.id), want === null ? [] : [want]);
      if (want === null) assert.deepEqual(plan.findings.map((f) => f.rule), ['no-items', 'missing-id']);
      else assert.deepEqual(plan.findings, []);
    });
  }

  it('a bold id then a space is an id even before its proof is written', () => {
    const plan = parsePlan('- **S1** Create it.');
    assert.deepEqual(plan.items.map((i) => i.id), ['S1']);
    assert.deepEqual(plan.findings.map((f) => [f.id, f.rule]), [['S1', 'missing-proof']]);
  });
});

describe('parsePlan: proofs', () => {
  const cases: [string, string, Proof][] = [
    ['simple command', '- S1. x Proof: `npm test -- --grep parser`', cmd('npm test -- --grep parser')],
    ['and', '- S1. x Proof: `npm run build && npm test`', cmd('npm run build && npm test')],
    ['or', '- S1. x Proof: `make check || make test`', cmd('make check || make test')],
    ['pipe', '- S1. x Proof: `grep -c x f | test 1 -eq`', cmd('grep -c x f | test 1 -eq')],
    ['double quotes', '- S1. x Proof: `grep -q "a b" f`', cmd('grep -q "a b" f')],
    ['single quotes', "- S1. x Proof: `grep -q 'it''s' f`", cmd("grep -q 'it''s' f")],
    ['double backticks around a backtick', '- S1. x Proof: `` grep -q "`whoami`" users.txt ``', cmd('grep -q "`whoami`" users.txt')],
    ['double backticks without padding', '- S1. x Proof: ``a`b``', cmd('a`b')],
    ['redirections', '- S1. x Proof: `sort <in.txt >out.txt 2>&1`', cmd('sort <in.txt >out.txt 2>&1')],
    ['heredoc', '- S1. x Proof: `cat <<EOF`', cmd('cat <<EOF')],
    ['bold label', '- S1. x **Proof:** `npm test`', cmd('npm test')],
    ['bold label, colon outside', '- S1. x **Proof**: `npm test`', cmd('npm test')],
    ['upper-case label', '- S1. x PROOF: `npm test`', cmd('npm test')],
    ['no space after the label', '- S1. x Proof:`npm test`', cmd('npm test')],
    ['code span before the label', '- S1. Edit `src/a.ts` and `b.ts`. Proof: `npm test`', cmd('npm test')],
    ['code span after the proof', '- S1. x Proof: `npm test` (see `docs/a.md`)', cmd('npm test')],
    ['proof on the next line', '- S1. Do it.\n  Proof: `npm test`', cmd('npm test')],
    ['label and span split by a line break', '- S1. Do it. Proof:\n  `npm test`', cmd('npm test')],
    ['proof in a second paragraph', '- S1. Do it.\n\n  Proof: `npm test`', cmd('npm test')],
    ['trailing space in the span is trimmed', '- S1. x Proof: `npm test `', cmd('npm test')],
    ['prose mentioning the label first', '- S1. Document the Proof: line. Proof: `npm test`', cmd('npm test')],
    ['a word ending in proof is no label', '- S1. Disproof: it. Proof: `npm test`', cmd('npm test')],
    ['single-word command', '- S1. x Proof: `make`', cmd('make')],
    ['script', '- S1. x Proof: `./run.sh`', cmd('./run.sh')],
    ['em dash human', '- S1. x Proof: human — you approve the copy', { kind: 'human', what: 'you approve the copy' }],
    ['en dash human', '- S1. x Proof: human – you approve the copy', { kind: 'human', what: 'you approve the copy' }],
    ['spaced hyphen human', '- S1. x Proof: human - you approve the copy', { kind: 'human', what: 'you approve the copy' }],
    ['colon human', '- S1. x Proof: human: you approve the copy', { kind: 'human', what: 'you approve the copy' }],
    ['dash glued to human', '- S1. x Proof: human—you approve', { kind: 'human', what: 'you approve' }],
    ['capitalised human', '- S1. x Proof: Human — you approve', { kind: 'human', what: 'you approve' }],
    ['human text keeps code', '- S1. x Proof: human — you run `demo` and like it', { kind: 'human', what: 'you run demo and like it' }],
    ['human text wraps', '- S1. x Proof: human — you read\n  the summary', { kind: 'human', what: 'you read the summary' }],
    ['em dash later', '- S1. x Proof: later — the nightly build passes', { kind: 'later', event: 'the nightly build passes' }],
    ['en dash later', '- S1. x Proof: later – the deploy ends', { kind: 'later', event: 'the deploy ends' }],
    ['spaced hyphen later', '- S1. x Proof: later - the deploy ends', { kind: 'later', event: 'the deploy ends' }],
    ['colon later', '- S1. x Proof: later: the deploy ends', { kind: 'later', event: 'the deploy ends' }],
  ];
  for (const [name, md, want] of cases) {
    it(name, () => {
      const plan = parsePlan(md);
      assert.deepEqual(plan.findings, []);
      assert.equal(plan.items.length, 1);
      assert.deepEqual(plan.items[0]!.proof, want);
      assert.equal(plan.items[0]!.owner, want.kind === 'command' ? 'claude' : want.kind);
    });
  }
});

describe('parsePlan: refusals', () => {
  // [name, item, rule, words the message must hold besides the id]
  const cases: [string, string, PlanRule, string[]][] = [
    ['no label', '- S1. Do it.', 'missing-proof', ['Proof: `']],
    ['nothing after the label', '- S2. Do it. Proof:', 'missing-proof', ['nothing usable', 'Proof: `']],
    ['only spaces in the span', '- S2. Do it. Proof: ` `', 'missing-proof', ['nothing usable']],
    ['command not in backticks', '- S3. Do it. Proof: npm test', 'missing-proof', ['"npm test"', 'backticks']],
    ['words before the span', '- S3. Do it. Proof: run `npm test`', 'missing-proof', ['backticks']],
    ['human without what', '- S4. Do it. Proof: human', 'missing-proof', ['Proof: human —']],
    ['human with an empty what', '- S4. Do it. Proof: human —', 'missing-proof', ['Proof: human —']],
    ['later without a separator', '- S4. Do it. Proof: later the deploy', 'missing-proof', ['Proof: later —']],
    ['bare file', '- S5. Write it. Proof: `REPORT.md`', 'bare-name', ['`REPORT.md`', 'a file existing is not a check passing', 'grep -q']],
    ['bare file with a path', '- S5. Write it. Proof: `docs/x.md`', 'bare-name', ['`docs/x.md`', 'grep -q']],
    ['bare folder', '- S5. Write it. Proof: `docs/`', 'bare-name', ['grep -rq']],
    ['placeholder in a command', '- S6. Do it. Proof: `cat <file>`', 'placeholder', ['<file>', 'real value']],
    ['upper-case placeholder', '- S6. Do it. Proof: `npm test -- --grep <ID>`', 'placeholder', ['<ID>']],
    ['placeholder in human text', '- S6. Do it. Proof: human — <what closes it>', 'placeholder', ['<what closes it>', 'Proof: human —']],
    ['placeholder in later text', '- S6. Do it. Proof: later — `<event>`', 'placeholder', ['<event>', 'Proof: later —']],
    ['unmatched single backtick', '- S7. Do it. Proof: `npm test', 'cut-short', ['"`npm test"', 'unmatched backtick']],
    ['unmatched double backtick', '- S7. Do it. Proof: ``npm test `x`', 'cut-short', ['"``npm test `x`"', 'double backticks']],
    ['stray backtick before the label', '- S7. Edit `a and `b`. Proof: `npm test`', 'cut-short', ['unmatched backtick']],
  ];
  for (const [name, md, rule, words] of cases) {
    it(name, () => {
      const plan = parsePlan(`# Plan\n\n## Steps\n\n${md}\n`);
      const id = /S\d+/.exec(md)![0];
      assert.deepEqual(plan.findings.map((f) => [f.id, f.rule, f.line]), [[id, rule, 5]]);
      const { message } = plan.findings[0]!;
      assert.ok(message.includes(id), message);
      for (const w of words) assert.ok(message.includes(w), `${JSON.stringify(w)} not in: ${message}`);
      assert.ok(!/[\r\n]/.test(message), 'one line');
      // The item stays visible, and a refused proof never counts.
      assert.deepEqual(plan.items.map((i) => [i.id, i.proof]), [[id, null]]);
    });
  }

  it('owner follows the proof kind even when refused', () => {
    const plan = parsePlan('- S1. a Proof: human — <who>\n- S2. b Proof: later\n- S3. c Proof: `x.md`\n- S4. d');
    assert.deepEqual(plan.items.map((i) => i.owner), ['human', 'later', 'claude', 'claude']);
  });

  it('reports a placeholder and a bare name together', () => {
    const plan = parsePlan('- S1. a Proof: `docs/<name>.md`');
    assert.deepEqual(plan.findings.map((f) => f.rule), ['placeholder', 'bare-name']);
  });

  const alongside: [string, string, PlanRule[]][] = [
    ['a placeholder not in backticks', '- S1. a Proof: <command>', ['missing-proof', 'placeholder']],
    ['a placeholder in a cut-short proof', '- S1. a Proof: `cat <file>', ['cut-short', 'placeholder']],
  ];
  for (const [name, md, rules] of alongside) {
    it(`reports ${name} too`, () => {
      const plan = parsePlan(md);
      assert.deepEqual(plan.findings.map((f) => f.rule), rules);
      assert.ok(plan.findings.every((f) => f.id === 'S1' && f.message.startsWith('S1')));
    });
  }

  it('missing-id names the line, quotes the item and shows the line rewritten with the next free id', () => {
    const plan = parsePlan('# P\n\n- S1. ok Proof: `make`\n- Add logging. Proof: `npm test`\n');
    assert.deepEqual(plan.findings.map((f) => [f.id, f.rule, f.line]), [[null, 'missing-id', 4]]);
    assert.equal(plan.findings[0]!.message, 'The item "Add logging. Proof: npm test" on line 4 has Proof: but no id; write line 4 as: - **S2.** Add logging. Proof: `npm test`');
    assert.deepEqual(plan.items.map((i) => i.id), ['S1']);
  });

  // [name, plan, line of the item, the message its missing-id finding shows]
  const rewritten: [string, string, number, string][] = [
    [
      'a nested item is rewritten after its marker, without the indentation',
      '- S1. a Proof: `make`\n  - Add logging. Proof: `npm test`\n',
      2,
      'The item "Add logging. Proof: npm test" on line 2 has Proof: but no id; write line 2 as: - **S2.** Add logging. Proof: `npm test`',
    ],
    [
      'an ordered marker of two digits is kept',
      '10. Add logging. Proof: `npm test`\n',
      1,
      'The item "Add logging. Proof: npm test" on line 1 has Proof: but no id; write line 1 as: 10. **S1.** Add logging. Proof: `npm test`',
    ],
    [
      'the spaces after the marker are kept',
      '-   Add logging. Proof: `npm test`\n',
      1,
      'The item "Add logging. Proof: npm test" on line 1 has Proof: but no id; write line 1 as: -   **S1.** Add logging. Proof: `npm test`',
    ],
    [
      'space at the end of the line is dropped',
      '- Add logging. Proof: `npm test`   \n',
      1,
      'The item "Add logging. Proof: npm test" on line 1 has Proof: but no id; write line 1 as: - **S1.** Add logging. Proof: `npm test`',
    ],
    [
      'an item in a blockquote keeps the quote marker in front of its list marker',
      '## Steps\n\n> - S1. ok Proof: `make`\n> - Add logging. Proof: `npm test`\n',
      4,
      'The item "Add logging. Proof: npm test" on line 4 has Proof: but no id; write line 4 as: > - **S2.** Add logging. Proof: `npm test`',
    ],
    [
      'an item in an indented nested blockquote keeps both quote markers',
      '  > > - Add logging. Proof: `npm test`\n',
      1,
      'The item "Add logging. Proof: npm test" on line 1 has Proof: but no id; write line 1 as: > > - **S1.** Add logging. Proof: `npm test`',
    ],
    [
      'a plan with lone carriage returns as line endings is rewritten from its own line, backticks and all',
      '# P\r\r- S1. ok Proof: `make`\r- Add logging. Proof: `npm test`\r',
      4,
      'The item "Add logging. Proof: npm test" on line 4 has Proof: but no id; write line 4 as: - **S2.** Add logging. Proof: `npm test`',
    ],
    [
      'a line separator inside the line is kept as written',
      '- S1. ok Proof: `make`\n- Add\u2028logging. Proof: `npm test`\n',
      2,
      'The item "Add logging. Proof: npm test" on line 2 has Proof: but no id; write line 2 as: - **S2.** Add\u2028logging. Proof: `npm test`',
    ],
    [
      'an item whose marker ends its line gets the id alone after the marker',
      '- S1. ok Proof: `make`\n-\n  Add logging. Proof: `npm test`\n',
      2,
      'The item "Add logging. Proof: npm test" on line 2 has Proof: but no id; write line 2 as: - **S2.**',
    ],
    [
      'a step whose marker ends its line gets the id and the proof after the marker',
      '# P\n\n1.\n   Wire it in\n',
      3,
      'The item "Wire it in" on line 3 has no id and no proof; write line 3 as: 1. **S1.** Proof: `<a command that fails until this is done>` with the command that fails until it is done in the backticks (or Proof: human — what you confirm).',
    ],
    [
      'a step that ends in a full stop gets no second one before its proof',
      '# P\n\n1. Wire it in.\n',
      3,
      'The item "Wire it in." on line 3 has no id and no proof; write line 3 as: 1. **S1.** Wire it in. Proof: `<a command that fails until this is done>` with the command that fails until it is done in the backticks (or Proof: human — what you confirm).',
    ],
  ];
  for (const [name, md, line, message] of rewritten) {
    it(`missing-id: ${name}`, () => {
      const plan = parsePlan(md);
      assert.deepEqual(plan.findings.filter((f) => f.rule === 'missing-id'), [{ id: null, rule: 'missing-id', line, message }]);
    });
  }

  it('a plan of numbered steps and a Verification list without ids or proofs: one finding per item, each rewritten', () => {
    const plan = parsePlan('# Limiter\n\n## Steps\n\n1. **Create the limiter module**\n   - read the config\n2. Wire it in\n\n## Verification\n\n- Run `npm test -- limiter`\n- Check the docs\n');
    assert.deepEqual(plan.items, []);
    assert.deepEqual(
      plan.findings.map((f) => [f.rule, f.line]),
      [['no-items', 1], ['missing-id', 5], ['missing-id', 7], ['missing-id', 11], ['missing-id', 12]],
      'the nested bullet is part of its step',
    );
    const [, s1, s2, v1, v2] = plan.findings.map((f) => f.message);
    assert.match(plan.findings[0]!.message, /the 4 lines below show each item rewritten/);
    assert.match(s1!, /on line 5 has no id and no proof; write line 5 as: 1\. \*\*S1\.\*\* \*\*Create the limiter module\*\*\. Proof: `<a command that fails until this is done>`/);
    assert.match(s2!, /write line 7 as: 2\. \*\*S2\.\*\* Wire it in\. Proof: `</);
    assert.match(v1!, /write line 11 as: - \*\*V1\.\*\* Run `npm test -- limiter`\. Proof: `npm test -- limiter`\.$/, 'a check that names its command gets it as its proof');
    assert.match(v2!, /write line 12 as: - \*\*V2\.\*\* Check the docs\. Proof: `<the command that checks it>`/);
    // what the finding asks for passes once the placeholders are filled in
    const fixed = [5, 7, 11, 12].map((l, i) => / as: (.*?)(?: with the .*)?\.?$/.exec(plan.findings[i + 1]!.message)![1]!.replace(/`<[^`]*>`/, '`sh check.sh`'));
    const again = parsePlan(`# Limiter\n\n## Steps\n\n${fixed[0]}\n${fixed[1]}\n\n## Verification\n\n${fixed[2]}\n${fixed[3]}\n`);
    assert.deepEqual(again.findings, []);
    assert.deepEqual(again.items.map((i) => i.id), ['S1', 'S2', 'V1', 'V2']);
  });

  it('duplicate-id flags the second and later uses, suggesting a free id', () => {
    const plan = parsePlan('- S1. a Proof: `make`\n- S2. b Proof: `make`\n- S1. c Proof: `make`\n- s1. d Proof: `make`\n- V1. e Proof: `make`');
    assert.deepEqual(plan.findings.map((f) => [f.id, f.rule, f.line]), [['S1', 'duplicate-id', 3], ['s1', 'duplicate-id', 4]]);
    assert.equal(plan.findings[0]!.message, 'S1 is already used on line 1; give this item its own id, e.g. S3.');
    assert.equal(plan.findings[1]!.message, 's1 is already used on line 1; give this item its own id, e.g. s4.');
    // Both copies stay items with their proofs: the id clash is the only finding.
    assert.deepEqual(plan.items.map((i) => [i.id, i.proof]), [
      ['S1', cmd('make')], ['S2', cmd('make')], ['S1', cmd('make')], ['s1', cmd('make')], ['V1', cmd('make')],
    ]);
  });

  const empty: [string, string][] = [
    ['empty file', ''],
    ['only a title', '# Plan\n'],
    ['prose and plain bullets', fixture('prose.md')],
  ];
  for (const [name, md] of empty) {
    it(`no-items: ${name}`, () => {
      const plan = parsePlan(md);
      assert.deepEqual(plan.items, []);
      assert.deepEqual(plan.findings[0], { id: null, rule: 'no-items', line: 1, message: plan.findings[0]!.message });
      // every other finding teaches one of its list items
      assert.ok(plan.findings.slice(1).every((f) => f.rule === 'missing-id' && / as: /.test(f.message)));
      if (plan.findings.length === 1) assert.match(plan.findings[0].message, /- S1\. .*Proof: `npm test`/);
    });
  }
});

describe('parsePlan: structure', () => {
  it('title is the first heading, list the nearest heading above', () => {
    const plan = parsePlan('Intro.\n\n- S1. a Proof: `make`\n\n# Title\n\n## Steps\n\n- S2. b Proof: `make`\n\n### Deeper **bold** `code`\n\n- S3. c Proof: `make`\n\n## Checks\n\n- V1. d Proof: `make`\n');
    assert.equal(plan.title, 'Title');
    assert.deepEqual(plan.items.map((i) => [i.id, i.list]), [['S1', ''], ['S2', 'Steps'], ['S3', 'Deeper bold code'], ['V1', 'Checks']]);
    assert.deepEqual(plan.items.map((i) => isCheckList(i.list)), [false, false, false, true]);
  });

  it('title is null without headings; setext headings count', () => {
    assert.equal(parsePlan('- S1. a Proof: `make`').title, null);
    assert.equal(parsePlan('My plan\n=======\n\n- S1. a Proof: `make`').title, 'My plan');
  });

  it('text is the item own paragraphs, without nested items', () => {
    const plan = parsePlan('- **S1.** Parse `a.md` *fast*.\n\n  More words.\n  Proof: `make`\n  - S2. Nested. Proof: `false`\n    - plain sub-bullet\n');
    assert.deepEqual(plan.items.map((i) => [i.id, i.text, i.line]), [
      ['S1', 'S1. Parse a.md fast. More words. Proof: make', 1],
      ['S2', 'S2. Nested. Proof: false', 5],
    ]);
    assert.equal(plan.items[0]!.key, ':s1. parse a.md fast. more words. proof: make');
    assert.deepEqual(plan.findings, []);
  });

  it('a nested item without its own proof does not borrow the parent proof', () => {
    const plan = parsePlan('- S1. a Proof: `make`\n  - S2. b\n');
    assert.deepEqual(plan.items.map((i) => [i.id, i.proof]), [['S1', cmd('make')], ['S2', null]]);
    assert.deepEqual(plan.findings.map((f) => [f.id, f.rule]), [['S2', 'missing-proof']]);
  });

  it('bullets without id and without Proof: are ignored', () => {
    const plan = parsePlan('# P\n\n- keep it pure\n- use `npm test`\n  - deeper\n\n- S1. a Proof: `make`\n');
    assert.deepEqual(plan.findings, []);
    assert.deepEqual(plan.items.map((i) => i.id), ['S1']);
  });

  it('items inside a blockquote are read too', () => {
    const plan = parsePlan('## Steps\n\n> - S1. a Proof: `make`\n');
    assert.deepEqual(plan.items.map((i) => [i.id, i.list, i.line]), [['S1', 'Steps', 3]]);
  });

  it('CRLF line endings and a BOM read the same as LF', () => {
    for (const name of ['good.md', 'refused.md']) {
      const lf = fixture(name).replace(/\r\n/g, '\n');
      const crlf = `\uFEFF${lf.replace(/\n/g, '\r\n')}`;
      assert.deepEqual(parsePlan(crlf), parsePlan(lf), name);
    }
  });

  it('a zero-width no-break space inside the plan is kept: only one at the very start is a byte-order mark', () => {
    const plan = parsePlan('- S1. a Proof: `grep -q \uFEFF f`\n');
    assert.deepEqual(plan.items[0]!.proof, cmd('grep -q \uFEFF f'));
  });

  it('a code span broken across lines reads as one line, as CommonMark says', () => {
    const plan = parsePlan('- S1. a Proof: `npm\r\n  test`\r\n');
    assert.deepEqual(plan.items[0]!.proof, cmd('npm test'));
  });
});

describe('parsePlan: fixtures', () => {
  it('good.md has every item and no findings', () => {
    const plan = parsePlan(fixture('good.md'));
    assert.equal(plan.title, 'Plan: plan parser for Proofmeter');
    assert.deepEqual(plan.findings, []);
    assert.deepEqual(
      plan.items.map((i) => [i.id, i.list, i.line, i.owner, i.proof]),
      [
        ['S1', 'Steps', 11, 'claude', cmd('npm test -- --grep parser')],
        ['S2', 'Steps', 12, 'claude', cmd('npm run build && npm run lint')],
        ['S3', 'Steps', 13, 'claude', cmd('make check || make test')],
        ['S4', 'Steps', 14, 'claude', cmd('node dist/proofmeter.js plan plan.md | grep -c "^S"')],
        ['S5', 'Steps', 15, 'claude', cmd('grep -q "`whoami`" users.txt')],
        ['S6', 'Steps', 16, 'claude', cmd(`grep -q "it's done" 'REPORT.md'`)],
        ['S7', 'Sub-steps', 21, 'claude', cmd('bin/check')],
        ['S8', 'Sub-steps', 22, 'claude', cmd('./run.sh')],
        ['V1', 'Checks', 26, 'human', { kind: 'human', what: 'you approve the summary wording' }],
        ['V2', 'Checks', 27, 'later', { kind: 'later', event: 'the nightly build on main passes' }],
        ['V12', 'Checks', 28, 'claude', cmd('sort <in.txt >out.txt && diff out.txt expected.txt 2>&1')],
        ['V13', 'Checks', 29, 'claude', cmd('cat <<EOF | grep -q x')],
        ['V14', 'Checks', 30, 'human', { kind: 'human', what: 'the designer signs off' }],
        ['V15', 'Checks', 31, 'later', { kind: 'later', event: 'the deploy to staging finishes' }],
      ],
    );
    assert.deepEqual([...new Set(plan.items.filter((i) => isCheckList(i.list)).map((i) => i.id))], ['V1', 'V2', 'V12', 'V13', 'V14', 'V15']);
  });

  it('refused.md has one finding per broken item, each naming its id', () => {
    const plan = parsePlan(fixture('refused.md'));
    assert.deepEqual(
      plan.findings.map((f) => [f.id, f.rule, f.line]),
      [
        ['S1', 'missing-proof', 5],
        ['S2', 'missing-proof', 6],
        ['S3', 'bare-name', 7],
        ['S4', 'placeholder', 8],
        ['S5', 'placeholder', 9],
        ['S6', 'cut-short', 10],
        ['S7', 'cut-short', 11],
        [null, 'missing-id', 12],
        ['S3', 'duplicate-id', 13],
        ['S8', 'missing-proof', 14],
      ],
    );
    for (const f of plan.findings) {
      if (f.id) assert.ok(f.message.startsWith(f.id), f.message);
      assert.ok(!/[\r\n]/.test(f.message), f.message);
    }
    assert.deepEqual(plan.items.map((i) => i.id), ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S3', 'S8']);
  });
});
