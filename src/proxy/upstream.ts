// The call to the provider, made in-process with node:http(s): request headers (which carry the API
// key or sign-in token) never appear on a command line, and hop-by-hop headers are not forwarded.
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const HOP = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length']);

export function forwardHeaders(h: IncomingHttpHeaders, bodyLength: number): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && !HOP.has(k)) out[k] = v;
  out['content-length'] = bodyLength;
  return out;
}

export function responseHeaders(h: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(h)) {
    // The body is passed on byte for byte, so its length still holds.
    if (v !== undefined && (k === 'content-length' || !HOP.has(k))) out[k] = v;
  }
  return out;
}

export class Upstream {
  readonly base: URL;
  readonly origin: string;
  private readonly agent: HttpAgent;

  constructor(url: string) {
    this.base = new URL(url);
    this.origin = this.base.origin;
    this.agent = this.base.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  /** Sends one request; resolves with the response (its body not yet read). */
  send(method: string, path: string, headers: IncomingHttpHeaders, body: Buffer, signal: AbortSignal): Promise<IncomingMessage> {
    const prefix = this.base.pathname.replace(/\/+$/, '');
    const target = new URL(prefix + path, this.base.origin);
    const call = this.base.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = call(target, { method, headers: forwardHeaders(headers, body.length), agent: this.agent, signal }, resolve);
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export function readAll(stream: NodeJS.ReadableStream, max = Infinity): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let n = 0;
    // Past `max` the rest is read and dropped, so the result is at most max bytes.
    stream.on('data', (c: Buffer) => { if (n < max) chunks.push(n + c.length <= max ? c : c.subarray(0, max - n)); n += c.length; });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
