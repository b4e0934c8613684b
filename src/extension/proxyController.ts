// The compaction proxy inside the extension host: started on a free loopback port, integrated
// terminals pointed at it, a counter of what it compacted, stopped on request or when the window
// closes. No vscode import here, so the host-free tests can drive it with a fake surface.
import { savedTokens, type Counters } from '../core/proxy/counters';
import { DEFAULTS, type ProxyOptions } from '../core/proxy/options';
import type { RunStore } from '../proxy/runStore';
import type { ProxyServer } from '../proxy/server';

/** What the controller changes in the window. */
/** The context key the palette reads: Start shows while no proxy runs (in a trusted folder), Stop while one does. */
export const PROXY_RUNNING_KEY = 'proofmeter.proxyRunning';

export interface ProxySurface {
  /** New integrated terminals get ANTHROPIC_BASE_URL=url. */
  pointTerminals(url: string): void;
  unpointTerminals(): void;
  show(text: string, tooltip: string): void;
  hide(): void;
}

export function counterText(c: Counters): { text: string; tooltip: string } {
  const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
  const compacted = c.compacted + c.reused;
  return {
    text: `$(fold) ${compacted} compacted · ~${k(savedTokens(c))} saved`,
    tooltip: `Proofmeter compaction proxy: ${c.messages} requests, ${compacted} sent smaller (${c.reused} reusing the previous summary), ` +
      `${c.failOpen} failed open, ${c.lengthRetries} length retries; about ${savedTokens(c).toLocaleString('en-US')} estimated tokens saved ` +
      '(estimates at 4 characters a token, not billed tokens). Click to stop it.',
  };
}

export class ProxyController {
  private server: ProxyServer | null = null;
  private store: RunStore | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly surface: ProxySurface, private readonly stateDir: string, private readonly log: (line: string) => void) {}

  get url(): string | null {
    return this.server?.url ?? null;
  }

  get counters(): Counters | null {
    return this.server?.counters ?? null;
  }

  /** Starts the proxy (once) and returns its URL. */
  async start(opts: Partial<ProxyOptions> = {}): Promise<string> {
    if (this.server) return this.server.url;
    // Loaded on first use: activation never pays for node:http and the rule.
    const [{ startProxy }, { RunStore }] = await Promise.all([import('../proxy/server'), import('../proxy/runStore')]);
    const options: ProxyOptions = { ...DEFAULTS, port: 0, ...opts };
    const server = await startProxy(options, {
      log: (e) => { if (e.action && e.action !== 'pass') this.log(`proxy: ${e.action} ${e.estBefore ?? '?'} -> ${e.estAfter ?? '?'} est. tokens, ${e.status}, ${e.ms} ms`); },
      changed: () => { this.store?.changed(); this.refreshSoon(); },
    });
    this.server = server;
    this.store = new RunStore(this.stateDir, { pid: process.pid, port: server.port, startedAt: new Date().toISOString(), upstreamHost: new URL(options.upstream).host, shadow: options.shadow }, () => server.counters);
    this.surface.pointTerminals(server.url);
    this.refresh();
    this.log(`proxy: listening on ${server.url}, upstream ${new URL(options.upstream).host}, threshold ${options.threshold}`);
    return server.url;
  }

  async stop(): Promise<boolean> {
    const server = this.server;
    if (!server) return false;
    this.server = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.surface.unpointTerminals();
    this.surface.hide();
    await server.close();
    this.store?.end();
    this.store = null;
    this.log('proxy: stopped');
    return true;
  }

  private refreshSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => { this.timer = null; this.refresh(); }, 250);
  }

  private refresh(): void {
    if (!this.server) return;
    const { text, tooltip } = counterText(this.server.counters);
    this.surface.show(text, tooltip);
  }
}
