// The webview's only door to the host: acquireVsCodeApi wrapped so tests can pass a fake, and
// every message checked against the protocol both ways (what crosses is untrusted).
import { hostMessageSchema, webviewMessageSchema, type HostMessage, type WebviewMessage } from '../src/protocol';

/** What acquireVsCodeApi() returns inside a VS Code webview. */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export interface Logger {
  warn(...args: unknown[]): void;
}

declare global {
  // Provided by VS Code in webviews; callable once per page.
  var acquireVsCodeApi: (() => VsCodeApi) | undefined;
}

let acquired: VsCodeApi | null = null;

/** The page's VS Code API, acquired once (a second acquireVsCodeApi() call throws). */
export function getVsCodeApi(): VsCodeApi {
  if (acquired) return acquired;
  const acquire = globalThis.acquireVsCodeApi;
  if (typeof acquire !== 'function') throw new Error('acquireVsCodeApi is not available: not running in a VS Code webview');
  acquired = acquire();
  return acquired;
}

/** Sends one message to the host after checking it; returns false (and warns) when it is not valid. */
export function postToHost(api: VsCodeApi, message: WebviewMessage, log: Logger = console): boolean {
  const checked = webviewMessageSchema.safeParse(message);
  if (!checked.success) {
    log.warn('Proofmeter webview: not sending an invalid message', message, checked.error.issues[0]?.message);
    return false;
  }
  api.postMessage(checked.data);
  return true;
}

/** A message from the host, or null (with a warning) when it does not match the protocol. */
export function readHostMessage(data: unknown, log: Logger = console): HostMessage | null {
  const checked = hostMessageSchema.safeParse(data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    log.warn('Proofmeter webview: ignoring an invalid host message', issue ? `${issue.path.join('.')}: ${issue.message}` : '');
    return null;
  }
  return checked.data;
}
