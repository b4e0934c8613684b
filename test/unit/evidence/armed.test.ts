// When a session is held to its receipts, from facts the meter keeps itself: the arming record,
// the receipt entries in the settings, the receipts. Deleting the receipts must take nothing back,
// and a transcript file written into the folder by hand is held like any other session.
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isArmed, type Arming, type SessionFacts } from '../../../src/core/evidence/armed';
import { mergeMeter } from '../../../src/core/install/settingsMerge';
import { armedPath, readArming, recordArmed, removeArmed } from '../../../src/workspace/receiptArming';
import { receiptsDir } from '../../../src/workspace/receiptStore';
import { witnessWorkspace } from '../../../src/workspace/witnessSessions';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { FIXTURES, labTranscript } from '../helpers/fixtures';
import { loggedCalls, playHooks, receiptWorkspace } from '../helpers/receipts';

const SINCE = '2026-11-29T12:00:00.000Z';
const after = Date.parse(SINCE) + 60_000;
const before = Date.parse(SINCE) - 60_000;
const facts = (f: Partial<SessionFacts>): SessionFacts => ({ hasReceipts: false, mtimeMs: null, latestTime: null, ...f });

const RULE: Array<[string, Arming, SessionFacts, boolean]> = [
  ['a session with receipts is held, whatever else', { since: null, installed: false }, facts({ hasReceipts: true }), true],
  ['a session written after the entries were installed is held', { since: SINCE, installed: true }, facts({ mtimeMs: after }), true],
  ['a session whose records are newer than the entries is held, whatever its file time says', { since: SINCE, installed: true }, facts({ mtimeMs: before, latestTime: '2026-11-29T13:00:00.000Z' }), true],
  ['a session written only before the entries is not held', { since: SINCE, installed: true }, facts({ mtimeMs: before, latestTime: '2026-11-29T11:00:00.000Z' }), false],
  ['with the entries installed and the record gone, every session is held (stricter, never looser)', { since: null, installed: true }, facts({ mtimeMs: before }), true],
  ['with the entries removed, a session without receipts is not held', { since: SINCE, installed: false }, facts({ mtimeMs: after }), false],
];

describe('arming', () => {
  for (const [name, arming, s, want] of RULE) {
    it(name, () => assert.equal(isArmed(arming, s), want));
  }

  describe('in a workspace', () => {
    const session = 'f10e432c-90fb-4895-b76a-fccceabde1d3';
    let ws = '';
    let dir = '';
    beforeEach(() => {
      ws = receiptWorkspace();
      const merged = mergeMeter({});
      assert.ok(merged.ok);
      writeFileSync(join(ws, '.claude', 'settings.json'), JSON.stringify(merged.settings, null, 2));
      recordArmed(ws, new Date(SINCE));
      playHooks(ws, loggedCalls(join(FIXTURES, 'lab', 'main', 'hooks.jsonl')));
      dir = mkdtempSync(join(tmpdir(), 'pm-armed-'));
      copyFileSync(labTranscript('main'), join(dir, `${session}.jsonl`));
    });
    afterEach(() => {
      rmSync(ws, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    });

    it('install leaves the receipt entries and the record that arm it; uninstall removes the record', () => {
      assert.deepEqual(readArming(ws), { since: SINCE, installed: true });
      recordArmed(ws, new Date('2027-01-01T00:00:00Z'));
      assert.equal(readArming(ws).since, SINCE, 'the first time stands');
      removeArmed(ws);
      assert.deepEqual(readArming(ws), { since: null, installed: true });
    });

    it('an honest session with its receipts counts whole', () => {
      assert.deepEqual(witnessWorkspace(ws, readTranscripts([join(dir, `${session}.jsonl`)])).findings, []);
    });

    it('deleting the receipts folder takes nothing back: every pass and notice is unmatched', () => {
      rmSync(receiptsDir(ws), { recursive: true });
      const w = witnessWorkspace(ws, readTranscripts([join(dir, `${session}.jsonl`)]));
      // Two passes, a background start and its notice.
      assert.equal(w.findings.length, 4);
      assert.ok(w.findings.every((f) => f.kind === 'transcript-tampered' && f.severity === 'error'));
      assert.equal(w.transcripts[0]!.runs.filter((r) => r.end?.kind === 'passed').length, 0);
    });

    it('deleting the record too leaves every session held while the entries stay', () => {
      rmSync(receiptsDir(ws), { recursive: true });
      rmSync(armedPath(ws));
      utimesSync(join(dir, `${session}.jsonl`), before / 1000, before / 1000);
      assert.ok(witnessWorkspace(ws, readTranscripts([join(dir, `${session}.jsonl`)])).findings.length > 0);
    });

    it('a whole new <uuid>.jsonl written into the transcript folder has no receipts: nothing in it counts', () => {
      const fake = 'c0ffee00-1111-4222-8333-444455556666';
      const text = readFileSync(labTranscript('main'), 'utf8').split(session).join(fake);
      writeFileSync(join(dir, `${fake}.jsonl`), text);
      const w = witnessWorkspace(ws, readTranscripts([join(dir, `${session}.jsonl`), join(dir, `${fake}.jsonl`)]));
      const forged = w.transcripts[1]!;
      assert.equal(forged.runs.filter((r) => r.end?.kind === 'passed' || r.end?.kind === 'pending').length, 0);
      assert.ok(w.findings.length >= 3);
      assert.ok(w.findings.every((f) => f.file === join(dir, `${fake}.jsonl`)), 'only the forged file has findings');
    });

    it('a new file that claims the real session id finds the receipts already used', () => {
      copyFileSync(labTranscript('main'), join(dir, 'c0ffee00-1111-4222-8333-444455556666.jsonl'));
      const w = witnessWorkspace(ws, readTranscripts([join(dir, `${session}.jsonl`), join(dir, 'c0ffee00-1111-4222-8333-444455556666.jsonl')]));
      assert.ok(w.findings.length >= 2);
      assert.ok(w.findings.every((f) => f.file!.includes('c0ffee00')));
    });

    it('without the receipt entries, a session without receipts is not held', () => {
      rmSync(receiptsDir(ws), { recursive: true });
      writeFileSync(join(ws, '.claude', 'settings.json'), '{}');
      assert.deepEqual(witnessWorkspace(ws, readTranscripts([join(dir, `${session}.jsonl`)])).findings, []);
    });

    it('a session last written before the entries were installed is not held', () => {
      rmSync(receiptsDir(ws), { recursive: true });
      mkdirSync(receiptsDir(ws));
      rmSync(armedPath(ws));
      recordArmed(ws, new Date('2026-12-30T00:00:00Z'));
      const old = Date.parse('2026-11-30T00:00:00Z') / 1000;
      utimesSync(join(dir, `${session}.jsonl`), old, old);
      assert.deepEqual(witnessWorkspace(ws, readTranscripts([join(dir, `${session}.jsonl`)])).findings, []);
    });
  });
});
