// A scripted stand-in for the Anthropic Messages API, good enough for the real Claude Code CLI.
//
// The server keeps no conversation state. Each POST /v1/messages is placed by its body alone:
//   * thread: the first thread whose `match` string occurs in the text of the request's first user
//     message (and, unless `requireTools: false`, the request offers tools: side requests such as
//     title generation quote the prompt but carry no tools);
//   * step: the number of assistant messages already in `messages`, so the script advances each time
//     the CLI comes back with tool results or new user text.
// Requests that match no thread (titles, summaries, suggestions) get `sideText`. Compaction
// requests (their last user message asks for a <summary> and forbids tools) are answered in the
// <analysis>/<summary> form. POST /v1/messages/count_tokens is answered with a rough count.
// Everything else is a 404. Every request is appended to `logPath` as one JSON line.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { appendFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface TextBlock { type: 'text'; text: string }
export interface ToolUseBlock { type: 'tool_use'; name: string; input: Record<string, unknown>; id?: string }
export interface ThinkingBlock { type: 'thinking'; thinking: string }
export type ScriptBlock = TextBlock | ToolUseBlock | ThinkingBlock;

/** One model reply: plain text, or a list of content blocks. */
export interface ScriptTurn {
  text?: string;
  content?: ScriptBlock[];
  /** Default: `tool_use` when the reply holds a tool_use block, else `end_turn`. */
  stopReason?: string;
  /** Wait this long before answering (to keep the CLI busy for a while). */
  delayMs?: number;
}

export interface ScriptThread {
  name: string;
  /** Substring of the first user message's text that selects this thread. */
  match: string;
  turns: ScriptTurn[];
  /** Default true: only requests that offer tools belong to the thread. */
  requireTools?: boolean;
  /**
   * name -> regular expression with one group, matched against the raw request body; `{{name}}`
   * in any string of a reply is replaced by the captured text (e.g. a plan file path).
   */
  captures?: Record<string, string>;
  /**
   * A regular expression with one numeric group, matched against the raw request body: the step is
   * the largest number it captures plus one (0 when none). For histories a proxy shortens, where
   * counting assistant messages would restart the script.
   */
  stepPattern?: string;
}

export interface FakeScript {
  threads: ScriptThread[];
  /** Reply to requests that belong to no thread. Default "OK". */
  sideText?: string;
  /** Summary text for compaction requests. */
  compactText?: string;
  /**
   * Values for requests that ask for JSON output (`output_config.format.type` "json_schema"),
   * such as title generation ({title}) or the /goal condition check ({ok, reason}). The reply
   * holds the schema's required properties: a value from here when the name is listed, else
   * a default ("Scripted session" for strings, true for booleans, 0 for numbers).
   */
  sideJson?: Record<string, unknown>;
}

export interface ReplyInfo {
  kind: 'thread' | 'side' | 'compact' | 'count_tokens' | 'not_found' | 'bad_request';
  thread?: string;
  step?: number;
  content?: unknown[];
}

/** A content block of a Messages request's message or of a transcript record: the fields the tests read. */
export interface ContentBlock {
  type?: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: string | ContentBlock[];
  is_error?: boolean;
  [key: string]: unknown;
}

/** One message of a Messages request body. */
export interface ApiMessage {
  role?: string;
  content?: string | ContentBlock[];
  [key: string]: unknown;
}

/** A JSON schema as a side request's output format gives it: the fields jsonForSchema reads. */
interface JsonSchema {
  properties?: Record<string, { type?: string } | undefined>;
  required?: unknown;
}

/** A Messages request body as Claude Code sends it (or `{ unparsed }` when it was not JSON): the fields read here and in the tests. */
export interface RequestBody {
  model?: unknown;
  messages?: ApiMessage[];
  tools?: unknown[];
  system?: unknown;
  output_config?: { format?: { type?: string; schema?: JsonSchema } };
  unparsed?: string;
  [key: string]: unknown;
}

/** One line of the request log. */
export interface RequestLogEntry {
  n: number;
  ts: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: RequestBody | null;
  reply: ReplyInfo;
}

export interface FakeMessagesOptions {
  script: FakeScript;
  /** Every request is appended here as one JSON line. */
  logPath: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Size of the text / JSON pieces streamed per delta event. */
  chunkSize?: number;
}

export interface FakeMessagesServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

type Content = string | ContentBlock[] | undefined;

function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('hex');
}

/** The readable text of a message's content (tool results are shown in brackets). */
export function contentText(content: Content): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => {
      if (b?.type === 'text') return String(b.text ?? '');
      if (b?.type === 'tool_result') return `[tool_result${b.is_error ? ' error' : ''} ${contentText(b.content)}]`;
      return '';
    })
    .join('\n');
}

interface Classified { thread: ScriptThread | null; step: number }

export function classifyRequest(script: FakeScript, body: RequestBody | null): Classified {
  const messages: ApiMessage[] = Array.isArray(body?.messages) ? body.messages : [];
  const firstUser = messages.find((m) => m?.role === 'user');
  const firstText = firstUser ? contentText(firstUser.content) : '';
  const step = messages.filter((m) => m?.role === 'assistant').length;
  const hasTools = Array.isArray(body?.tools) && body.tools.length > 0;
  for (const thread of script.threads) {
    if (!thread.match || !firstText.includes(thread.match)) continue;
    if (thread.requireTools !== false && !hasTools) continue;
    return { thread, step };
  }
  return { thread: null, step };
}

/** The turn for `step`; past the end, the last plain-text turn again (or "Done."). */
export function turnFor(thread: ScriptThread, step: number): ScriptTurn {
  const turn = thread.turns[step];
  if (turn) return turn;
  for (let i = thread.turns.length - 1; i >= 0; i--) {
    const t = thread.turns[i];
    if (t && t.text !== undefined) return t;
  }
  return { text: 'Done.' };
}

function substitute<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(/\{\{(\w+)\}\}/g, (whole, k: string) => (k in vars ? vars[k]! : whole)) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => substitute(v, vars)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = substitute(v, vars);
    return out as T;
  }
  return value;
}

function replyContent(thread: ScriptThread, turn: ScriptTurn, rawBody: string): ContentBlock[] {
  const blocks: ScriptBlock[] = turn.content ?? [{ type: 'text', text: turn.text ?? '' }];
  const withIds = blocks.map((b) => (b.type === 'tool_use' ? { ...b, id: b.id ?? newId('toolu_') } : { ...b }));
  const vars: Record<string, string> = {};
  for (const [name, pattern] of Object.entries(thread.captures ?? {})) {
    const m = new RegExp(pattern).exec(rawBody);
    if (m && m[1] !== undefined) vars[name] = m[1];
  }
  return substitute(withIds, vars);
}

function jsonForSchema(schema: JsonSchema, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = schema.properties ?? {};
  const required: unknown[] = Array.isArray(schema.required) ? schema.required : Object.keys(props);
  for (const name of Object.keys(props)) {
    if (name in values) { out[name] = values[name]; continue; }
    if (!required.includes(name)) continue;
    const type = props[name]?.type;
    out[name] = type === 'boolean' ? true : type === 'number' || type === 'integer' ? 0
      : type === 'array' ? [] : type === 'object' ? {} : 'Scripted session';
  }
  return out;
}

function sideReply(script: FakeScript, body: RequestBody | null): string {
  const format = body?.output_config?.format;
  if (format?.type === 'json_schema' && format.schema) {
    return JSON.stringify(jsonForSchema(format.schema, script.sideJson ?? {}));
  }
  const system = JSON.stringify(body?.system ?? '');
  // Older title requests describe the JSON object in the system prompt only.
  if (/JSON object with a single "title"|Respond with the title/i.test(system)) {
    return JSON.stringify({ title: 'Scripted session' });
  }
  return script.sideText ?? 'OK';
}

function isCompaction(body: RequestBody | null): boolean {
  const messages: ApiMessage[] = Array.isArray(body?.messages) ? body.messages : [];
  const last = messages[messages.length - 1];
  const text = last ? contentText(last.content) : '';
  return /Do NOT call any tools/.test(text) && /<summary>/.test(text);
}

function redactHeaders(h: IncomingMessage['headers']): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [k, v] of Object.entries(h)) {
    out[k] = /^(authorization|x-api-key|cookie|proxy-authorization)$/i.test(k) ? '<redacted>' : v;
  }
  return out;
}

interface AssistantMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ContentBlock[];
  stop_reason: string;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
}

function assistantMessage(model: unknown, content: ContentBlock[], stopReason: string): AssistantMessage {
  return {
    id: newId('msg_'),
    type: 'message',
    role: 'assistant',
    model: typeof model === 'string' && model ? model : 'claude-scripted',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

function pieces(s: string, size: number): string[] {
  if (s.length === 0) return [''];
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}

/** Streams a message the way the Messages API does (server-sent events). */
function streamMessage(res: ServerResponse, msg: AssistantMessage, chunkSize: number): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': newId('req_'),
  });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: { ...msg, content: [], stop_reason: null, usage: { ...msg.usage, output_tokens: 1 } },
  });
  send('ping', { type: 'ping' });
  msg.content.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (const text of pieces(String(block.text ?? ''), chunkSize)) {
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
      }
    } else if (block.type === 'tool_use') {
      send('content_block_start', {
        type: 'content_block_start', index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      for (const partial_json of pieces(JSON.stringify(block.input ?? {}), chunkSize)) {
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
      }
    } else if (block.type === 'thinking') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: block.thinking } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: 'scripted-signature' } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: msg.stop_reason, stop_sequence: null },
    usage: { output_tokens: msg.usage.output_tokens },
  });
  send('message_stop', { type: 'message_stop' });
  res.end();
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req_') });
  res.end(JSON.stringify(value));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function stepFrom(pattern: string, raw: string): number {
  let max = -1;
  for (const m of raw.matchAll(new RegExp(pattern, 'g'))) max = Math.max(max, Number(m[1]));
  return max + 1;
}

/** Starts the fake API. Resolves once it listens. */
export function startFakeMessages(opts: FakeMessagesOptions): Promise<FakeMessagesServer> {
  const { script, logPath } = opts;
  const chunkSize = opts.chunkSize ?? 40;
  let counter = 0;
  const log = (entry: RequestLogEntry) => appendFileSync(logPath, JSON.stringify(entry) + '\n');

  const handle = async (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const n = ++counter;
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    let body: RequestBody | null;
    let parsed = true;
    try {
      body = raw ? (JSON.parse(raw) as RequestBody | null) : null;
    } catch {
      parsed = false;
      body = { unparsed: raw.slice(0, 2000) };
    }
    const entry: RequestLogEntry = {
      n, ts: new Date().toISOString(), method: req.method ?? '', path: url.pathname, query: url.search,
      headers: redactHeaders(req.headers), body, reply: { kind: 'not_found' },
    };

    if (req.method === 'POST' && url.pathname === '/v1/messages/count_tokens') {
      entry.reply = { kind: 'count_tokens' };
      log(entry);
      return sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(raw.length / 4)) });
    }
    if (req.method === 'POST' && url.pathname === '/v1/messages') {
      if (!parsed) {
        entry.reply = { kind: 'bad_request' };
        log(entry);
        return sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'fake server: body is not JSON' } });
      }
      const classified = classifyRequest(script, body);
      const { thread } = classified;
      const step = thread?.stepPattern ? stepFrom(thread.stepPattern, raw) : classified.step;
      let content: ContentBlock[];
      let stopReason = 'end_turn';
      let delayMs = 0;
      if (isCompaction(body)) {
        const summary = script.compactText ?? 'The scripted session ran its steps.';
        content = [{ type: 'text', text: `<analysis>Scripted analysis.</analysis>\n<summary>${summary}</summary>` }];
        entry.reply = { kind: 'compact', thread: thread?.name, step, content };
      } else if (thread) {
        const turn = turnFor(thread, step);
        content = replyContent(thread, turn, raw);
        stopReason = turn.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
        delayMs = turn.delayMs ?? 0;
        entry.reply = { kind: 'thread', thread: thread.name, step, content };
      } else {
        content = [{ type: 'text', text: sideReply(script, body) }];
        entry.reply = { kind: 'side', step, content };
      }
      log(entry);
      if (delayMs > 0) await sleep(delayMs);
      const msg = assistantMessage(body?.model, content, stopReason);
      if (body?.stream) return streamMessage(res, msg, chunkSize);
      return sendJson(res, 200, msg);
    }
    log(entry);
    return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `fake server: no route ${url.pathname}` } });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: String(err) } });
        else res.end();
      });
    });
  });
  // The CLI keeps connections alive; do not let them hold the process open on close.
  server.keepAliveTimeout = 1000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const { port, address } = server.address() as AddressInfo;
      resolve({
        port,
        url: `http://${address}:${port}`,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
