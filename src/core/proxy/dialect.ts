// Which requests the proxy rewrites, by dialect. Only Anthropic Messages is implemented. OpenAI
// Responses (POST /v1/responses, `input` items with function_call / function_call_output pairs) and
// Chat Completions (POST /v1/chat/completions, `messages` with tool_calls / role "tool") would each
// add a parse into the same turn model, a summary placement and a usage reader; until then their
// requests pass through unchanged, like every other path.
export interface Dialect {
  readonly name: 'anthropic-messages';
  matches(method: string, pathname: string): boolean;
}

export const anthropicMessages: Dialect = {
  name: 'anthropic-messages',
  matches: (method, pathname) => method === 'POST' && /\/v1\/messages$/.test(pathname),
};

export const DIALECTS: readonly Dialect[] = [anthropicMessages];

export function dialectOf(method: string, pathname: string): Dialect | null {
  return DIALECTS.find((d) => d.matches(method, pathname)) ?? null;
}
