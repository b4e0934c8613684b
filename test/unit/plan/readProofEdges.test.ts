import { strict as assert } from 'node:assert';
import type { Flat, Segment } from '../../../src/core/plan/inlineText';
import { readProof } from '../../../src/core/plan/readProof';

// Flats are built by hand so each test controls exactly where code spans and HTML sit.
function flat(...parts: [Segment['kind'], string][]): Flat {
  const segments: Segment[] = [];
  let text = '';
  for (const [kind, value] of parts) {
    segments.push({ kind, value, start: text.length });
    text += value;
  }
  return { text, segments };
}

describe('readProof: a usable proof in an earlier paragraph wins over a later bare Proof:', () => {
  const bareLater = flat(['text', 'Proof:']);
  it('a code span proof is kept even when a later paragraph has an empty Proof:', () => {
    assert.deepEqual(readProof([flat(['text', 'Proof: '], ['code', 'npm test']), bareLater]), {
      status: 'ok',
      proof: { kind: 'command', command: 'npm test' },
    });
  });
  it('a human proof with what to check is kept even when a later paragraph has an empty Proof:', () => {
    assert.deepEqual(readProof([flat(['text', 'Proof: human — eyeball the page']), bareLater]), {
      status: 'ok',
      proof: { kind: 'human', what: 'eyeball the page' },
    });
  });
});

describe('readProof: a stray backtick is quoted from where it stands, not from earlier spans', () => {
  it('a code span before Proof: is not shown again in the cut-short text', () => {
    assert.deepEqual(readProof([flat(['code', 'x'], ['text', ' Proof: `npm test'])]), {
      status: 'cut-short',
      text: '`npm test',
    });
  });
  it('an empty code span that ends right at the stray backtick is not shown', () => {
    assert.deepEqual(readProof([flat(['text', 'Proof: '], ['code', ''], ['text', '`npm test'])]), {
      status: 'cut-short',
      text: '`npm test',
    });
  });
});

describe('readProof: a Proof: is swallowed only when a code span of some paragraph holds it', () => {
  const cases: [string, Flat[], boolean][] = [
    ['one paragraph of two has the label in a code span', [flat(['text', 'Do it.']), flat(['text', 'See '], ['code', 'x Proof: y'])], true],
    ['a code span without the label', [flat(['text', 'Run '], ['code', 'npm test'])], false],
    ['the label inside inline HTML', [flat(['text', 'Run '], ['html', '<b title="Proof:">'])], false],
    ['no code at all', [flat(['text', 'Just words.'])], false],
  ];
  for (const [name, paragraphs, swallowed] of cases) {
    it(`${name}: swallowed is ${String(swallowed)}`, () => {
      assert.deepEqual(readProof(paragraphs), { status: 'absent', swallowed });
    });
  }
});
