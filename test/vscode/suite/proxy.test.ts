// The compaction proxy commands in the real extension host: start it, reach it on loopback (it
// refuses another host name without calling the provider, so no network is needed), stop it.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import * as vscode from 'vscode';

function post(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v1/messages`, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
    req.on('error', reject);
    req.end('{}');
  });
}

export function defineProxyTests(mode: 'trusted' | 'restricted'): void {
  describe(`Proofmeter compaction proxy commands (${mode})`, function () {
    if (mode === 'restricted') {
      it('refuses to start the proxy in Restricted Mode', async () => {
        assert.equal(await vscode.commands.executeCommand('proofmeter.startProxy'), null);
      });
      return;
    }
    it('starts the proxy on loopback, which refuses other host names, and stops it', async () => {
      const url = await vscode.commands.executeCommand<string | null>('proofmeter.startProxy');
      assert.match(url ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(await vscode.commands.executeCommand('proofmeter.startProxy'), url, 'started once');
      assert.equal(await post(url!, 'attacker.example'), 421);
      assert.equal(await vscode.commands.executeCommand('proofmeter.stopProxy'), true);
      await assert.rejects(post(url!, '127.0.0.1'), 'nothing listens after stop');
      assert.equal(await vscode.commands.executeCommand('proofmeter.stopProxy'), false);
    });
  });
}
