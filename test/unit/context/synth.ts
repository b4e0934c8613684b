// Transcript records for the context meter, in the compact form Claude Code writes.
let n = 0;
let clock = Date.parse('2026-05-01T00:00:00Z');
const next = () => {
  n += 1;
  clock += 1000;
  return { uuid: `u-${n}`, timestamp: new Date(clock).toISOString(), sessionId: 'ctx-session' };
};

export function lastUuid(): string {
  return `u-${n}`;
}

export function user(content: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ parentUuid: null, isSidechain: false, type: 'user', message: { role: 'user', content }, ...next(), ...extra });
}

export interface Usage {
  input: number;
  cacheCreation?: number;
  cacheRead?: number;
}

export function assistant(content: unknown[], usage: Usage | null, opts: { id?: string; model?: string; sidechain?: boolean } = {}): string {
  const message: Record<string, unknown> = { id: opts.id ?? `msg_${n + 1}`, type: 'message', role: 'assistant', model: opts.model ?? 'claude-opus-5-5', content };
  if (usage) message.usage = { input_tokens: usage.input, cache_creation_input_tokens: usage.cacheCreation ?? 0, cache_read_input_tokens: usage.cacheRead ?? 0, output_tokens: 10 };
  return JSON.stringify({ parentUuid: null, isSidechain: opts.sidechain === true, type: 'assistant', message, ...next() });
}

export function attachment(a: Record<string, unknown>): string {
  return JSON.stringify({ parentUuid: null, isSidechain: false, type: 'attachment', attachment: a, ...next() });
}

export function boundary(meta: Record<string, unknown>): string {
  return JSON.stringify({ parentUuid: null, isSidechain: false, type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted', compactMetadata: meta, ...next() });
}

export function apiRequest(betas: string[], model = 'claude-opus-5-5'): string {
  return JSON.stringify({ type: 'api-request', sessionId: 'ctx-session', params: { model, betas } });
}

export const text = (chars: number): { type: 'text'; text: string } => ({ type: 'text', text: 'a'.repeat(chars) });

export function bytesOf(lines: string[]): Uint8Array {
  return Buffer.from(lines.map((l) => l + '\n').join(''));
}
