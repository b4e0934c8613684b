// Raw transcript bytes into lines: a byte-order mark is skipped only when all three of its bytes
// open the file, and a CRLF line loses both its CR and its LF.
import { strict as assert } from 'node:assert';
import { splitLines } from '../../../src/core/transcript/lineSplitter';

const line = (bytes: number[]) => Array.from(splitLines(new Uint8Array(bytes), 0).lines, (l) => ({ bytes: Array.from(l.bytes), offset: l.offset }));

describe('transcript bytes split into lines', () => {
  const cases: Array<[string, number[], Array<{ bytes: number[]; offset: number }>]> = [
    ['a whole byte-order mark is skipped', [0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0x0a], [{ bytes: [0x7b, 0x7d], offset: 3 }]],
    ['EF then another byte then BF is no byte-order mark, and stays in the line', [0xef, 0x41, 0xbf, 0x7b, 0x0a], [{ bytes: [0xef, 0x41, 0xbf, 0x7b], offset: 0 }]],
    ['EF BB then another byte is no byte-order mark, and stays in the line', [0xef, 0xbb, 0x41, 0x7b, 0x0a], [{ bytes: [0xef, 0xbb, 0x41, 0x7b], offset: 0 }]],
    ['a CRLF line ends before its CR', [0x7b, 0x7d, 0x0d, 0x0a, 0x5b, 0x0a], [{ bytes: [0x7b, 0x7d], offset: 0 }, { bytes: [0x5b], offset: 4 }]],
  ];
  for (const [what, bytes, want] of cases) {
    it(what, () => assert.deepEqual(line(bytes), want));
  }
});
