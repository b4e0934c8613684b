// Inline Markdown flattened to text: what a proof reader and a heading see of each kind of node.
import { strict as assert } from 'node:assert';
import { type Flat, flatten, foldSpace, plainText } from '../../../src/core/plan/inlineText';

// The node types by way of the functions, as `mdast` is a types-only package.
type PhrasingContent = Parameters<typeof flatten>[0][number];
type Nodes = Parameters<typeof plainText>[0];

describe('flatten', () => {
  const cases: [string, PhrasingContent[], Flat][] = [
    [
      'an empty text leaves no segment behind',
      [{ type: 'text', value: '' }, { type: 'text', value: 'a' }],
      { text: 'a', segments: [{ kind: 'text', value: 'a', start: 0 }] },
    ],
    [
      'a hard line break reads as a new line',
      [{ type: 'text', value: 'a' }, { type: 'break' }, { type: 'text', value: 'b' }],
      {
        text: 'a\nb',
        segments: [
          { kind: 'text', value: 'a', start: 0 },
          { kind: 'text', value: '\n', start: 1 },
          { kind: 'text', value: 'b', start: 2 },
        ],
      },
    ],
    [
      'an image reads as its alt text',
      [{ type: 'text', value: 'see ' }, { type: 'image', url: 'chart.png', alt: 'the chart' }],
      {
        text: 'see the chart',
        segments: [
          { kind: 'text', value: 'see ', start: 0 },
          { kind: 'text', value: 'the chart', start: 4 },
        ],
      },
    ],
    [
      'an image without alt text reads as nothing',
      [{ type: 'image', url: 'chart.png', alt: null }, { type: 'text', value: 'x' }],
      { text: 'x', segments: [{ kind: 'text', value: 'x', start: 0 }] },
    ],
  ];
  for (const [name, nodes, want] of cases) {
    it(name, () => assert.deepEqual(flatten(nodes), want));
  }
});

describe('plainText', () => {
  const cases: [string, Nodes, string][] = [
    ['a code span broken across lines reads as one line', { type: 'inlineCode', value: 'npm\ntest' }, 'npm test'],
    ['a text keeps its line breaks (the heading folds them later)', { type: 'text', value: 'a\nb' }, 'a\nb'],
    [
      'an image in a heading reads as its alt text',
      { type: 'heading', depth: 2, children: [{ type: 'text', value: 'See ' }, { type: 'image', url: 'c.png', alt: 'chart' }] },
      'See chart',
    ],
    ['an image reference reads as its alt text', { type: 'imageReference', identifier: 'logo', referenceType: 'shortcut', alt: 'logo' }, 'logo'],
    ['an image without alt text reads as nothing', { type: 'image', url: 'c.png', alt: null }, ''],
    ['an image reference without alt text reads as nothing', { type: 'imageReference', identifier: 'x', referenceType: 'full', alt: null }, ''],
    ['a node with neither value nor children reads as nothing', { type: 'thematicBreak' }, ''],
  ];
  for (const [name, node, want] of cases) {
    it(name, () => assert.equal(plainText(node), want));
  }
});

describe('foldSpace', () => {
  it('folds every run of white space into one space and trims the ends', () => {
    assert.equal(foldSpace(' \t a  \n b \r\n'), 'a b');
  });
});
