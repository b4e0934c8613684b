// The key a transcript's receipts are filed under (sessionKeyOf): its session id, else its file
// name without .jsonl, on either kind of path separator. No test reached the file-name case.
import { strict as assert } from 'node:assert';
import { sessionKeyOf } from '../../../src/core/evidence/witness';
import type { TranscriptEvents } from '../../../src/core/types';

const transcript = (file: string, sessionId: string | null): TranscriptEvents => ({ file, sessionId, cwd: null, runs: [], notices: [], words: [], edits: [], unreadable: 0, lines: 0 });

describe('the key of a transcript’s receipts', () => {
  const cases: Array<[string, string | null, string]> = [
    ['/home/dev/.claude/projects/-p/abc.jsonl', 's-1', 's-1'],
    ['/home/dev/.claude/projects/-p/abc.jsonl', null, 'abc'],
    ['C:\\Users\\dev\\.claude\\projects\\p\\abc.jsonl', null, 'abc'],
    ['/p/abc.jsonl.bak', null, 'abc.jsonl.bak'],
  ];
  for (const [file, id, want] of cases) {
    it(`${file} with session id ${id} files under ${want}`, () => assert.equal(sessionKeyOf(transcript(file, id)), want));
  }
});
