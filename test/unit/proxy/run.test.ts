import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';

describe('proofmeter proxy run', () => {
  it('gives the command ANTHROPIC_BASE_URL pointing at its proxy and exits with its code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-run-'));
    const err: string[] = [];
    const code = await main(
      ['proxy', 'run', '--upstream', 'http://127.0.0.1:9', '--', 'sh', '-c', 'case "$ANTHROPIC_BASE_URL" in http://127.0.0.1:[0-9]*) exit 3;; *) exit 9;; esac'],
      { out: () => {}, err: (s) => err.push(s), readStdin: async () => '', env: { ...process.env, PROOFMETER_PROXY_STATE: dir }, cwd: dir },
    );
    assert.equal(code, 3, err.join('\n'));
    assert.match(err.join('\n'), /proofmeter proxy: http:\/\/127\.0\.0\.1:\d+ for sh/);
  });

  it('refuses a run without a command', async () => {
    const code = await main(['proxy', 'run'], { out: () => {}, err: () => {}, readStdin: async () => '', env: {}, cwd: tmpdir() });
    assert.equal(code, 2);
  });
});
