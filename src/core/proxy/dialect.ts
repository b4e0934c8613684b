// Which requests the proxy rewrites, by dialect: Anthropic Messages, and OpenAI Chat Completions
// (viewed as Messages, see chat.ts; no calibration yet, its usage is not read). OpenAI Responses
// (POST /v1/responses, `input` items with function_call / function_call_output pairs) would add its
// own view the same way; until then its requests pass through unchanged, like every other path.
export interface Dialect {
  readonly name: 'anthropic-messages' | 'openai-chat';
  matches(method: string, pathname: string): boolean;
}

export const anthropicMessages: Dialect = {
  name: 'anthropic-messages',
  matches: (method, pathname) => method === 'POST' && /\/v1\/messages$/.test(pathname),
};

export const openaiChat: Dialect = {
  name: 'openai-chat',
  matches: (method, pathname) => method === 'POST' && /\/chat\/completions$/.test(pathname),
};

export const DIALECTS: readonly Dialect[] = [anthropicMessages, openaiChat];

export function dialectOf(method: string, pathname: string): Dialect | null {
  return DIALECTS.find((d) => d.matches(method, pathname)) ?? null;
}
