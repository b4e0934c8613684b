// The cap the stop gate's message names is the one Claude Code 2.1.332 applies: it reads
// CLAUDE_CODE_STOP_HOOK_BLOCK_CAP as an integer (8 when unset), honours that many consecutive
// blocks, and turns the cap off at 0 or less (test/realcli/seal.test.ts measures it).
import { strict as assert } from 'node:assert';
import { capMessage, capNote } from '../../../src/hooks/stopGate';
import { blockCap } from '../../../src/hooks/stopState';

describe("the stop gate names Claude Code's cap", () => {
  const caps: Array<[string | undefined, number]> = [
    [undefined, 8],
    ['3', 3],
    ['1', 1],
    [' 12 ', 12],
    ['0', Infinity],
    ['-1', Infinity],
    ['soon', 8],
    ['2.5', 8],
  ];
  for (const [value, want] of caps) {
    it(`CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=${value ?? '(unset)'} is a cap of ${want}`, () => assert.equal(blockCap(value === undefined ? {} : { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: value }), want));
  }

  const notes: Array<[number, number, RegExp]> = [
    [3, 8, /^Stop blocked 3 of 8 times in a row \(Claude Code's cap\)\.$/],
    [8, 8, /^Stop blocked 8 of 8 times in a row: Claude Code lets the next stop through/],
    [4, Infinity, /^Stop blocked 4 times in a row \(Claude Code's cap is off/],
  ];
  for (const [blocks, cap, want] of notes) it(`block ${blocks} against a cap of ${cap} reads ${want.source.slice(1, 40)}…`, () => assert.match(capNote(blocks, cap), want));

  // The stop after the cap's last block is let through by the gate itself (stopGate.ts throughAtCap), never blocked a ninth time.
  it('the stop past the cap tells the person it went through, and why', () =>
    assert.equal(capMessage(8, 'Claude\'s part is still NOT DONE (2 open)'), "Proofmeter: the stop was blocked 8 times in a row, Claude Code's cap, so this one goes through; Claude's part is still NOT DONE (2 open)."));
});
