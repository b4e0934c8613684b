// An HTTP(S) proxy that refuses everything and logs who asked. Claude Code gets it as HTTPS_PROXY /
// HTTP_PROXY, so any attempt to reach a host other than the fake API (NO_PROXY) is recorded in
// proxy.jsonl and fails fast instead of hanging in the offline network namespace.
import { createServer, type Server } from 'node:http';
import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

export interface DenyProxy {
  port: number;
  close(): Promise<void>;
}

export function startDenyProxy(logPath: string, host = '127.0.0.1'): Promise<DenyProxy> {
  const log = (entry: Record<string, unknown>) =>
    appendFileSync(logPath, JSON.stringify({ ts: new Date().toISOString(), ...entry }) + '\n');
  const server: Server = createServer((req, res) => {
    req.socket.on('error', () => {});
    log({ kind: 'http', method: req.method, url: req.url });
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end('refused by the test proxy');
  });
  server.on('connect', (req, socket) => {
    socket.on('error', () => {});
    log({ kind: 'connect', target: req.url });
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
